import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import TableStore

extension PostgresStore {
    /// Connects to `address` once and closes again, giving up after `timeout`. Throws
    /// `StoreError.unavailable` while the database cannot be reached (down, starting, a host that
    /// does not answer) and another `StoreError` when it answers but refuses. A server waiting for
    /// its database at start asks this first: the store's own connections wait up to 30 s each,
    /// longer than the wait an operator asked for.
    public static func reach(_ address: PostgresAddress, within timeout: Duration) async throws {
        var configuration = address.configuration
        let (seconds, attoseconds) = timeout.components
        configuration.options.connectTimeout = .milliseconds(seconds * 1_000 + attoseconds / 1_000_000_000_000_000)
        do {
            let connection = try await PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.next(), configuration: configuration,
                                                                  id: 3, logger: Logger(label: "tablestack.postgres.reach"))
            try await connection.close()
        } catch {
            throw PostgresErrors.storeError(error)
        }
    }
}
