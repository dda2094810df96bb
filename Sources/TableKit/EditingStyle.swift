import Foundation

/// The editing control a row shows at its left in editing mode (`UITableViewCell.EditingStyle`).
public enum EditingStyle: String, Sendable, Codable, CaseIterable {
    /// No control: the row cannot be deleted or inserted.
    case none
    /// A red minus; tapping it reveals a Delete button that confirms the deletion.
    case delete
    /// A green plus: committing it inserts a new row.
    case insert
}

/// Where committing a row's insert control puts the new row.
public enum InsertionPlacement: String, Sendable, Codable, CaseIterable {
    /// Just below the control's row.
    case after
    /// In the control's row's place, that row moving down (an "Add Item" placeholder row).
    case before

    /// The index path of the new row, inserted beside the row at `path`.
    public func indexPath(besideRowAt path: IndexPath) -> IndexPath {
        IndexPath(row: path.row + (self == .after ? 1 : 0), section: path.section)
    }
}

/// How a row looks while it is being selected (`UITableViewCell.SelectionStyle`). It changes
/// only the highlight: whether the row can be selected is the delegate's `willSelectRow`.
public enum SelectionStyle: String, Sendable, Codable, CaseIterable {
    /// No highlight; the row is still selected when tapped.
    case none
    /// The standard grey highlight.
    case `default`
}
