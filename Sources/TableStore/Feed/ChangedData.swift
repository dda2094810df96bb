/// What a run of commits changed, put so that whether it touched some lists and items is told in
/// a few lookups: an export asks it of each of 10,000 pages (see `Commit.touches`, which asks
/// of lists only).
public struct ChangedData: Sendable {
    /// Every list a commit wrote, with the revision the last of them left it at.
    private var lists: [ListID: Int] = [:]
    /// Every item inserted, deleted, moved or reloaded, by identity.
    private var items: Set<String> = []
    /// Identity prefixes of the items taken away with everything below them, and of every item
    /// of a list rewritten whole.
    private var removed: [String] = []
    /// Whether a commit replaced the whole store.
    public private(set) var replacedEverything = false

    public init(_ commits: [Commit]) {
        for commit in commits {
            replacedEverything = replacedEverything || commit.everything
            for record in commit.lists {
                lists[record.list] = max(lists[record.list] ?? record.revision, record.revision)
                for key in record.inserted + record.deleted + record.moved + record.reloaded { items.insert(record.list.itemIdentity(key)) }
                removed += record.removedItemPrefixes
            }
        }
    }

    /// Whether the commits may have changed what a reader of `lists` (whole) and of the items
    /// `items` (by identity) saw: they wrote one of the lists or took away an item one belongs
    /// to, touched one of the items or took away an item above it, or replaced everything.
    public func touches(lists watched: [ListID], items shown: [String]) -> Bool {
        if replacedEverything { return true }
        for list in watched where lists[list] != nil || list.isBelow(removed) { return true }
        for item in shown where items.contains(item) || removed.contains(where: { item.hasPrefix($0) }) { return true }
        return false
    }

    /// The revision the last of the commits that wrote `list` left it at; `nil` when none wrote it.
    public func revision(of list: ListID) -> Int? {
        lists[list]
    }

    /// The keys of `list`'s items the commits inserted, deleted, moved or reloaded (not those of
    /// the lists below its items, which are lists of their own); `nil` when they took the list
    /// away, rewrote it whole or replaced everything, so that no item of it can be told unchanged.
    public func touchedKeys(of list: ListID) -> Set<String>? {
        let prefix = list.itemIdentity("")
        guard !replacedEverything, !removed.contains(where: { prefix.hasPrefix($0) }) else { return nil }
        return Set(items.lazy.filter { $0.hasPrefix(prefix) }.map { $0.dropFirst(prefix.count) }
            .filter { !$0.contains("/") }.map(String.init))
    }
}
