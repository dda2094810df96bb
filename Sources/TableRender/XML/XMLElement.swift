import Foundation

/// A parsed XML element as plain Swift values, so that no libxml2 pointer leaves `LibXML`.
public struct XMLElement: Sendable, Hashable {
    /// A child of an element.
    public enum Child: Sendable, Hashable {
        case element(XMLElement)
        case text(String)
    }

    /// The local name (`li`, `main`).
    public var name: String
    /// The attributes by qualified name (`href`, `xml:lang`).
    public var attributes: [String: String]
    /// The children in document order.
    public var children: [Child]
    /// The line the element starts on.
    public var line: Int

    /// Makes an element.
    public init(name: String, attributes: [String: String] = [:], children: [Child] = [], line: Int = 0) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.line = line
    }

    /// The child elements.
    public var elements: [XMLElement] {
        children.compactMap { if case let .element(element) = $0 { element } else { nil } }
    }

    /// All text inside the element, its descendants' included, in document order.
    public var text: String {
        children.map { child in
            switch child {
            case let .text(text): text
            case let .element(element): element.text
            }
        }.joined()
    }

    /// The text with runs of white space folded to one space and the ends trimmed.
    public var normalizedText: String {
        text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// The normalized text assistive technology reads: none from `aria-hidden="true"` elements
    /// (a back button's measuring copy of its title, its "Back").
    public var spokenText: String {
        func spoken(_ element: XMLElement) -> String {
            guard element.attributes["aria-hidden"] != "true" else { return "" }
            return element.children.map { child in
                switch child {
                case let .text(text): text
                case let .element(inner): spoken(inner)
                }
            }.joined()
        }
        return spoken(self).split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    /// This element and every element below it, in document order.
    public var descendantsAndSelf: [XMLElement] {
        var result: [XMLElement] = []
        forEachElement { result.append($0) }
        return result
    }

    /// Calls `body` with this element and every element below it, in document order, without
    /// gathering them first.
    public func forEachElement(_ body: (XMLElement) -> Void) {
        body(self)
        for child in children {
            if case let .element(element) = child { element.forEachElement(body) }
        }
    }

    /// The elements at or below this one that satisfy `predicate`.
    public func all(where predicate: (XMLElement) -> Bool) -> [XMLElement] {
        descendantsAndSelf.filter(predicate)
    }

    /// The elements at or below this one named `name`.
    public func all(named name: String) -> [XMLElement] { all { $0.name == name } }

    /// The elements at or below this one that carry `attribute`.
    public func all(having attribute: String) -> [XMLElement] { all { $0.attributes[attribute] != nil } }

    /// The first element at or below this one that satisfies `predicate`.
    public func first(where predicate: (XMLElement) -> Bool) -> XMLElement? {
        if predicate(self) { return self }
        for child in elements {
            if let found = child.first(where: predicate) { return found }
        }
        return nil
    }
}
