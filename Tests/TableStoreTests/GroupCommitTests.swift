import Foundation
import GRDB
import Synchronization
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
    private func write(_ value: String, to commit: GroupCommit, losesTransaction: Bool = false, refused: Bool = false) -> Task<Void, any Error> {
        Task {
            _ = try await commit.write { db, _ in
                try db.run("INSERT INTO t (v) VALUES (?)", [value])
                if losesTransaction {
                    try db.execute(sql: "ROLLBACK")
                    throw StoreError.database("the transaction was rolled back")
                }
                if refused { throw StoreError.database("refused") }
                return ((), Commit(sequence: 1, lists: []))
            }
        }
    }

    /// Runs `writes` (each queuing one write) as one group, in their order: a write that holds
    /// the writer keeps the group waiting until every one of them is queued.
    private func inOneGroup(_ commit: GroupCommit, _ writes: [() -> Task<Void, any Error>]) async throws -> [Task<Void, any Error>] {
        let release = DispatchSemaphore(value: 0)
        let holding = Mutex(false)
        let holder = Task {
            _ = try await commit.write { db, _ in
                holding.withLock { $0 = true }
                release.wait()
                try db.run("INSERT INTO t (v) VALUES (?)", ["held"])
                return ((), Commit(sequence: 1, lists: []))
            }
        }
        while !holding.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
        var queued: [Task<Void, any Error>] = []
        for write in writes {
            queued.append(write())
            while commit.waitingCount < queued.count { try await Task.sleep(for: .milliseconds(5)) }
        }
        release.signal()
        try await holder.value
        return queued
    }

    @Test("a refused write is rolled back alone; the others of its group commit")
    func refusedAlone() async throws {
        let (commit, pool, folder) = try await groupCommit()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writes = try await inOneGroup(commit, ["a", "b", "c"].map { value in { write(value, to: commit, refused: value == "b") } })
        try await writes[0].value
        await #expect(throws: StoreError.self) { try await writes[1].value }
        try await writes[2].value
        #expect(try await pool.read { db in try String.fetchAll(db, sql: "SELECT v FROM t ORDER BY v") } == ["a", "c", "held"])
    }

    @Test("a write that loses the group's transaction ends the group: every writer of it hears so, and nothing of it stays")
    func lostTransaction() async throws {
        let (commit, pool, folder) = try await groupCommit()
        defer { try? FileManager.default.removeItem(at: folder) }
        let writes = try await inOneGroup(commit, ["a", "b", "c"].map { value in { write(value, to: commit, losesTransaction: value == "b") } })
        // Each writer hears why: the transaction was gone (not that a savepoint was missing).
        for (index, write) in writes.enumerated() {
            let error = await #expect(throws: StoreError.self, "write \(index)") { try await write.value }
            #expect(error?.description.contains("the transaction was rolled back") == true, "write \(index): \(String(describing: error))")
        }
        // "c", run after the transaction was gone, would have committed on its own, untold.
        #expect(try await pool.read { db in try String.fetchAll(db, sql: "SELECT v FROM t ORDER BY v") } == ["held"])
        // The writer goes on with the next group.
        try await write("after", to: commit).value
        #expect(try await pool.read { db in try String.fetchAll(db, sql: "SELECT v FROM t ORDER BY v") } == ["after", "held"])
    }

    @Test("an action a transaction left for its commit runs at no later commit, a group's or another write's")
    func leftActionDiscarded() async throws {
        let (commit, pool, folder) = try await groupCommit()
        defer { try? FileManager.default.removeItem(at: folder) }
        // As a group whose commit SQLite rolled back without GRDB telling its observers leaves it.
        let ran = Mutex(0)
        let leave: @Sendable () -> Void = { commit.hook.onCommit { _ in ran.withLock { $0 += 1 } } }
        try await pool.writeWithoutTransaction { _ in leave() }
        _ = try await commit.writeAlone { db in try db.run("INSERT INTO t (v) VALUES (?)", ["alone"]) }
        try await pool.writeWithoutTransaction { _ in leave() }
        try await write("grouped", to: commit).value
        #expect(ran.withLock { $0 } == 0)
        #expect(try await pool.read { db in try String.fetchAll(db, sql: "SELECT v FROM t ORDER BY v") } == ["alone", "grouped"])
    }
}

