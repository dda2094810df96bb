import Foundation
import GRDB
import Testing
import TestSupport
@testable import TableStore

@Suite("Point reads on the caller's thread")
struct QuickReadTests {
    static let letters = StoreTests.letters

    @Test("a revision read sees every commit at once, this store's and another connection's")
    func seesCommits() async throws {
        let temporary = try await StoreTests.lettered(["a", "b", "c"], on: .sqlite)
        defer { temporary.remove() }
        let other = try SQLiteStore(path: temporary.path)
        #expect(try await temporary.store.revision(of: Self.letters) == 1)
        try await temporary.store.apply([.delete(key: "b")], to: Self.letters, basedOn: 1)
        #expect(try await temporary.store.revision(of: Self.letters) == 2)
        #expect(try await other.revision(of: Self.letters) == 2, "another connection's reader sees the commit")
        try await other.apply([.move(key: "a", to: 1)], to: Self.letters, basedOn: 2)
        #expect(try await temporary.store.revision(of: Self.letters) == 3)
        let c = try await temporary.store.item("c", in: Self.letters)
        let b = try await temporary.store.item("b", in: Self.letters)
        #expect(c != nil && b == nil)
    }

    @Test("revisions come from memory until anyone commits to the file, then from the database")
    func revisionsFromMemory() async throws {
        let temporary = try await StoreTests.lettered(["a", "b", "c"], on: .sqlite)
        defer { temporary.remove() }
        let store = try #require(temporary.store as? SQLiteStore)
        let other = try SQLiteStore(path: temporary.path)
        #expect(try await store.revision(of: Self.letters) == 1)
        let before = store.revisionsFromMemory
        #expect(try await store.revision(of: Self.letters) == 1)
        #expect(store.revisionNow(of: Self.letters) == 1)
        #expect(store.certainRevision(of: Self.letters) == 1)
        #expect(store.revisionsFromMemory == before + 3, "no query while nobody commits")
        // Another store's commit, as another process's would be: unknown until read.
        try await other.apply([.delete(key: "b")], to: Self.letters, basedOn: 1)
        #expect(store.revisionNow(of: Self.letters) == nil)
        #expect(store.certainRevision(of: Self.letters) == nil, "what is kept by revision 1 must not pass for current")
        #expect(try await store.revision(of: Self.letters) == 2)
        #expect(store.revisionNow(of: Self.letters) == 2)
        // A writer that is not TableStack at all: SQL on a connection of its own.
        let outsider = try DatabaseQueue(path: temporary.path)
        try await outsider.write { db in try db.execute(sql: "UPDATE lists SET revision = 7 WHERE relationship = 'letters'") }
        #expect(store.revisionNow(of: Self.letters) == nil)
        #expect(try await store.revision(of: Self.letters) == 7)
        // A checkpoint that empties the log, then a commit: still seen.
        _ = try await outsider.writeWithoutTransaction { db in try db.checkpoint(.truncate) }
        #expect(try await store.revision(of: Self.letters) == 7)
        try await outsider.write { db in try db.execute(sql: "UPDATE lists SET revision = 8 WHERE relationship = 'letters'") }
        #expect(store.revisionNow(of: Self.letters) == nil)
        #expect(try await store.revision(of: Self.letters) == 8)
        // A writer in exclusive locking mode, which would keep its WAL index out of shared memory.
        var exclusive = Configuration()
        exclusive.busyMode = .timeout(0.2)
        let hermit = try DatabaseQueue(path: temporary.path, configuration: exclusive)
        // SQLite refuses it while this store's connections hold the file, so nothing it could
        // commit goes unseen; were it ever let through, the memo's reasoning would need a look.
        await #expect(throws: DatabaseError.self) {
            try await hermit.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
                try db.execute(sql: "UPDATE lists SET revision = 9 WHERE relationship = 'letters'")
            }
        }
        try hermit.close()
        // A commit from another process, through SQLite's own library there.
        let python = try await SpawnedProcess.run("/usr/bin/python3", ["-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1]); "
            + "c.execute(\"UPDATE lists SET revision = 12 WHERE relationship = 'letters'\"); c.commit()", temporary.path])
        #expect(python.status == 0, "\(python.errors)")
        #expect(store.revisionNow(of: Self.letters) == nil)
        #expect(try await store.revision(of: Self.letters) == 12)
        #expect(try await store.integrityProblems().isEmpty)
        let settled = store.revisionsFromMemory
        #expect(store.revisionNow(of: Self.letters) == 12)
        #expect(store.revisionsFromMemory == settled + 1)
    }

    @Test("when every quick connection is busy, a read answers nil at once instead of waiting")
    func neverWaits() async throws {
        let temporary = try await TemporaryStore()
        defer { temporary.remove() }
        let readers = QuickReaders(path: temporary.path, limit: 1)
        let outer: Int?? = try readers.read { db in
            // The only connection is in use here: a second read must not wait for it.
            let inner = try readers.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
            #expect(inner == nil)
            return try Int.fetchOne(db, sql: "SELECT 2")
        }
        #expect(outer == .some(2))
        #expect(try readers.read { db in try Int.fetchOne(db, sql: "SELECT 3") } == .some(3), "the connection is idle again")
    }

    @Test("when SQLite keeps readers out (another connection holds the file exclusively), a quick read answers nil")
    func busyFallsBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-busy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("held.sqlite").path
        var holding = Configuration()
        holding.allowsUnsafeTransactions = true // the transaction stays open between the two accesses
        let holder = try DatabaseQueue(path: path, configuration: holding)
        try holder.inDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "CREATE TABLE lists (name TEXT)")
            try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE")
            try db.execute(sql: "BEGIN EXCLUSIVE")
            try db.execute(sql: "INSERT INTO lists VALUES ('held')")
        }
        let readers = QuickReaders(path: path)
        let blocked = try readers.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM lists") }
        #expect(blocked == nil, "a database kept busy sends the read the usual way instead of failing it")
        try holder.inDatabase { db in try db.execute(sql: "COMMIT") }
        try holder.close()
        #expect(try readers.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM lists") } == .some(1))
    }

    @Test("readers in many tasks while writers commit: every read ends, none goes backwards, the last sees all")
    func readersAndWriters() async throws {
        let temporary = try await StoreTests.lettered(["a"], on: .sqlite)
        defer { temporary.remove() }
        let store = temporary.store
        let commits = 40
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for revision in 1...commits {
                    try await store.apply([.insert(StoredItem(key: "w\(revision)"), at: 0)], to: Self.letters, basedOn: revision)
                }
            }
            for _ in 0..<12 {
                group.addTask {
                    var last = 0
                    // A guard against a hang, not a speed limit: a store that never shows the last
                    // commit fails the test instead of spinning.
                    let deadline = ContinuousClock.now + .seconds(120)
                    while last < commits + 1, ContinuousClock.now < deadline {
                        let seen = try await store.revision(of: Self.letters)
                        #expect(seen >= last, "a later read never sees an older revision")
                        last = seen
                        await Task.yield()
                    }
                    #expect(last == commits + 1, "the reader saw the last commit")
                }
            }
            try await group.waitForAll()
        }
        #expect(try await store.list(Self.letters).items.count == commits + 1)
    }
}
