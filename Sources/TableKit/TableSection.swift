import Foundation

/// One section of a snapshot: its header and footer titles and its rows.
public struct TableSection: Sendable, Hashable, Codable {
    /// The header title; `nil` shows no header (an empty section of an indexed list, say).
    public var headerTitle: String?
    /// The footer title; `nil` shows no footer.
    public var footerTitle: String?
    /// The rows from top to bottom.
    public var rows: [TableRow]

    /// Makes a section.
    public init(headerTitle: String? = nil, footerTitle: String? = nil, rows: [TableRow]) {
        self.headerTitle = headerTitle
        self.footerTitle = footerTitle
        self.rows = rows
    }
}

/// One row of a snapshot: the cell and what the table decided about it.
public struct TableRow: Sendable, Hashable, Codable {
    /// Where the row stands.
    public var indexPath: IndexPath
    /// The row's content, with the delegate's last-minute changes applied.
    public var cell: Cell
    /// The control the row shows in editing mode; `.none` outside editing mode.
    public var editingStyle: EditingStyle
    /// Whether the row shows a reorder control in editing mode.
    public var isMovable: Bool
    /// Whether the row can be deleted outside editing mode (swipe to delete).
    public var canSwipeToDelete: Bool

    /// Makes a row.
    public init(indexPath: IndexPath, cell: Cell, editingStyle: EditingStyle = .none,
                isMovable: Bool = false, canSwipeToDelete: Bool = false) {
        self.indexPath = indexPath
        self.cell = cell
        self.editingStyle = editingStyle
        self.isMovable = isMovable
        self.canSwipeToDelete = canSwipeToDelete
    }
}
