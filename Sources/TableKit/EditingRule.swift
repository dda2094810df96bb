import Foundation

/// Which editing control each row shows (`tableView(_:editingStyleForRowAt:)`) and whether a row
/// can be deleted without entering editing mode.
public struct EditingRule: Sendable, Hashable, Codable {
    /// The control of every row not named below.
    public var rowStyle: EditingStyle
    /// The control of the last row of each section, where it differs (Listing 7-2 puts an insert
    /// control there); `nil` treats the last row like the others.
    public var lastRowStyle: EditingStyle?
    /// Whether a delete-style row can be deleted outside editing mode (swipe to delete).
    public var allowsSwipeToDelete: Bool

    /// Makes a rule.
    public init(rowStyle: EditingStyle, lastRowStyle: EditingStyle? = nil, allowsSwipeToDelete: Bool = true) {
        self.rowStyle = rowStyle
        self.lastRowStyle = lastRowStyle
        self.allowsSwipeToDelete = allowsSwipeToDelete
    }

    /// Rows cannot be edited.
    public static let readOnly = EditingRule(rowStyle: .none, allowsSwipeToDelete: false)

    /// The SimpleEditableList rule (Listing 7-2): every row deletes, the last row inserts.
    public static let simpleEditableList = EditingRule(rowStyle: .delete, lastRowStyle: .insert)

    /// The control of the row at `path` in a table whose sections have `rowCounts` rows.
    public func editingStyle(forRowAt path: IndexPath, rowCounts: [Int]) -> EditingStyle {
        guard rowCounts.indices.contains(path.section),
              (0..<rowCounts[path.section]).contains(path.row) else { return .none }
        if let lastRowStyle, path.row == rowCounts[path.section] - 1 { return lastRowStyle }
        return rowStyle
    }

    /// Checks that committing `style` at `path` is what the row offers, so that a forged form
    /// cannot delete a row that shows no delete control.
    ///
    /// - Parameter isEditing: whether the table is in editing mode; outside it only a swipe
    ///   deletion is possible.
    public func checkCommit(_ style: EditingStyle, at path: IndexPath, rowCounts: [Int],
                            isEditing: Bool) throws(TableKitError) {
        guard rowCounts.indices.contains(path.section),
              (0..<rowCounts[path.section]).contains(path.row) else {
            throw .indexPathOutOfRange(path, rowCounts: rowCounts)
        }
        let offered = editingStyle(forRowAt: path, rowCounts: rowCounts)
        guard style != .none, offered == style else {
            throw .editingStyleNotOffered(style, offered: offered, at: path)
        }
        guard isEditing || (style == .delete && allowsSwipeToDelete) else {
            throw .notInEditingMode(at: path)
        }
    }
}

extension Array {
    /// Commits an edit to a sectioned model (Listing 7-3): a deletion removes the row at `path`;
    /// an insertion puts `newItem` beside the row at `path` as `placement` says (after it by
    /// default, as the insert control's label reads; before it for an "Add Item" row).
    public mutating func commit<Item>(_ style: EditingStyle, at path: IndexPath, inserting newItem: Item? = nil,
                                      placement: InsertionPlacement = .after) throws(TableKitError)
        where Element == [Item] {
        let counts = map(\.count)
        switch style {
        case .none:
            throw .editingStyleNotOffered(.none, offered: .none, at: path)
        case .delete:
            guard indices.contains(path.section), self[path.section].indices.contains(path.row) else {
                throw .indexPathOutOfRange(path, rowCounts: counts)
            }
            self[path.section].remove(at: path.row)
        case .insert:
            // After a row needs the row; before one may also be the end of the section.
            let places = placement == .after ? 0..<(indices.contains(path.section) ? self[path.section].count : 0)
                : 0..<(indices.contains(path.section) ? self[path.section].count + 1 : 0)
            guard places.contains(path.row) else { throw .indexPathOutOfRange(path, rowCounts: counts) }
            guard let newItem else { throw .missingInsertedItem(path) }
            self[path.section].insert(newItem, at: placement.indexPath(besideRowAt: path).row)
        }
    }
}
