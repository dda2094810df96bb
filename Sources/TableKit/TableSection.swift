import Foundation

/// One section of a snapshot: its header and footer titles and its rows.
public struct TableSection: Sendable, Hashable, Codable {
    /// The header title; `nil` shows no header (an empty section of an indexed list, say).
    public var headerTitle: String?
    /// The footer title; `nil` shows no footer.
    public var footerTitle: String?
    /// The rows from top to bottom.
    public var rows: [TableRow]
    /// The app's template drawing the header instead of the title (`viewForHeaderInSection`);
    /// the title still names the section for assistive technology and the JSON twin.
    public var headerView: TemplateView?
    /// The app's template drawing the footer instead of the footer title.
    public var footerView: TemplateView?

    /// Makes a section.
    public init(headerTitle: String? = nil, footerTitle: String? = nil, rows: [TableRow],
                headerView: TemplateView? = nil, footerView: TemplateView? = nil) {
        self.headerTitle = headerTitle
        self.footerTitle = footerTitle
        self.rows = rows
        self.headerView = headerView
        self.footerView = footerView
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
    /// Whether a movable row has a place one step up (or down) that the delegate lets it go to,
    /// so that its reorder menu offers Move up (or Move down).
    public var canMoveUp: Bool
    public var canMoveDown: Bool
    /// Whether tapping the row selects it: the table allows selection in its current mode and
    /// the delegate's `willSelectRow` does not refuse it.
    public var isSelectable: Bool
    /// The title of the button that confirms the row's deletion.
    public var deleteConfirmationTitle: String
    /// Whether the row's content moves right for its editing control in editing mode.
    public var indentsWhileEditing: Bool
    /// Where the row's insert control puts the new row (meaningful for insert-style rows).
    public var insertionPlacement: InsertionPlacement

    /// Makes a row.
    public init(indexPath: IndexPath, cell: Cell, editingStyle: EditingStyle = .none,
                isMovable: Bool = false, canSwipeToDelete: Bool = false, canMoveUp: Bool = false,
                canMoveDown: Bool = false, isSelectable: Bool = true, deleteConfirmationTitle: String = "Delete",
                indentsWhileEditing: Bool = true, insertionPlacement: InsertionPlacement = .after) {
        self.indexPath = indexPath
        self.cell = cell
        self.editingStyle = editingStyle
        self.isMovable = isMovable
        self.canSwipeToDelete = canSwipeToDelete
        self.canMoveUp = canMoveUp
        self.canMoveDown = canMoveDown
        self.isSelectable = isSelectable
        self.deleteConfirmationTitle = deleteConfirmationTitle
        self.indentsWhileEditing = indentsWhileEditing
        self.insertionPlacement = insertionPlacement
    }
}
