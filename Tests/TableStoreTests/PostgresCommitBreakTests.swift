import Foundation
import Logging
import TableStore
@testable import TableStorePostgres
import Testing
import TestSupport

/// A connection that fails its COMMIT (here ended by another just before, so that the COMMIT
/// goes out on a dead connection; the session cannot tell that from one lost after the
/// server got it): a change may or may not have been made, which the server must say; a
/// transaction that only read can have made none, and is simply unavailable.
@Suite("A PostgreSQL connection lost at COMMIT")
struct PostgresCommitBreakTests {
    /// Runs a transaction whose connection is ended by another one just before its COMMIT; the error it ends with.
    static func brokenAtCommit(readingOnly: Bool, on address: PostgresAddress) throws -> StoreError? {
        let session = PostgresSession(address: address, logger: Logger(label: "test"))
        let other = PostgresSession(address: address, logger: Logger(label: "test"))
        defer { session.close(); other.close() }
        do {
            try session.transaction(readingOnly: readingOnly) { db in
                let pid = try db.rows("SELECT pg_backend_pid()", [])[0].int(0)
                if !readingOnly { try db.run("CREATE TABLE IF NOT EXISTS marks (n INTEGER)", []) }
                _ = try other.rows("SELECT pg_terminate_backend(CAST(? AS integer))", [pid])
                // Gone from the server before COMMIT is sent.
                let deadline = Date().addingTimeInterval(20)
                while try other.rows("SELECT count(*) FROM pg_stat_activity WHERE pid = ?", [pid])[0].int(0) > 0, Date() < deadline {
                    Thread.sleep(forTimeInterval: 0.02)
                }
            }
            return nil
        } catch {
            return error as? StoreError ?? .database("not a store error: \(error)")
        }
    }

    @Test("a read-only transaction is unavailable (nothing was changed); a writing one's outcome is unknown")
    func lostAtCommit() async throws {
        let cluster = try await PostgresCluster.running()
        let address = try PostgresAddress(url: try await cluster.newDatabase())
        let reading = try await offThePool { try Self.brokenAtCommit(readingOnly: true, on: address) }
        guard case .unavailable? = reading else { Issue.record("reading: \(String(describing: reading))"); return }
        let writing = try await offThePool { try Self.brokenAtCommit(readingOnly: false, on: address) }
        guard case .outcomeUnknown? = writing else { Issue.record("writing: \(String(describing: writing))"); return }
    }
}
