import Foundation

/// The sort keys a collation has already worked out, by string. A list re-read after an edit
/// sorts the same names again; looking their keys up is far cheaper than asking ICU. Bounded:
/// past `capacity` keys it starts afresh.
final class CollationMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String: [UInt8]] = [:]
    private let capacity: Int

    init(capacity: Int = 250_000) {
        self.capacity = capacity
    }

    /// How many keys it holds.
    var count: Int { lock.withLock { keys.count } }

    func sortKey(of string: String, by collator: Collator) -> [UInt8] {
        if let known = lock.withLock({ keys[string] }) { return known }
        let key = collator.sortKey(string)
        lock.withLock {
            if keys.count >= capacity { keys.removeAll(keepingCapacity: true) }
            keys[string] = key
        }
        return key
    }

    /// The sort keys of `strings`, in order: looked up under one lock, and room made at once for
    /// the ones missing (a long list read by a new process would otherwise grow the table by
    /// doubling, hashing every name again each time), which are then made and remembered one by
    /// one (a name that stands twice in the list is found the second time).
    func sortKeys(of strings: [String], by collator: Collator) -> [[UInt8]] {
        let found: [[UInt8]?] = lock.withLock {
            let found = strings.map { keys[$0] }
            let missing = found.reduce(0) { $0 + ($1 == nil ? 1 : 0) }
            if keys.count + missing > capacity { keys.removeAll(keepingCapacity: true) }
            keys.reserveCapacity(min(keys.count + missing, capacity))
            return found
        }
        return strings.indices.map { found[$0] ?? sortKey(of: strings[$0], by: collator) }
    }
}
