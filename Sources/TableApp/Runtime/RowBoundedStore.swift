import Foundation

/// Values kept by key within a budget of rows: keeping one past the budget drops the least
/// recently kept or used first. Not locked: its owner holds the lock.
package struct RowBoundedStore<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, rows: Int, lastUse: Int)] = [:]
    private var rowCount = 0
    private var clock = 0
    package let capacity: Int

    package init(capacity: Int) { self.capacity = capacity }

    package subscript(key: Key) -> Value? { entries[key]?.value }

    /// The value under `key`, marked as used now (it goes after those kept or used before).
    package mutating func use(_ key: Key) -> Value? {
        guard entries[key] != nil else { return nil }
        clock += 1
        entries[key]?.lastUse = clock
        return entries[key]?.value
    }

    /// Keeps `value`, which holds `rows` rows, under `key` (replacing what was there); a value of
    /// more rows than the whole budget is not kept.
    package mutating func keep(_ value: Value, rows: Int, for key: Key) {
        guard rows <= capacity else { return }
        if let current = entries[key] { rowCount -= current.rows }
        clock += 1
        entries[key] = (value, rows, clock)
        rowCount += rows
        guard rowCount > capacity else { return }
        for (key, entry) in entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where rowCount > capacity {
            entries[key] = nil
            rowCount -= entry.rows
        }
    }
}
