import Foundation
import TableKit
import TableStore

/// The rows each list scene built last, so that the next build after a commit makes only the
/// rows the commit touched and puts them in place (with an indexed list's collation), the way
/// UIKit applies a batch update to the table on screen, instead of building every row again.
/// Bounded by the rows it holds, and by the rows of one list (the store keeps no longer list to
/// say what changed in); the least recently built or used lists go first. Beside the rows, within
/// the same bounds each, it keeps what builds made of them: the snapshots (`snapshots`) and the
/// scenes of the levels above a page (`parents`).
public final class SceneRowCache: @unchecked Sendable {
    /// One scene's rows of one list, as built at `revision` from `items`.
    struct Entry {
        /// How the rows are kept.
        enum Rows {
            /// The row of each item, in the list's order (a list without an index).
            case inOrder([SceneRow])
            /// An indexed list's rows, section by section as the collation orders them.
            case collated([[SceneRow]], CollatedPositions)
        }

        var revision: Int
        var items: [StoredItem]
        var rows: Rows

        var rowCount: Int {
            switch rows {
            case let .inOrder(rows): rows.count
            case let .collated(sections, _): sections.reduce(0) { $0 + $1.count }
            }
        }
    }

    /// How the items of the last build map onto the list as it is now.
    struct Update {
        /// For each position now, the position the item had in the last build; `nil` for an
        /// item a commit inserted, moved or changed since.
        var oldPosition: [Int?]
        /// For each position of the last build, where its item stands now; `nil` for an item a
        /// commit deleted, moved or changed since.
        var newPosition: [Int?]
        /// The positions now of the items commits touched.
        var placed: [Int]

        /// Pairs the two lists up; `nil` when the items the commits did not touch are not the same,
        /// in the same order, in both (then what the store said does not describe the change).
        init?(old: [StoredItem], current: [StoredItem], touched: TouchedKeys) {
            oldPosition = Array(repeating: nil, count: current.count)
            newPosition = Array(repeating: nil, count: old.count)
            placed = []
            var next = 0
            // By index, reading keys alone: each item copied out of the lists cost more than the
            // rest of the pairing.
            for position in current.indices {
                let key = current[position].key
                if touched.contains(key) {
                    placed.append(position)
                    continue
                }
                while next < old.count, touched.contains(old[next].key) { next += 1 }
                guard next < old.count, old[next].key == key else { return nil }
                oldPosition[position] = next
                newPosition[next] = position
                next += 1
            }
            while next < old.count {
                guard touched.contains(old[next].key) else { return nil }
                next += 1
            }
        }
    }

    private struct Key: Hashable {
        var scene: String
        var list: ListID
    }

    private let lock = NSLock()
    private var updates = 0
    private var unchanged = 0
    private var entries: RowBoundedStore<Key, Entry>
    /// How many rows all lists may hold together, and one list at most.
    let capacity: Int
    let largestListRows: Int
    /// The snapshots built last of the scenes showing these rows, within the same bounds.
    let snapshots: SceneSnapshotMemory
    /// The scenes loaded last as the levels above a page, within the same bounds.
    let parents: ParentSceneMemory

    /// Makes an empty cache of up to `capacity` rows, none of a list longer than `largestListRows`.
    public init(capacity: Int = 60_000, largestListRows: Int = 20_000) {
        self.capacity = capacity
        self.largestListRows = largestListRows
        entries = RowBoundedStore(capacity: capacity)
        snapshots = SceneSnapshotMemory(capacity: capacity)
        parents = ParentSceneMemory(capacity: capacity, largestScene: largestListRows)
    }

    func entry(scene: String, list: ListID) -> Entry? {
        lock.withLock { entries[Key(scene: scene, list: list)] }
    }

    /// The rows built last, when they were built at `revision`: a revision never comes back for
    /// other contents, so they are the list's rows as it is now.
    func current(scene: String, list: ListID, revision: Int) -> Entry? {
        lock.withLock {
            let key = Key(scene: scene, list: list)
            guard entries[key]?.revision == revision else { return nil }
            unchanged += 1
            return entries.use(key)
        }
    }

    /// How many builds updated the last build's rows instead of making all of them.
    package var updateCount: Int { lock.withLock { updates } }

    /// How many builds took the last build's rows as they were, the list unchanged since.
    package var unchangedCount: Int { lock.withLock { unchanged } }

    /// How many levels above a page were taken as loaded before instead of loaded again.
    package var parentSceneHitCount: Int { parents.hitCount }

    /// How many snapshot builds were offered the one before with some, not all, rows unchanged.
    package var partialSnapshotReuseCount: Int { snapshots.partialReuseCount }

    /// Keeps the rows a build made; `isUpdate` says it updated the last build's.
    func store(_ entry: Entry, scene: String, list: ListID, isUpdate: Bool) {
        guard entry.items.count <= largestListRows, entry.rowCount == entry.items.count else { return }
        lock.withLock {
            if isUpdate { updates += 1 }
            let key = Key(scene: scene, list: list)
            if let current = entries[key], current.revision > entry.revision { return }  // a later build got here first
            entries.keep(entry, rows: entry.items.count, for: key)
        }
    }
}
