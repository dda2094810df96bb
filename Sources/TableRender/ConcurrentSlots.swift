import Foundation

/// A value for each of several pieces of work run at once (the iterations of
/// `DispatchQueue.concurrentPerform`), each setting its own slot, gathered behind a lock and
/// read once all have ended.
package final class ConcurrentSlots<Value: Sendable>: @unchecked Sendable {  // its values only under the lock
    private let lock = NSLock()
    private var values: [Value]

    /// `count` slots, each holding `empty` until set.
    package init(count: Int, empty: Value) { values = Array(repeating: empty, count: count) }

    /// Gives `slot` its value; each slot is set by one piece of work.
    package func set(_ slot: Int, _ value: Value) { lock.withLock { values[slot] = value } }

    /// Every slot's value, in order.
    package var all: [Value] { lock.withLock { values } }
}
