import Foundation

import Mustache

/// A typed template context. Its field table is the single list of keys a template may use:
/// rendering looks keys up in it (no reflection), and the template validator checks every tag
/// against it, so a misspelt key fails validation instead of rendering as nothing.
public protocol RenderContext: MustacheParent, Sendable {
    /// The keys this context answers, in a fixed order, each with how to read it.
    static var fields: [TemplateField<Self>] { get }
}

/// What a context's field holds, as far as a template can tell: Mustache prints text and
/// numbers, tests flags and emptiness, and enters contexts and lists.
public enum TemplateValue: Sendable {
    case text(String)
    case flag(Bool)
    case number(Int)
    case context(any RenderContext)
    case list([any RenderContext])
    /// The context has the key but no value: renders nothing and counts as false.
    case absent
}

/// One key of a context type: its name and how to read its value.
public struct TemplateField<Context>: Sendable {
    public let name: String
    public let read: @Sendable (Context) -> TemplateValue

    /// A text field.
    public init(_ name: String, _ read: @escaping @Sendable (Context) -> String) {
        self.name = name
        self.read = { .text(read($0)) }
    }

    /// A text field that may be absent.
    public init(_ name: String, _ read: @escaping @Sendable (Context) -> String?) {
        self.name = name
        self.read = { read($0).map(TemplateValue.text) ?? .absent }
    }

    /// A flag.
    public init(_ name: String, _ read: @escaping @Sendable (Context) -> Bool) {
        self.name = name
        self.read = { .flag(read($0)) }
    }

    /// A whole number.
    public init(_ name: String, _ read: @escaping @Sendable (Context) -> Int) {
        self.name = name
        self.read = { .number(read($0)) }
    }

    /// A nested context that may be absent.
    public init<Nested: RenderContext>(_ name: String, _ read: @escaping @Sendable (Context) -> Nested?) {
        self.name = name
        self.read = { read($0).map { TemplateValue.context($0) } ?? .absent }
    }

    /// A list of contexts.
    public init<Nested: RenderContext>(_ name: String, _ read: @escaping @Sendable (Context) -> [Nested]) {
        self.name = name
        self.read = { .list(read($0)) }
    }
}

extension RenderContext {
    public func child(named name: String) -> Any? {
        guard let field = Self.fields.first(where: { $0.name == name }) else { return nil }
        switch field.read(self) {
        case let .text(text): return text
        case let .flag(flag): return flag
        case let .number(number): return number
        case let .context(context): return context
        case let .list(list): return list
        // A key this context has but whose value is absent renders as nothing here. Returning nil
        // would let Mustache climb to an outer context with the same key, and a section without
        // a footer would show the table's footer.
        case .absent: return AbsentValue()
        }
    }

    /// The keys this context answers.
    public static var keys: Set<String> { Set(fields.map(\.name)) }
}

/// A link: where it goes and what it says.
public struct LinkContext: RenderContext, Hashable {
    public var href: String
    public var title: String

    /// Makes a link.
    public init(href: String, title: String) {
        self.href = href
        self.title = title
    }

    public static let fields: [TemplateField<Self>] = [.init("href") { $0.href }, .init("title") { $0.title }]
}

/// A line of text in a list (an error page's details).
public struct TextLineContext: RenderContext, Hashable {
    public var text: String

    /// Makes a line.
    public init(text: String) { self.text = text }

    public static let fields: [TemplateField<Self>] = [.init("text") { $0.text }]
}

/// The value of a key a context has but leaves empty: renders nothing and counts as false.
struct AbsentValue: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}
