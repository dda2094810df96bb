import Foundation
import GRDB
import Testing
@testable import TableStore

/// The WAL-index header, read from SQLite's shared memory.
@Suite("WAL-index header")
struct WALIndexWatchTests {
    @Test("the WAL-index header's change counter goes up by one for each commit, and for nothing else")
    func changeCounter() async throws {
        let temporary = try await StoreTests.lettered(["a"], on: .sqlite)
        defer { temporary.remove() }
        let watch = try #require(WALIndexWatch(databasePath: temporary.path))
        let writer = try DatabaseQueue(path: temporary.path)
        func counter() throws -> UInt32 { try #require(watch.header()).changeCounter }
        let start = try counter()
        try await writer.write { db in try db.execute(sql: "UPDATE lists SET revision = revision + 1") }
        #expect(try counter() == start &+ 1)
        for _ in 0..<3 { try await writer.write { db in try db.execute(sql: "UPDATE lists SET revision = revision + 1") } }
        #expect(try counter() == start &+ 4)
        // Reads, a transaction rolled back, and a checkpoint that empties the log: no commit.
        _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM items") }
        try writer.inTransaction { db in
            try db.execute(sql: "UPDATE lists SET revision = revision + 1")
            return .rollback
        }
        _ = try await writer.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        #expect(try counter() == start &+ 4)
        // The commit after it, which starts the log again, is one.
        try await writer.write { db in try db.execute(sql: "UPDATE lists SET revision = revision + 1") }
        #expect(try counter() == start &+ 5)
    }
}
