import TableApp
import TableSite
import TableStore

/// What data one exported page's bytes are made from, so that a later export can tell from the
/// change log (`ChangedData`) whether the page may have changed.
///
/// A page shows whole lists (its rows, the lists its cells and selections read) and single items
/// (the one selected at each level on the way down: its fields, the titles in the navigation bar
/// and the back button). A page under a list with 10,000 items depends on its own item only, so
/// adding an item to the list leaves every other item's page alone. Below a scene whose rows come
/// from several lists, which row a path segment names depends on all of them: a page there, and
/// every page below it, depends on those lists too.
struct PageDependencies: Sendable, Equatable {
    /// Lists any change to which may change the page, sorted.
    var lists: [ListID]
    /// Identities (`ListID.itemIdentity`) of the items the page shows on their own, root first.
    var items: [String]

    init(lists: [ListID], items: [String]) {
        self.lists = lists.sorted { ($0.parent ?? "", $0.relationship) < ($1.parent ?? "", $1.relationship) }
        self.items = items
    }

    /// Nothing: what the root page is reached with.
    static let empty = PageDependencies(lists: [], items: [])

    /// The dependencies of `page`, reached with `above` (what the pages above hand down; `empty`
    /// for the root), and what it hands down to the pages it leads to: its items, and the lists
    /// above and its own that name which row a segment leads to. `nil` for a page no app file's
    /// scene makes (a Swift data source's), which the change log cannot speak for.
    static func of(_ page: SitePage, below above: PageDependencies) -> (own: PageDependencies, handedDown: PageDependencies)? {
        guard let scene = page.scene else { return nil }
        var items = above.items
        if let item = scene.shownItem, !items.contains(item) { items.append(item) }
        let handedDown = Set(above.lists).union(scene.severalRowLists)
        return (PageDependencies(lists: Array(scene.shownLists.union(handedDown)), items: items),
                PageDependencies(lists: Array(handedDown), items: items))
    }

    /// Whether `changes` may have changed the page.
    func areTouched(by changes: ChangedData) -> Bool {
        changes.touches(lists: lists, items: items)
    }
}
