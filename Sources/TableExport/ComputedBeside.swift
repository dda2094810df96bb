import Dispatch

/// A value computed on another thread from the moment this is made, for a thread that has
/// work of its own meanwhile and waits for the value only when it needs it.
/// A value never asked for is computed all the same, then dropped.
///
/// The export's threads block (a page is made, checked and written on one), so a Dispatch group
/// is waited on rather than a task awaited.
final class ComputedBeside<Value: Sendable>: @unchecked Sendable {
    private let computing = DispatchGroup()
    // Written once on the other thread before `computing` is left, read only after waiting on it.
    private var computed: Value?

    /// Begins computing `work` on a global queue at user-initiated priority.
    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global(qos: .userInitiated).async(group: computing) { [self] in computed = work() }
    }

    /// The value, once computed (this thread waits for it).
    var value: Value {
        computing.wait()
        return computed!
    }
}
