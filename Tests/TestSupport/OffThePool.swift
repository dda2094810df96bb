import Dispatch

/// `body` run on a dispatch thread, outside Swift's cooperative pool, for a test's blocking work
/// (a process to start or wait for, a socket to read): the pool has as many threads as cores,
/// and a blocked one keeps in-process work (a server, a follower, a feed) from running.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(with: Result { try body() }) }
    }
}
