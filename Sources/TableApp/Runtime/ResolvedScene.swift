import Foundation
import TableKit
import TableStore

/// A scene of an app file at a path, with its data loaded: the app's table view controller for
/// one level of the stack (see `ResolvedScene+Controller`).
public struct ResolvedScene: Sendable {
    /// The app, the scene's definition and the store, set once by the load and shared by every
    /// copy: a resolved scene is copied several times per request, and the two definitions
    /// hold some thirty references between them, each retained by a copy of its own.
    private let definitions: Definitions
    /// The app file the scene belongs to.
    public var app: AppDefinition { definitions.app }
    /// The scene's definition in the app file.
    public var scene: SceneDefinition { definitions.scene }
    /// Where the scene's data lives; `save()` writes there.
    public var store: any DataStore { definitions.store }
    /// The item keys from the root to this scene.
    public var path: [String]
    /// The levels, root first, with their titles.
    public var stack: NavigationStack
    /// The item the scene shows (the one selected to reach it), if any.
    public var item: StoredItem?
    /// The list that item stands in.
    public var itemList: ListID?
    public var sections: [SceneSection] {
        // Rows changed here (by an action, or by a caller) no longer stand for items as stored:
        // the scene neither keeps its snapshot nor takes rows from the last one.
        didSet {
            snapshotMemory = nil
            keyIndex = RowKeyIndex()
        }
    }
    /// The index bar of an indexed list: its titles, each with its section.
    public var sectionIndex: SectionIndexMapping?
    /// The revision of every list the page shows, by list.
    public var revisions: [ListID: Int]
    /// Whether the scene shows the detail of `item` (its info page rather than its pushed scene).
    public var isInfo: Bool
    /// The revisions of the lists the levels above showed when they were loaded: the items
    /// selected on the way here stand in them, and their titles show in the navigation bar, so
    /// the page depends on them too.
    public internal(set) var ancestorRevisions: [ListID: Int]
    /// The lists of `ancestorRevisions`.
    public var ancestorLists: Set<ListID> { Set(ancestorRevisions.keys) }

    /// Set when only a window of a long list was loaded: `sections` then hold those rows only.
    public var window: RowWindow?

    /// Where the scene's last snapshot is kept for the next build to take unchanged rows from;
    /// `nil` for a window of a list and where no rows are cached.
    var snapshotMemory: SceneSnapshotMemory?

    /// Where the rows stand by key, for `row(forKey:)`.
    var keyIndex = RowKeyIndex()

    /// What actions changed since the scene was read, waiting for `save()`.
    var pendingWrites: [PendingWrite] = []
    /// The keys `save()` gave the items inserted, in order.
    public internal(set) var insertedKeys: [String] = []

    init(app: AppDefinition, scene: SceneDefinition, store: any DataStore, path: [String], stack: NavigationStack, item: StoredItem?,
         itemList: ListID?, sections: [SceneSection], sectionIndex: SectionIndexMapping?, revisions: [ListID: Int], isInfo: Bool,
         ancestorRevisions: [ListID: Int]) {
        definitions = Definitions(app: app, scene: scene, store: store)
        self.path = path
        self.stack = stack
        self.item = item
        self.itemList = itemList
        self.sections = sections
        self.sectionIndex = sectionIndex
        self.revisions = revisions
        self.isInfo = isInfo
        self.ancestorRevisions = ancestorRevisions
    }

    /// Every list whose revision the page's bytes depend on.
    public var dependencies: Set<ListID> { ancestorLists.union(revisions.keys) }

    /// The revision every list in `dependencies` was at when the scene was loaded; for a list
    /// read both here and above, the earlier of the two, so that a page kept under these never
    /// passes for newer than what it shows.
    public var dependencyRevisions: [ListID: Int] { ancestorRevisions.merging(revisions) { min($0, $1) } }

    /// The lists whose rows (or choices) the page shows: `dependencies` without the lists above
    /// it and, for a scene that is not a list, without the list its item stands in. Such a scene
    /// shows only that item, and keeps the list's revision for its form, which a read-only page
    /// (an export's) does not show.
    package var shownLists: Set<ListID> {
        var lists = Set(revisions.keys)
        if listBinding == nil, let itemList { lists.remove(itemList) }
        return lists
    }

