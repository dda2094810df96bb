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
/// The cell, the pushed scene, selectability and the origin as built live in one shared box, so
/// copying a row costs one retain rather than one per field (its cell's, its item's attributes,
/// its list's names): a scene updated after a commit copies every untouched row to the new
/// build's array, and over a long list each of those retains is a cache miss. Only an item's
/// position, which a row carried to another place changes, stays outside.
public struct SceneRow: Sendable, Hashable {
    private final class Content: Sendable {
        let cell: Cell
        let push: String?
        let isSelectable: Bool
        /// Where the row comes from; for an item, the position is the row's (`SceneRow.position`),
        /// not this one, which is where the row was built.
        let origin: RowOrigin

        init(cell: Cell, push: String?, isSelectable: Bool, origin: RowOrigin) {
            self.cell = cell
            self.push = push
            self.isSelectable = isSelectable
            self.origin = origin
        }
    }

    private var content: Content
    /// The position of an item's row in its list; 0 for the other rows.
    private var position: Int

    /// What the row shows, as a table view cell.
    public var cell: Cell {
        get { content.cell }
        set { content = Content(cell: newValue, push: content.push, isSelectable: content.isSelectable, origin: content.origin) }
    }

    /// The scene selecting the row pushes, if any.
    public var push: String? {
        get { content.push }
        set { content = Content(cell: content.cell, push: newValue, isSelectable: content.isSelectable, origin: content.origin) }
    }

    /// Whether the row can be selected at all (`willSelectRow` refuses the others).
    public var isSelectable: Bool {
        get { content.isSelectable }
        set { content = Content(cell: content.cell, push: content.push, isSelectable: newValue, origin: content.origin) }
    }

    /// Where the row comes from. Setting it makes the row another build (`buildIdentity`).
    public var origin: RowOrigin {
        get {
            guard case let .item(item, list, _) = content.origin else { return content.origin }
            return .item(item, list: list, position: position)
        }
        set {
            content = Content(cell: content.cell, push: content.push, isSelectable: content.isSelectable, origin: newValue)
            position = Self.position(of: newValue)
        }
    }

    /// Makes a row.
    public init(cell: Cell, origin: RowOrigin, push: String?, isSelectable: Bool = true) {
        content = Content(cell: cell, push: push, isSelectable: isSelectable, origin: origin)
        position = Self.position(of: origin)
    }

    /// `row`, the row of an item no commit touched since it was built, carried on to stand at
    /// `position` of the same list: the same build (`buildIdentity`), with only the position
    /// its own.
    init(carrying row: borrowing SceneRow, toPosition position: Int) {
        assert(row.isItem, "only an item's row has a position to carry it to")
        content = row.content
        self.position = row.isItem ? position : 0
    }

    private static func position(of origin: RowOrigin) -> Int {
        if case let .item(_, _, position) = origin { return position }
        return 0
    }

    public static func == (lhs: SceneRow, rhs: SceneRow) -> Bool {
        lhs.position == rhs.position && (lhs.content === rhs.content
            || (lhs.origin == rhs.origin && lhs.cell == rhs.cell && lhs.push == rhs.push
                && lhs.isSelectable == rhs.isSelectable))
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(origin)
        hasher.combine(cell)
        hasher.combine(push)
        hasher.combine(isSelectable)
    }

    /// What a row carried on unchanged shares with the row it was carried from: the box of its
    /// cell, pushed scene, selectability and origin, made once per build of the row (a row built
    /// again, even alike, gets another). Meaningful only while both rows are held.
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
        if case .item = content.origin { return true }
        return false
    }

    /// The item behind the row, if it is a stored item.
    public var item: StoredItem? {
        if case let .item(item, _, _) = content.origin { return item }
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
