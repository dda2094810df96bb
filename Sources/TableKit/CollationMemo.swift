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

    /// The sort keys of `strings`, in order: looked up under one lock, the missing ones made
    /// outside it, then remembered under one lock more, with room made at once for them (a long
    /// list read by a new process would otherwise grow the table by doubling, hashing every name
    /// again each time).
    func sortKeys(of strings: [String], by collator: Collator) -> [[UInt8]] {
        let found: [[UInt8]?] = lock.withLock { strings.map { keys[$0] } }
        var made: [(index: Int, key: [UInt8])] = []
        let sortKeys = strings.indices.map { index in
            if let key = found[index] { return key }
            let key = collator.sortKey(strings[index])
            made.append((index, key))
            return key
        }
        guard !made.isEmpty else { return sortKeys }
        lock.withLock {
            if keys.count + made.count > capacity { keys.removeAll(keepingCapacity: true) }
            keys.reserveCapacity(min(keys.count + made.count, capacity))
            for (index, key) in made.prefix(capacity - keys.count) { keys[strings[index]] = key }
        }
        return sortKeys
    }
}