    /// The identity (`ListID.itemIdentity`) of the item the page shows on its own, if any.
    package var shownItem: String? {
        guard let item, let itemList else { return nil }
        return itemList.itemIdentity(item.key)
    }

    /// The lists the rows come from when there are several (each section an item's list, with
    /// the scene's own list, which orders the sections); empty otherwise. A key is unique in one
    /// list only, so which row a path segment names, the first holding its key, depends on all
    /// of them.
    package var severalRowLists: Set<ListID> {
        guard let binding = listBinding, case .nested = binding.sections else { return [] }
        return Set(sections.compactMap(\.list)).union([AppRuntime.list(binding, of: item, in: itemList)])
    }

    /// The one stored list whose items are the scene's rows, when there is one: not for a scene
    /// of several lists (`severalRowLists`) or of none (a detail scene's fields).
    package var rowList: ListID? {
        guard severalRowLists.isEmpty, let list = sections.first(where: { $0.list != nil })?.list,
              sections.allSatisfy({ $0.list == nil || $0.list == list }) else { return nil }
        return list
    }

    /// The scene's title, filled from its item.
    public var title: String { stack.top.title }

    /// The revision token forms carry: every shown list's revision, in a stable order.
    public var revisionToken: String {
        revisions.sorted { $0.key.description < $1.key.description }.map { "\($0.key)=\($0.value)" }.joined(separator: ";")
    }

    /// The revision of every list the page depends on (its own, and those above it that name it
    /// in the navigation bar), in the order of their names, for ETags.
    public var revisionNumbers: [Int] {
        dependencyRevisions.sorted { $0.key.description < $1.key.description }.map { $0.value }
    }

    /// Row counts per section, as TableKit's rules take them.
    public var rowCounts: [Int] { sections.map { $0.rows.count } }

    /// The row showing the item or fixed cell `key`, and its index path.
    public func row(forKey key: String) -> (row: SceneRow, indexPath: IndexPath)? {
        keyIndex.indexPath(of: key, in: sections).map { (sections[$0.section].rows[$0.row], $0) }
    }

    /// Whether the scene offers an Edit button.
    public var canEdit: Bool {
        if case let .detail(detail) = scene.content { return detail.isEditable }
        return scene.editing != nil || scene.moves != nil
    }

    /// The selection list the scene is, if any.
    public var selection: SelectionDefinition? {
        if case let .list(binding) = scene.content { return binding.selection }
        return nil
    }

    /// The list binding, for list scenes.
    public var listBinding: ListBinding? {
        if case let .list(binding) = scene.content { return binding }
        return nil
    }

    /// The editable detail a row of this list opens: its fields in form order, and the list the
    /// rows' items are in; `nil` when the rows open none.
    public var pushedDetailForm: (fields: [FieldDefinition], list: ListID)? {
        guard let binding = listBinding, let push = binding.push, let pushed = app.scenes[push],
              case let .detail(detail) = pushed.content, detail.isEditable else { return nil }
        return (detail.sections.flatMap(\.fields), AppRuntime.list(binding, of: item, in: itemList))
    }

    /// What a load sets once: the app, the scene's definition and the store it reads.
    private final class Definitions: Sendable {
        let app: AppDefinition
        let scene: SceneDefinition
        let store: any DataStore

        init(app: AppDefinition, scene: SceneDefinition, store: any DataStore) {
            self.app = app
            self.scene = scene
            self.store = store
        }
    }
}

/// Which rows of a long list a scene holds.
public struct RowWindow: Sendable, Hashable {
    /// The positions loaded (clamped to the list).
    public var range: Range<Int>
    /// How many rows the whole list has.
    public var total: Int

    /// Makes a window description.
    public init(range: Range<Int>, total: Int) {
        self.range = range
        self.total = total
    }

    /// Whether more rows follow this window.
    public var hasMore: Bool { range.upperBound < total }

    /// Whether the window holds the whole list (a short list read a window at a time).
    public var isWhole: Bool { range.lowerBound == 0 && !hasMore }
}
