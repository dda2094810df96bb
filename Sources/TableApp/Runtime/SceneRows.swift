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
///
/// The cell, the pushed scene and selectability live in one shared box, so copying a row costs one
/// retain rather than one per field of its cell: a scene updated after a commit copies every
/// untouched row to its new position. The origin, which changes with the position, stays outside.
public struct SceneRow: Sendable, Hashable {
    private final class Content: Sendable {
        let cell: Cell
        let push: String?
        let isSelectable: Bool

        init(cell: Cell, push: String?, isSelectable: Bool) {
            self.cell = cell
            self.push = push
            self.isSelectable = isSelectable
        }
    }

    private var content: Content
    public var origin: RowOrigin

    /// What the row shows, as a table view cell.
    public var cell: Cell {
        get { content.cell }
        set { content = Content(cell: newValue, push: content.push, isSelectable: content.isSelectable) }
    }

    /// The scene selecting the row pushes, if any.
    public var push: String? {
        get { content.push }
        set { content = Content(cell: content.cell, push: newValue, isSelectable: content.isSelectable) }
    }

    /// Whether the row can be selected at all (`willSelectRow` refuses the others).
    public var isSelectable: Bool {
        get { content.isSelectable }
        set { content = Content(cell: content.cell, push: content.push, isSelectable: newValue) }
    }

    /// Makes a row.
    public init(cell: Cell, origin: RowOrigin, push: String?, isSelectable: Bool = true) {
        content = Content(cell: cell, push: push, isSelectable: isSelectable)
        self.origin = origin
    }

    /// `row` carried on to stand for `origin`: the same build (`buildIdentity`), with only the
    /// new origin of its own.
    init(carrying row: borrowing SceneRow, to origin: RowOrigin) {
        content = row.content
        self.origin = origin
    }

    public static func == (lhs: SceneRow, rhs: SceneRow) -> Bool {
        lhs.origin == rhs.origin && (lhs.content === rhs.content
            || (lhs.cell == rhs.cell && lhs.push == rhs.push && lhs.isSelectable == rhs.isSelectable))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(origin)
        hasher.combine(cell)
        hasher.combine(push)
        hasher.combine(isSelectable)
    }

    /// What a row carried on unchanged shares with the row it was carried from: the box of its
    /// cell, pushed scene and selectability, made once per build of the row (a row built again,
    /// even alike, gets another). Meaningful only while both rows are held.
    var buildIdentity: ObjectIdentifier { ObjectIdentifier(content) }

    /// For each place, whether `rows` and `others` hold the same build of a row there (see
    /// `buildIdentity`); empty when their counts differ. Read in place, with no copy of a row.
    package static func sameBuilds(_ rows: [SceneRow], _ others: [SceneRow]) -> [Bool] {
        guard rows.count == others.count else { return [] }
        return rows.withUnsafeBufferPointer { rows in
            others.withUnsafeBufferPointer { others in rows.indices.map { rows[$0].content === others[$0].content } }
        }
    }

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
