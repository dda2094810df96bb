import Foundation

/// Lists as last read, kept current the way UIKit applies batch updates: a commit names the
/// rows it inserted, deleted, moved and reloaded; the cache reads just those rows inside the
/// commit's own transaction and puts them in place, instead of reading the whole list again.
///
/// A cached list is handed out only at the revision the database says the list is at, so a
/// commit the cache never heard of (another process's) costs a full read and nothing more.
package final class ListCache: @unchecked Sendable {
    /// The rows of one list a commit touched, as the commit left them.
    struct TouchedRows {
        var list: ListID
        var revision: Int
        /// Every key the commit named for the list.
        var keys: Set<String>
        /// Those still in the list, with their positions afterwards.
        var placed: [(position: Int, item: StoredItem)]
        /// Keys whose items went (deleted, or moved to another list): the lists below them went too.
        var deleted: [String]
    }

    /// A commit's touched rows, list by list; `nil` for a list whose rows were not read (rewritten
    /// whole, or too many rows named to be worth it): it is dropped from the cache.
    typealias CommitRows = [ListID: TouchedRows?]

    private struct Entry {
        var list: StoredList
        var lastUse: Int
        /// The keys each recent commit touched, by the revision it brought the list to, oldest first.
        var history: [(revision: Int, keys: Set<String>)] = []
    }

    /// How many commits' keys a list keeps.
    static let historyLength = 32

    /// How the cache has fared: lists handed out, moved on by a commit's rows, read whole.
    package struct Statistics: Sendable, Hashable {
        package var hits = 0, updates = 0, misses = 0
    }

    private let lock = NSLock()
    private var entries: [ListID: Entry] = [:]
    private var counts = Statistics()
    private var itemCount = 0
    private var clock = 0
    /// How many items all cached lists may hold together, and one list at most.
    let capacity: Int
    let largestList: Int

    init(capacity: Int = 60_000, largestList: Int = 20_000) {
        self.capacity = capacity
        self.largestList = largestList
    }

    /// The cached list `id`, if it is at `revision`.
    func list(_ id: ListID, at revision: Int) -> StoredList? {
        lock.withLock {
            guard let entry = entries[id], entry.list.revision == revision else {
                counts.misses += 1
                return nil
            }
            counts.hits += 1
            clock += 1
            entries[id]?.lastUse = clock
            return entry.list
        }
    }

    var statistics: Statistics { lock.withLock { counts } }

    /// The keys of the rows that commits touched in list `id` from revision `old` to `new`, when
    /// the cache saw each of those commits; `nil` when it did not.
    func changedKeys(of id: ListID, from old: Int, to new: Int) -> Set<String>? {
        guard old <= new else { return nil }
        return lock.withLock {
            guard let history = entries[id]?.history else { return nil }
            var keys: Set<String> = []
            var expected = old + 1
            for step in history where step.revision > old && step.revision <= new {
                guard step.revision == expected else { return nil }
                keys.formUnion(step.keys)
                expected += 1
            }
            return expected == new + 1 ? keys : nil
        }
    }

    /// Keeps `list` as read from the database, unless the cache already holds it at a later revision.
    func remember(_ list: StoredList) {
        guard list.items.count <= largestList else { return }
        lock.withLock {
            if let current = entries[list.id], current.list.revision >= list.revision { return }
            clock += 1
            replace(list.id, with: Entry(list: list, lastUse: clock))
            evictIfFull()
        }
    }

    /// Reads, inside the transaction that made `commit`, the rows it touched in the lists cached
    /// now. Never fails the commit: a list whose rows cannot be read is dropped instead.
    func touchedRows(of commit: Commit, in db: any SQLExecutor) -> CommitRows {
        var rows: CommitRows = [:]
        for record in commit.lists {
            let cached = lock.withLock { entries[record.list] != nil }
            let keys = Set(record.inserted + record.deleted + record.moved + record.reloaded)
            guard cached, !record.reset, keys.count <= 256 else {
                rows[record.list] = .some(nil)
                continue
            }
            rows[record.list] = try? Self.read(keys, of: record, in: db)
        }
        return rows
    }

    private static func read(_ keys: Set<String>, of record: ListChangeRecord, in db: any SQLExecutor) throws -> TouchedRows {
        var placed: [(position: Int, item: StoredItem)] = []
        for key in keys.sorted() {
            let found = try db.rows("SELECT position, attributes FROM items WHERE parent = ? AND relationship = ? AND key = ?",
                                    [record.list.parent ?? "", record.list.relationship, key])
            if let row = found.first {
                placed.append((try row.int(0), StoredItem(key: key, attributes: try AttributeCoding.decode(try row.string(1)))))
            }
        }
        return TouchedRows(list: record.list, revision: record.revision, keys: keys, placed: placed.sorted { $0.position < $1.position },
                           deleted: record.deleted)
    }

    /// Applies a committed change, in commit order: each cached list it touched moves on to the
    /// commit's revision with the rows read in its transaction, and the lists below deleted
    /// items are forgotten.
    func apply(_ commit: Commit, rows: CommitRows) {
        lock.withLock {
            if commit.everything {
                entries.removeAll()
                itemCount = 0
                return
            }
            for record in commit.lists {
                forgetLists(below: record.reset ? [record.list.itemIdentity("")] : record.deleted.map { record.list.itemIdentity($0) + "/" },
                            orIdentities: record.reset ? [] : record.deleted.map { record.list.itemIdentity($0) })
                guard let entry = entries[record.list] else { continue }
                if entry.list.revision >= record.revision { continue }  // already read at or past this commit
                guard entry.list.revision == record.revision - 1, let touched = rows[record.list] ?? nil,
                      let items = Self.updated(entry.list.items, with: touched) else {
                    replace(record.list, with: nil)
                    continue
                }
                let history = entry.history.suffix(Self.historyLength - 1) + [(record.revision, touched.keys)]
                replace(record.list, with: Entry(list: StoredList(id: record.list, revision: record.revision, items: items), lastUse: entry.lastUse,
                                                 history: Array(history)))
                counts.updates += 1
            }
            evictIfFull()
        }
    }

    /// `items` with the touched rows taken out and put back where the commit left them. The rows
    /// it did not name keep their order (an insert, delete or move shifts them, never reorders
    /// them), so placing the touched rows in ascending order of their final positions rebuilds
    /// the list exactly. `nil` when the positions do not fit (the cache was not what it thought).
    static func updated(_ items: [StoredItem], with touched: TouchedRows) -> [StoredItem]? {
        var result = items.filter { !touched.keys.contains($0.key) }
        result.reserveCapacity(result.count + touched.placed.count)
        for (position, item) in touched.placed {
            guard position <= result.count else { return nil }
            result.insert(item, at: position)
        }
        return result
    }

    /// Forgets cached lists owned by the items `identities` or by any item below `prefixes`.
    private func forgetLists(below prefixes: [String], orIdentities identities: [String]) {
        guard !prefixes.isEmpty || !identities.isEmpty else { return }
        for id in entries.keys {
            guard let parent = id.parent else { continue }
            if identities.contains(parent) || prefixes.contains(where: { parent.hasPrefix($0) }) { replace(id, with: nil) }
        }
    }

    private func replace(_ id: ListID, with entry: Entry?) {
        itemCount -= entries[id]?.list.items.count ?? 0
        entries[id] = entry
        itemCount += entry?.list.items.count ?? 0
    }

    /// Drops the least recently used lists until the items fit.
    private func evictIfFull() {
        guard itemCount > capacity else { return }
        for (id, _) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            replace(id, with: nil)
            if itemCount <= capacity { return }
        }
    }
}
