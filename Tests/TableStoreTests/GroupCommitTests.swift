import Foundation
import GRDB
import Testing
@testable import TableStore

/// Writes that wait together share one transaction, each in a savepoint of its own.
@Suite("Group commit")
struct GroupCommitTests {
    /// A group commit on a new database with one table, and the database's folder.
    private func groupCommit() async throws -> (GroupCommit, DatabasePool, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("group-commit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let pool = try DatabasePool(path: folder.appendingPathComponent("t.sqlite").path)
        try await pool.write { db in try db.execute(sql: "CREATE TABLE t (v TEXT NOT NULL)") }
        return (GroupCommit(pool: pool, feed: ChangeFeed(), lists: ListCache(), revisionMemo: nil), pool, folder)
    }

    /// Queues a write of `value` to `t`; `losesTransaction` ends the group's transaction as
    /// SQLite does on a full disk, then fails.
    private func write(_ value: String, to commit: GroupCommit, losesTransaction: Bool = false, holding: Double = 0) -> Task<Void, any Error> {
        Task {
            _ = try await commit.write { db in
                if holding > 0 { Thread.sleep(forTimeInterval: holding) }
                try db.run("INSERT INTO t (v) VALUES (?)", [value])
                if losesTransaction {
                    try db.execute(sql: "ROLLBACK")
                    throw StoreError.database("the transaction was rolled back")
                }
                return ((), Commit(sequence: 1, lists: []))
            }
        }
    }

    @Test("a refused write is rolled back alone; the others of its group commit")
    func refusedAlone() async throws {
        let (commit, pool, folder) = try await groupCommit()
        defer { try? FileManager.default.removeItem(at: folder) }
        let holder = write("held", to: commit, holding: 0.4)
        try await Task.sleep(for: .milliseconds(100))
        // Three writes arrive while the writer is busy, so they wait together as one group.
        var writes: [Task<Void, any Error>] = []
        for value in ["a", "b", "c"] {
            writes.append(Task {
                _ = try await commit.write { db in
                    try db.run("INSERT INTO t (v) VALUES (?)", [value])
                    if value == "b" { throw StoreError.database("refused") }
                    return ((), Commit(sequence: 1, lists: []))
                }
            })
            try await Task.sleep(for: .milliseconds(30))
        }
        try await holder.value
        try await writes[0].value
        await #expect(throws: StoreError.self) { try await writes[1].value }
        try await writes[2].value
        #expect(try await pool.read { db in try String.fetchAll(db, sql: "SELECT v FROM t ORDER BY v") } == ["a", "c", "held"])
    }

    @Test("a write that loses the group's transaction ends the group: every writer of it hears so, and nothing of it stays")
    func lostTransaction() async throws {
        let (commit, pool, folder) = try await groupCommit()
        defer { try? FileManager.default.removeItem(at: folder) }
        let holder = write("held", to: commit, holding: 0.4)
        try await Task.sleep(for: .milliseconds(100))
        var writes: [Task<Void, any Error>] = []
        for value in ["a", "b", "c"] {
            writes.append(write(value, to: commit, losesTransaction: value == "b"))
            try await Task.sleep(for: .milliseconds(30))  // in this order
        }
        try await holder.value
        for (index, write) in writes.enumerated() {
            await #expect(throws: (any Error).self, "write \(index)") { try await write.value }
        }
        // "c", run after the transaction was gone, would have committed on its own, untold.
        #expect(try await pool.read { db in try String.fetchAll(db, sql: "SELECT v FROM t ORDER BY v") } == ["held"])
        // The writer goes on with the next group.
        try await write("after", to: commit).value
        #expect(try await pool.read { db in try String.fetchAll(db, sql: "SELECT v FROM t ORDER BY v") } == ["after", "held"])
    }
}
