import Foundation
import TableKit
import TableStore

/// Where a row of a scene comes from, so that an action on the row reaches the right data.
public enum RowOrigin: Sendable, Hashable {
    /// An item of a stored list, at its position in that list.
    case item(StoredItem, list: ListID, position: Int)
    /// A fixed cell of the scene.
    case fixed(key: String)
    /// A field of a detail scene.
    case field(attribute: String)
    /// The add-item placeholder after a section's items.
    case placeholder(section: Int)
}

/// One row of a loaded scene: its cell and where it comes from.
public struct SceneRow: Sendable, Hashable {
    public var cell: Cell
    public var origin: RowOrigin
    /// The scene selecting the row pushes, if any.
    public var push: String?
    /// Whether the row can be selected at all (`willSelectRow` refuses the others).
    public var isSelectable = true

    /// Whether the row shows a stored item.
    public var isItem: Bool {
        if case .item = origin { return true }
        return false
    }

    /// The item behind the row, if it is a stored item.
    public var item: StoredItem? {
        if case let .item(item, _, _) = origin { return item }
        return nil
    }
}

/// What a section of a list scene stands for: what a row moved into it takes on, and what
/// inserting, deleting or moving the section changes.
public enum SectionOwner: Sendable, Hashable {
    /// The items whose grouping attribute has this value (`nil`: not set).
    case value(attribute: String, AttributeValue?)
    /// The child list of this item, which stands in the scene's list (a nested list).
    case item(StoredItem, list: ListID)
    /// The items a collation puts under this section index title.
    case collation(title: String)
}

/// One section of a loaded scene.
public struct SceneSection: Sendable, Hashable {
    public var headerTitle: String?
    public var footerTitle: String?
    public var rows: [SceneRow]
    /// The stored list the section's items belong to, if they are stored items.
    public var list: ListID?
    /// What the section stands for, in a list scene.
    public var owner: SectionOwner?
}
