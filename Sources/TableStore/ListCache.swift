import Foundation

/// Lists as last read, kept current the way UIKit applies batch updates: a commit names the
/// rows it inserted, deleted, moved and reloaded; the cache reads just those rows inside the
/// commit's own transaction and puts them in place, instead of reading the whole list again.
///
/// A cached list is handed out only at the revision the database says the list is at. A list's
/// revisions never repeat, even across an owner deleted and made again
/// (`StoreWrites.firstRevision`), so a commit the cache never heard of (another process's) costs
/// a whole read, never a stale list.
package final class ListCache: @unchecked Sendable {
    /// The rows of one list a commit touched, as the commit left them.
    struct TouchedRows {
        /// Every key the commit named for the list.
        var keys: Set<String>
        /// Those still in the list, with their positions afterwards, in ascending order.
        var placed: [(position: Int, item: StoredItem)]
    }

    /// A commit's touched rows, by list; a list the commit changed that is missing here was not
    /// read (not cached then, rewritten whole, too many rows named): it is dropped from the cache.
    typealias CommitRows = [ListID: TouchedRows]

    /// How the cache has fared: lists handed out, moved on by a commit's rows, read whole.
    package struct Statistics: Sendable, Hashable {
        package var hits = 0, updates = 0, misses = 0
    }

    private struct Entry {
        var list: StoredList
        var lastUse: Int
        /// The keys each recent commit touched, by the revision it brought the list to, oldest first.
        var history: [(revision: Int, keys: Set<String>)] = []
    }

    /// How many commits' keys a list keeps.
    static let historyLength = 32
    /// How many rows a commit may name in one list for the cache to read them rather than drop the list.
    static let mostTouchedRows = 256

    private let lock = NSLock()
    private var entries: [ListID: Entry] = [:]
    private var counts = Statistics()
    private var itemCount = 0
    private var clock = 0
    /// Moves on with every commit applied.
    private var generation = 0
    /// Recent commits that took items away with the lists below them, by generation: a whole
    /// read of such a list that began before one of them may not be kept after it.
    private var removals: [(generation: Int, prefixes: [String])] = []
    /// The generation before which removals are no longer listed, and the last that replaced everything.
    private var removalsKnownSince = 0
    private var lastReplacedEverything = 0
    /// How many removals are listed.
    static let removalsKept = 256
    /// How many items all cached lists may hold together.
    let capacity: Int
    /// How many items one list may hold to be cached.
    let largestListItems: Int

    init(capacity: Int = 60_000, largestListItems: Int = 20_000) {
        self.capacity = capacity
        self.largestListItems = largestListItems
    }

    var statistics: Statistics { lock.withLock { counts } }

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

    /// Where commits have got to; hand it back to `remember` with a list read after asking.
    var readMark: Int { lock.withLock { generation } }

    /// Keeps `list`, read whole from the database after `readMark` gave `mark`, unless a commit
    /// since took away an item it belongs to (the read may predate that) or the cache holds the
    /// list at a later revision.
    func remember(_ list: StoredList, readAfter mark: Int) {
        guard list.items.count <= largestListItems else { return }
        lock.withLock {
            if generation != mark {
                guard mark >= removalsKnownSince, lastReplacedEverything <= mark,
                      !removals.contains(where: { $0.generation > mark && list.id.isBelow($0.prefixes) }) else { return }
            }
            if let current = entries[list.id], current.list.revision >= list.revision { return }
            clock += 1
            replace(list.id, with: Entry(list: list, lastUse: clock))
            evictIfFull()
        }
    }

    /// The keys of the rows that commits touched in list `id` from revision `old` to `new`, when
    /// the cache saw each of those commits; `nil` when it did not.
    func changedKeys(of id: ListID, from old: Int, to new: Int) -> Set<String>? {
        guard old <= new else { return nil }
        return lock.withLock {
            guard let entry = entries[id], entry.list.revision >= new else { return nil }
            var keys: Set<String> = []
            var expected = old + 1
            for step in entry.history where step.revision > old && step.revision <= new {
                guard step.revision == expected else { return nil }
                keys.formUnion(step.keys)
                expected += 1
            }
            return expected == new + 1 ? keys : nil
        }
    }

    /// Reads, inside the transaction that made `commit`, the rows it touched in the lists cached
    /// now. Never fails the commit: a list whose rows cannot be read is dropped instead.
    func touchedRows(of commit: Commit, in db: any SQLExecutor) -> CommitRows {
        var rows: CommitRows = [:]
        for record in commit.lists where !record.reset {
            let keys = Set(record.inserted + record.deleted + record.moved + record.reloaded)
            guard keys.count <= Self.mostTouchedRows, lock.withLock({ entries[record.list] != nil }) else { continue }
            rows[record.list] = try? Self.read(keys, in: record.list, from: db)
        }
        return rows
    }

    private static func read(_ keys: Set<String>, in list: ListID, from db: any SQLExecutor) throws -> TouchedRows {
        var placed: [(position: Int, item: StoredItem)] = []
        for key in keys {
            let found = try db.rows("SELECT position, attributes FROM items WHERE parent = ? AND relationship = ? AND key = ?",
                                    [list.parent ?? "", list.relationship, key])
            if let row = found.first {
                placed.append((try row.int(0), StoredItem(key: key, attributes: try AttributeCoding.decode(try row.string(1)))))
            }
        }
        return TouchedRows(keys: keys, placed: placed.sorted { $0.position < $1.position })
    }

    /// Applies a committed change, in commit order: each cached list it touched moves on to the
    /// commit's revision with the rows read in its transaction, and the lists below the items
    /// it took away are forgotten.
    func apply(_ commit: Commit, rows: CommitRows) {
        lock.withLock {
            generation += 1
            if commit.everything {
                entries.removeAll()
                itemCount = 0
                lastReplacedEverything = generation
                return
            }
            for record in commit.lists {
                let prefixes = record.removedItemPrefixes
                if !prefixes.isEmpty {
                    for id in entries.keys where id.isBelow(prefixes) { replace(id, with: nil) }
                    removals.append((generation, prefixes))
                    if removals.count > Self.removalsKept {
                        removalsKnownSince = removals.removeFirst().generation
                    }
                }
                guard let entry = entries[record.list] else { continue }
                if entry.list.revision >= record.revision { continue }  // read at or past this commit already
                guard entry.list.revision == record.revision - 1, let touched = rows[record.list],
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
