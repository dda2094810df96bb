import Foundation
import Testing
@testable import TableStore

/// A command that wrote closes its store and the store answers no more; SQLite's log goes into
/// the database file, unless another connection still has the file open.
@Suite("Closing a store")
struct StoreClosingTests {
    static let letters = StoreTests.letters

    @Test("closed while nothing else has the file open, its commits are in the database file and no log is left")
    func foldsTheLog() async throws {
        let temporary = try await StoreTests.lettered(["a", "b", "c"], on: .sqlite)
        defer { temporary.remove() }
        try await temporary.store.apply([.delete(key: "b")], to: Self.letters, basedOn: 1)
        #expect(FileManager.default.fileExists(atPath: temporary.path + "-wal"), "the commits are in the log until it closes")
        await temporary.store.close()
        #expect(!FileManager.default.fileExists(atPath: temporary.path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: temporary.path + "-shm"))
        let reopened = try SQLiteStore(path: temporary.path)
        let list = try await reopened.list(Self.letters)
        #expect(list.revision == 2 && list.items.map(\.key) == ["a", "c"])
    }

    @Test("closed while another store has the file open, the log stays for it and it reads on")
    func leavesTheLogToOthers() async throws {
        let temporary = try await StoreTests.lettered(["a", "b", "c"], on: .sqlite)
        defer { temporary.remove() }
        let other = try SQLiteStore(path: temporary.path)
        #expect(try await other.revision(of: Self.letters) == 1)
        try await temporary.store.apply([.delete(key: "b")], to: Self.letters, basedOn: 1)
        await temporary.store.close()
        #expect(FileManager.default.fileExists(atPath: temporary.path + "-wal"))
        #expect(try await other.revision(of: Self.letters) == 2)
        try await other.apply([.delete(key: "a")], to: Self.letters, basedOn: 2)
        #expect(try await other.list(Self.letters).items.map(\.key) == ["c"])
        await other.close()
        #expect(!FileManager.default.fileExists(atPath: temporary.path + "-wal"), "the last store to close copies the log in")
        #expect(try await SQLiteStore(path: temporary.path).list(Self.letters).revision == 3)
    }

    @Test("a store whose feed has subscribers, following other processes' commits, closes as well")
    func closesWhileFollowing() async throws {
        let temporary = try await StoreTests.lettered(["a", "b", "c"], on: .sqlite)
        defer { temporary.remove() }
        let other = try SQLiteStore(path: temporary.path)
        let commits = temporary.store.feed.subscribe()
        // Another connection's commit, which the follower hands to the feed (it looks every 100 ms).
        try await other.apply([.delete(key: "b")], to: Self.letters, basedOn: 1)
        var followed = commits.makeAsyncIterator()
        #expect(await followed.next()?.lists.map(\.list) == [Self.letters])
        await temporary.store.close()
        await #expect(throws: (any Error).self) { try await temporary.store.list(Self.letters) }
        #expect(try await other.list(Self.letters).items.map(\.key) == ["a", "c"])
    }

    @Test("a store used through closing(after:) is closed after it, when it throws too")
    func closingAfter() async throws {
        struct Refused: Error {}
        let temporary = try await StoreTests.lettered(["a", "b"], on: .sqlite)
        defer { temporary.remove() }
        let read = try await temporary.store.closing { try await temporary.store.list(Self.letters).items.map(\.key) }
        #expect(read == ["a", "b"])
        await #expect(throws: StoreError.self) { try await temporary.store.list(Self.letters) }
        #expect(!FileManager.default.fileExists(atPath: temporary.path + "-wal"))

        let other = try SQLiteStore(path: temporary.path)
        await #expect(throws: Refused.self) {
            try await other.closing {
                try await other.apply([.delete(key: "a")], to: Self.letters, basedOn: 1)
                throw Refused()
            }
        }
        await #expect(throws: StoreError.self) { try await other.list(Self.letters) }
        #expect(try await SQLiteStore(path: temporary.path).list(Self.letters).items.map(\.key) == ["b"])
    }

    @Test("a closed store answers reads and writes with an error", arguments: StoreKind.allCases)
    func answersNoMore(kind: StoreKind) async throws {
        let temporary = try await StoreTests.lettered(["a", "b"], on: kind)
        defer { temporary.remove() }
        #expect(try await temporary.store.revision(of: Self.letters) == 1)
        await temporary.store.close()
        let errors = [
            await #expect(throws: StoreError.self) { try await temporary.store.list(Self.letters) },
            await #expect(throws: StoreError.self) { try await temporary.store.revision(of: Self.letters) },
            await #expect(throws: StoreError.self) { try await temporary.store.apply([.delete(key: "a")], to: Self.letters, basedOn: 1) },
        ]
        // PostgreSQL's store says so itself (SQLite's passes on what its closed connections say).
        if kind == .postgresql { #expect(errors == Array(repeating: StoreError.database("the store was closed"), count: 3)) }
    }
}
