import TableApp
import TableSite
import TableStore

/// What data one exported page's bytes are made from, so that a later export can tell from the
/// change log whether the page may have changed.
///
/// A page shows whole lists (its rows, the lists its cells and selections read) and single items
/// (the one selected at each level on the way down: its fields, the titles in the navigation bar
/// and the back button). A page under a list with 10,000 items depends on its own item only, so
/// adding an item to the list leaves every other item's page alone.
struct PageDependencies: Sendable, Equatable {
    /// Lists any change to which may change the page, sorted.
    var lists: [ListID]
    /// Identities (`ListID.itemIdentity`) of the items the page shows on their own, root first.
    var items: [String]

    /// The dependencies of `page`, reached from a page depending on `items` (the items selected
    /// above it; none for the root); `nil` for a page no app file's scene makes (a Swift data
    /// source's), which the change log cannot speak for.
    init?(of page: SitePage, below items: [String]) {
        guard let scene = page.scene else { return nil }
        var items = items
        if let item = scene.item, let list = scene.itemList, !items.contains(list.itemIdentity(item.key)) {
            items.append(list.itemIdentity(item.key))
        }
        var lists = Set(scene.revisions.keys)
        // A scene that is not a list shows the item it stands for, not the list that item is in
        // (the scene keeps that list's revision for its form).
        if scene.listBinding == nil, let list = scene.itemList { lists.remove(list) }
        self.lists = lists.sorted { ($0.parent ?? "", $0.relationship) < ($1.parent ?? "", $1.relationship) }
        self.items = items
    }

    init(lists: [ListID], items: [String]) {
        self.lists = lists
        self.items = items
    }
}

/// What a run of commits changed, put so that each page's dependencies are checked in a few
/// lookups.
struct DataChanges: Sendable {
    /// Every list a commit wrote.
    private var lists: Set<ListID> = []
    /// Every item inserted, deleted, moved or reloaded, by identity.
    private var items: Set<String> = []
    /// Identity prefixes of the items taken away with everything below them, and of every item
    /// of a list rewritten whole.
    private var removed: [String] = []
    /// Whether a commit replaced the whole store.
    private(set) var replacedEverything = false

    init(_ commits: [Commit]) {
        for commit in commits {
            replacedEverything = replacedEverything || commit.everything
            for record in commit.lists {
                lists.insert(record.list)
                for key in record.inserted + record.deleted + record.moved + record.reloaded { items.insert(record.list.itemIdentity(key)) }
                removed += record.removedItemPrefixes
            }
        }
    }

    /// Whether the changes may have changed a page depending on `dependencies`.
    func touch(_ dependencies: PageDependencies) -> Bool {
        if replacedEverything { return true }
        for list in dependencies.lists where lists.contains(list) || list.isBelow(removed) { return true }
        for item in dependencies.items where items.contains(item) || removed.contains(where: { item.hasPrefix($0) }) { return true }
        return false
    }
}
