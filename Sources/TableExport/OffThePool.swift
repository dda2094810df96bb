import Dispatch

/// Runs `work` on a Dispatch thread and waits for it without holding one of Swift's cooperative
/// threads, of which there are as many as cores. An export's long reads of its own files (10,001
/// stats, the page records) held both of them on two cores: the root list's read, handed back by
/// the database, and the change log's waited for them, not for a core.
func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
    }
}
