import Foundation
@testable import TableStore
import Testing
import TestSupport

/// A read of a cached list while other writers commit: answered from the cache, never by reading
/// the list whole, and never with a list older than the revision the database gave.
@Suite("List cache reads beside commits")
struct ListCacheReadTests {
    static let list = ListID.root("queue")

    @Test("readers racing groups of writers find each commit in the cache, at or past the revision they read")
    func readersDuringGroupCommits() async throws {
        let temporary = try await TemporaryStore(durability: .full)
        defer { temporary.remove() }
        let store = try #require(temporary.store as? SQLiteStore)
        let start = try await store.apply([.insert(StoredItem(key: "first", attributes: [:]), at: 0)], to: Self.list, basedOn: nil)
        _ = try await store.list(Self.list)  // the one whole read: the list is cached from here on
        let before = store.listCacheStatistics

        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    for add in 0..<150 {
                        try await store.apply([.insertAfter(StoredItem(key: "w\(writer)-\(add)", attributes: [:]), key: nil)],
                                              to: Self.list, basedOn: nil)
                    }
                }
            }
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<500 {
                        let revision = try await store.revision(of: Self.list)
                        let read = try await store.list(Self.list)
                        #expect(read.revision >= revision)
                        // Each commit added one item to the one the list began with.
                        #expect(read.items.count == read.revision - start + 1)
                    }
                }
            }
            try await group.waitForAll()
        }
        let after = store.listCacheStatistics
        #expect(after.misses == before.misses, "\(after) against \(before)")
        #expect(after.hits >= before.hits + 2_000)
        let final = try await store.list(Self.list)
        #expect(final.items.count == 1_201)
        #expect(Set(final.items.map(\.key)).count == 1_201)
    }
}

extension ListCacheReadTests {
    @Test("a reader that saw a commit's revision before the cache did waits for it; with none committing it goes on at once")
    func waitingForACommit() async throws {
        let cache = ListCache()
        #expect(await cache.commitHasSettled() == false)
        cache.commitBegins()
        let settled = Task { await cache.commitHasSettled() }
        while cache.readersWaitingForCommit == 0 { await Task.yield() }
        let list = StoredList(id: Self.list, revision: 7, items: [])
        cache.remember(list, readAfter: cache.readMark)  // what the commit's apply would have done
        cache.commitSettled()
        #expect(await settled.value == true)
        #expect(cache.list(Self.list, atLeast: 6) == list)
        #expect(cache.list(Self.list, atLeast: 8) == nil)
        #expect(await cache.commitHasSettled() == false)
    }

    @Test("a list another process took away is read as gone, not handed out from the cache")
    func listTakenAwayElsewhere() async throws {
        let temporary = try await TemporaryStore()
        defer { temporary.remove() }
        let store = try #require(temporary.store as? SQLiteStore)
        let owners = ListID.root("owners")
        let children = owners.child(of: "o", relationship: "items")
        try await store.apply([.insert(StoredItem(key: "o", attributes: [:]), at: 0)], to: owners, basedOn: nil)
        try await store.apply([.insert(StoredItem(key: "c1", attributes: [:]), at: 0)], to: children, basedOn: nil)
        #expect(try await store.list(children).items.map(\.key) == ["c1"])
        #expect(try await store.list(children).items.map(\.key) == ["c1"])  // now from the cache

        let other = try SQLiteStore(path: temporary.location)
        try await other.apply([.delete(key: "o")], to: owners, basedOn: nil)
        #expect(try await store.revision(of: children) == 0)
        #expect(try await store.list(children).items.isEmpty)
    }
}
