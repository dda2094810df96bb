import Dispatch
import Logging
import TableStore

/// A session and the one thread it is used on. Work queues up here; each piece runs alone on
/// the session, blocking only this queue's thread (never the caller's or an event loop).
final class SessionQueue: @unchecked Sendable {
    private let queue: DispatchQueue
    /// Used only on `queue`.
    private let session: PostgresSession
    /// Set by `close`, on `queue`: work queued afterwards is refused, not run on a new connection.
    private var isClosed = false

    init(address: PostgresAddress, label: String, logger: Logger) {
        queue = DispatchQueue(label: "tablestack.postgres.\(label)")
        session = PostgresSession(address: address, logger: logger)
    }

    func perform<T: Sendable>(_ body: @escaping @Sendable (PostgresSession) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                guard !self.isClosed else {
                    continuation.resume(throwing: StoreError.database("the store was closed"))
                    return
                }
                continuation.resume(with: Result { try body(self.session) })
            }
        }
    }

    func close() {
        queue.sync {
            isClosed = true
            session.close()
        }
    }
}
