import Foundation

import Mustache

/// A typed template context. Its fields table is the single list of keys a template may use:
/// rendering looks keys up in it (no reflection), and the template validator checks every tag
/// against it, so a misspelt key fails validation instead of rendering as nothing.
public protocol RenderContext: MustacheParent, Sendable {
    /// The keys this context answers, each with how to read it. Declare it as a `static let`:
    /// compiled templates rely on one dictionary per type listing its keys in one order.
    static var fields: [String: @Sendable (Self) -> Any?] { get }
}

extension RenderContext {
    public func child(named name: String) -> Any? {
        guard let field = Self.fields[name] else { return nil }
        // A key this context has but whose value is absent renders as nothing here. Returning nil
        // would let Mustache climb to an outer context with the same key, and a section without
        // a footer would show the table's footer.
        return field(self) ?? AbsentValue()
    }

    /// The keys this context answers.
    public static var keys: Set<String> { Set(fields.keys) }
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

    public static let fields: [String: @Sendable (Self) -> Any?] = [
        "href": { $0.href }, "title": { $0.title },
    ]
}

/// The value of a key a context has but leaves empty: renders nothing and counts as false.
struct AbsentValue: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}
