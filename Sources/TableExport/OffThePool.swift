import Dispatch

/// Runs `work` on a Dispatch thread and waits for it without holding one of Swift's cooperative
/// threads: there are only as many as cores, and a read the database hands back needs one to go
/// on. An export's long reads of its own files (10,001 stats, the page records) go here, so that
/// the root list's read waits for a core, not for them.
func offThePool<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
    }
}
