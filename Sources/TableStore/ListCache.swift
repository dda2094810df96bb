import Foundation

/// Lists as last read, kept current the way UIKit applies batch updates: a commit names the
/// rows it inserted, deleted, moved and reloaded; the cache reads just those rows inside the
/// commit's own transaction and puts them in place, instead of reading the whole list again.
///
/// A cached list is handed out only at or past the revision the database says the list is at.
/// The revisions at one place never go down, even across an owner deleted and made again or an
/// item moved in with its lists (both start at `StoreWrites.firstRevision`), so a commit the
/// cache never heard of (another process's) costs a whole read, never a stale list.
package final class ListCache: @unchecked Sendable {
    /// The rows of one list a commit touched, as the commit left them.
    struct TouchedRows {
        /// Every key the commit named for the list.
        var keys: TouchedKeys
        /// Whether it named rows that were in the list before (deleted, moved or reloaded),
        /// rather than only rows it inserted.
        var namesRowsBefore: Bool
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
    /// Whether a transaction of this process is committing, and who waits for it to reach the cache.
    private var isCommitting = false
    private var waitingForCommit: [CheckedContinuation<Void, Never>] = []
    /// How many items all cached lists may hold together.
    let capacity: Int
    /// How many items one list may hold to be cached.
    let largestListItems: Int

    init(capacity: Int = 60_000, largestListItems: Int = 20_000) {
        self.capacity = capacity
        self.largestListItems = largestListItems
    }

    var statistics: Statistics { lock.withLock { counts } }

    /// The cached list `id`, if it is at `revision` or later. A later one is as good: the cache
    /// holds only committed states, and a commit moved it on after the revision was read. A list
    /// that is not in the database reads as revision 0 (another process may have taken it away):
    /// then only an empty list at 0 matches.
    func list(_ id: ListID, atLeast revision: Int) -> StoredList? {
        lock.withLock {
            guard let entry = entries[id], Self.isCurrent(entry, at: revision) else { return nil }
            countUse(of: id)
            return entry.list
        }
    }

    /// The item `key` of the cached list `id`, if the list is at `revision` or later (see
    /// `list(_:atLeast:)`) and holds at most `longest` items to look through: `.some(nil)` when
    /// such a list lacks the key, `nil` when the cache cannot say.
    func item(_ key: String, in id: ListID, atLeast revision: Int, lookingThroughAtMost longest: Int) -> StoredItem?? {
        lock.withLock {
            guard let entry = entries[id], entry.list.items.count <= longest, Self.isCurrent(entry, at: revision) else { return nil }
            countUse(of: id)
            return .some(entry.list.items.first { $0.key == key })
        }
    }

    /// Whether `entry` may stand for its list at `revision` (see `list(_:atLeast:)`).
    private static func isCurrent(_ entry: Entry, at revision: Int) -> Bool {
        entry.list.revision == revision || (revision > 0 && entry.list.revision > revision)
    }

    /// Counts a list handed out as a hit and as its latest use.
    private func countUse(of id: ListID) {
        counts.hits += 1
        clock += 1
        entries[id]?.lastUse = clock
    }

    /// Says the transaction about to commit may change cached lists.
    func commitBegins() {
        lock.withLock { isCommitting = true }
    }

    /// Says the transaction has been applied here (or rolled back): whoever waits goes on.
    func commitSettled() {
        let waiting: [CheckedContinuation<Void, Never>] = lock.withLock {
            isCommitting = false
            defer { waitingForCommit.removeAll() }
            return waitingForCommit
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Waits, when a transaction is committing and the cache holds list `id` at a revision below
    /// `revision` (read from the database), until the transaction has reached the cache: a
    /// reader may see its revision a moment before. Returns at once otherwise.
    func waitForCommit(reaching id: ListID, at revision: Int) async {
        await withCheckedContinuation { continuation in
            let waits = lock.withLock {
                guard isCommitting, let cached = entries[id]?.list.revision, cached < revision else { return false }
                waitingForCommit.append(continuation)
                return true
            }
            if !waits { continuation.resume() }
        }
    }

    /// How many readers wait for the transaction committing now.
    var readersWaitingForCommit: Int { lock.withLock { waitingForCommit.count } }

    /// Where commits have got to; hand it back to `remember` with a list read after asking.
    var readMark: Int { lock.withLock { generation } }

    /// Keeps `list`, read whole from the database after `readMark` gave `mark`, unless a commit
    /// since took away an item it belongs to (the read may predate that) or the cache holds the
    /// list at a later revision. Each whole read counts as a miss.
    func remember(_ list: StoredList, readAfter mark: Int) {
        lock.withLock { counts.misses += 1 }
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
            let namesRowsBefore = !(record.deleted.isEmpty && record.moved.isEmpty && record.reloaded.isEmpty)
            // A key the commit only deleted has no row left to read.
            let gone = Set(record.deleted).subtracting(record.inserted + record.moved + record.reloaded)
            rows[record.list] = try? Self.read(keys, skipping: gone, in: record.list, from: db, namesRowsBefore: namesRowsBefore)
        }
        return rows
    }

    private static func read(_ keys: Set<String>, skipping gone: Set<String>, in list: ListID, from db: any SQLExecutor,
                             namesRowsBefore: Bool) throws -> TouchedRows {
        var placed: [(position: Int, item: StoredItem)] = []
        for key in keys where !gone.contains(key) {
            let found = try db.rows("SELECT position, attributes FROM items WHERE parent = ? AND relationship = ? AND key = ?",
                                    [list.parent ?? "", list.relationship, key])
            if let row = found.first {
                placed.append((try row.int(0), StoredItem(key: key, attributes: try AttributeCoding.decode(try row.string(1)))))
            }
        }
        return TouchedRows(keys: TouchedKeys(keys), namesRowsBefore: namesRowsBefore, placed: placed.sorted { $0.position < $1.position })
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
                guard let revision = entries[record.list]?.list.revision else { continue }
                if revision >= record.revision { continue }  // read at or past this commit already
                // Taken out to be updated in place: its items are copied only if a reader still holds them.
                guard revision == record.revision - 1, let touched = rows[record.list], var entry = take(record.list),
                      Self.update(&entry.list.items, with: touched) else {
                    replace(record.list, with: nil)
                    continue
                }
                entry.list.revision = record.revision
                // In place: the entry was taken out, so its history is not shared.
                if entry.history.count >= Self.historyLength {
                    entry.history.removeFirst(entry.history.count - Self.historyLength + 1)
                }
                entry.history.append((record.revision, touched.keys.all))
                replace(record.list, with: entry)
                counts.updates += 1
            }
            evictIfFull()
        }
    }

    /// Takes the touched rows out of `items` and puts them back where the commit left them. The
    /// rows it did not name keep their order (an insert, delete or move shifts them, never
    /// reorders them), so placing the touched rows in ascending order of their final positions
    /// rebuilds the list exactly. A commit that only inserted has nothing to take out, so adding
    /// at the end costs no pass over the list. `false` when the positions do not fit (the cache
    /// was not what it thought).
    static func update(_ items: inout [StoredItem], with touched: TouchedRows) -> Bool {
        if touched.namesRowsBefore { items.removeAll { touched.keys.contains($0.key) } }
        for (position, item) in touched.placed {
            guard position <= items.count else { return false }
            items.insert(item, at: position)
        }
        return true
    }

    /// Removes and returns the entry of `id`.
    private func take(_ id: ListID) -> Entry? {
        guard let entry = entries.removeValue(forKey: id) else { return nil }
        itemCount -= entry.list.items.count
        return entry
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
