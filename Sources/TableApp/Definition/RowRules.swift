import Foundation
import TableKit
import TableStore

/// A value an app file gives each row of a scene, as a data source or delegate answers per
/// index path: the same for every row, read from the row's item, or set for some index paths
/// (Listing 4-12 indents one row of one section further).
public enum RowValue<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Every row.
    case constant(Value)
    /// The item's attribute, read with the kind's reader; `fallback` where it is missing or unreadable.
    case attribute(String, fallback: Value)
    /// The listed index paths; `fallback` for the others.
    case indexPaths([IndexPath: Value], fallback: Value)

    /// The value of the row at `path` showing `item` (none for a fixed cell), reading an
    /// attribute with `read`.
    func value(at path: IndexPath, item: StoredItem?, read: (AttributeValue) -> Value?) -> Value {
        switch self {
        case let .constant(value): value
        case let .attribute(name, fallback): item?[name].flatMap(read) ?? fallback
        case let .indexPaths(values, fallback): values[path] ?? fallback
        }
    }
}

/// The per-row answers a scene's `rows:` gives: indentation (`indentationLevel(forRowAt:)`),
/// editing style, and whether a row can be edited, moved and selected.
public struct RowRules: Sendable {
    public var indentation: RowValue<Int>?
    public var editingStyle: RowValue<EditingStyle>?
    public var canEdit: RowValue<Bool>?
    public var canMove: RowValue<Bool>?
    public var canSelect: RowValue<Bool>?

    /// No rules: every answer is the scene's own.
    public static let none = RowRules()

    /// An attribute's indentation: a whole number, kept inside what a cell allows.
    static func indentation(_ value: AttributeValue) -> Int? {
        value.number.map { min(max(Int($0.rounded()), 0), Cell.maximumIndentationLevel) }
    }

    /// An attribute's editing style: its name.
    static func editingStyle(_ value: AttributeValue) -> EditingStyle? {
        if case let .string(text) = value { return EditingStyle(rawValue: text) }
        return nil
    }

    /// An attribute's truth value.
    static func flag(_ value: AttributeValue) -> Bool? { value.bool }
}
