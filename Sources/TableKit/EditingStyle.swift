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

/// How a row looks while it is being selected (`UITableViewCell.SelectionStyle`).
public enum SelectionStyle: String, Sendable, Codable, CaseIterable {
    /// No highlight: the row is not selectable (a row holding only a control, say).
    case none
    /// The standard grey highlight.
    case `default`
}
