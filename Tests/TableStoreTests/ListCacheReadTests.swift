import Foundation
@testable import TableStore
import Testing
import TestSupport

/// A read of a cached list while other writers commit: answered from the cache, never by reading
/// the list whole, and never with a list older than the revision the database gave.
@Suite("List cache reads beside commits")
struct ListCacheReadTests {
    static let list = ListID.root("queue")

    @Test("a list read whole comes in the order of its positions, read in the table's order; positions left wrong by hand sort by position and key")
    func wholeReadOrder() async throws {
        let temporary = try await TemporaryStore()
        defer { temporary.remove() }
        let store = try #require(temporary.store as? SQLiteStore)
        // Keys whose order is not the list's: the table's order (by key) and the positions differ.
        let keys = ["m", "c", "x", "a", "q", "b"]
        for (position, key) in keys.enumerated() {
            try await store.apply([.insert(StoredItem(key: key, attributes: ["n": .number(Double(position))]), at: position)], to: Self.list, basedOn: nil)
        }
        try await store.apply([.move(key: "a", to: 0)], to: Self.list, basedOn: nil)
        let expected = ["a", "m", "c", "x", "q", "b"]
        #expect(try await store.fullList(Self.list).items.map(\.key) == expected)
        #expect(try await store.fullList(Self.list).items.map(\.attributes) == expected.map { ["n": .number(Double(keys.firstIndex(of: $0)!))] })
        // A store that keeps no decoded attributes (an export's) reads the same.
        let once = try SQLiteStore(path: temporary.path, readsOnce: true)
        #expect(try await once.fullList(Self.list) == store.fullList(Self.list))
        #expect(try await once.item("q", in: Self.list) == StoredItem(key: "q", attributes: ["n": .number(4)]))

        let item = { (key: String) in StoredItem(key: key, attributes: [:]) }
        #expect(SQLiteStore.inPositionOrder([(2, item("c")), (0, item("a")), (1, item("b"))]).map(\.key) == ["a", "b", "c"])
        #expect(SQLiteStore.inPositionOrder([]).isEmpty)
        // A repeated position, a gap, a position past the end or below zero: by position, then key.
        #expect(SQLiteStore.inPositionOrder([(1, item("b")), (1, item("a")), (0, item("z"))]).map(\.key) == ["z", "a", "b"])
        #expect(SQLiteStore.inPositionOrder([(5, item("b")), (0, item("a"))]).map(\.key) == ["a", "b"])
        #expect(SQLiteStore.inPositionOrder([(1, item("b")), (-1, item("a"))]).map(\.key) == ["a", "b"])
    }

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
    @Test("a reader that saw a commit's revision before the cache did waits for it; otherwise it goes on at once",
          .timeLimit(.minutes(1)))
    func waitingForACommit() async throws {
        let cache = ListCache()
        let other = ListID.root("other")
        cache.remember(StoredList(id: Self.list, revision: 6, items: []), readAfter: cache.readMark)
        await cache.waitForCommit(reaching: Self.list, at: 7)  // nothing committing

        cache.commitBegins()
        await cache.waitForCommit(reaching: Self.list, at: 6)  // the cache is there already
        await cache.waitForCommit(reaching: other, at: 3)  // not cached: waiting would not help
        let reader = Task {
            await cache.waitForCommit(reaching: Self.list, at: 7)
            return cache.list(Self.list, atLeast: 7)
        }
        while cache.readersWaitingForCommit == 0 { await Task.yield() }
        let committed = StoredList(id: Self.list, revision: 7, items: [StoredItem(key: "new", attributes: [:])])
        cache.remember(committed, readAfter: cache.readMark)  // what the commit's apply would have done
        cache.commitSettled()
        #expect(await reader.value == committed)
        #expect(cache.list(Self.list, atLeast: 6) == committed, "a later list is as good")
        #expect(cache.list(Self.list, atLeast: 8) == nil)
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

    @Test("an item another process moved into the place of a deleted one brings its lists at revisions above the old ones")
    func listsMovedInElsewhere() async throws {
        let temporary = try await TemporaryStore()
        defer { temporary.remove() }
        let store = try #require(temporary.store as? SQLiteStore)
        let left = ListID.root("left"), right = ListID.root("right")
        let leftRows = left.child(of: "x", relationship: "rows"), rightRows = right.child(of: "x", relationship: "rows")
        try await store.apply([.insert(StoredItem(key: "x", attributes: [:]), at: 0)], to: left, basedOn: nil)
        try await store.apply([.insert(StoredItem(key: "x", attributes: [:]), at: 0)], to: right, basedOn: nil)
        try await store.apply([.insert(StoredItem(key: "moved", attributes: [:]), at: 0)], to: leftRows, basedOn: nil)
        // The right-hand list goes through many revisions, more than the left-hand one has.
        for number in 0..<20 {
            try await store.apply([.insert(StoredItem(key: "r\(number)", attributes: [:]), at: 0)], to: rightRows, basedOn: nil)
        }
        let cached = try await store.list(rightRows)
        let again = try await store.list(rightRows)  // from the cache
        #expect(cached.items.count == 20 && again == cached)

        let other = try SQLiteStore(path: temporary.location)
        try await other.apply([.delete(key: "x")], to: right, basedOn: nil)
        try await other.apply([.moveIn(key: "x", from: left, at: 0, renamedTo: nil)], to: right, basedOn: nil)
        #expect(try await store.revision(of: rightRows) > cached.revision)
        #expect(try await store.list(rightRows).items.map(\.key) == ["moved"])
        #expect(try await other.list(rightRows).items.map(\.key) == ["moved"])
    }

    @Test("an item is looked up in a short cached list, which still shows this store's and another store's commits; a long list asks the index")
    func itemFromTheCache() async throws {
        let temporary = try await TemporaryStore()
        defer { temporary.remove() }
        let store = try #require(temporary.store as? SQLiteStore)
        try await store.apply([.insert(StoredItem(key: "a", attributes: ["n": .number(1)]), at: 0)], to: Self.list, basedOn: nil)
        _ = try await store.list(Self.list)
        _ = try await store.revision(of: Self.list)
        let hits = store.listCacheStatistics.hits
        #expect(try await store.item("a", in: Self.list) == StoredItem(key: "a", attributes: ["n": .number(1)]))
        #expect(try await store.item("b", in: Self.list) == nil)
        #expect(store.listCacheStatistics.hits == hits + 2, "both answered from the cached list")

        try await store.apply([.insert(StoredItem(key: "b", attributes: [:]), at: 1)], to: Self.list, basedOn: nil)
        #expect(try await store.item("b", in: Self.list) == StoredItem(key: "b", attributes: [:]))
        let other = try SQLiteStore(path: temporary.location)
        try await other.apply([.update(key: "a", attributes: ["n": .number(2)]), .insert(StoredItem(key: "c", attributes: [:]), at: 2)],
                              to: Self.list, basedOn: nil)
        #expect(try await store.item("a", in: Self.list) == StoredItem(key: "a", attributes: ["n": .number(2)]))
        #expect(try await store.item("c", in: Self.list) == StoredItem(key: "c", attributes: [:]))

        // Past the longest list looked through, the key's index answers, not the cache.
        let long = ListID.root("long")
        let items = (0...SQLiteStore.longestListSearched).map { StoredItem(key: "k\($0)", attributes: [:]) }
        try await store.apply([.replaceAll(items)], to: long, basedOn: nil)
        _ = try await store.list(long)
        let before = store.listCacheStatistics.hits
        #expect(try await store.item("k3", in: long) == StoredItem(key: "k3", attributes: [:]))
        #expect(store.listCacheStatistics.hits == before)
    }

    @Test("the keys commits touched are told for the last 32 commits the cache saw, and for no span reaching further back")
    func changedKeysWithinHistory() async throws {
        let temporary = try await TemporaryStore()
        defer { temporary.remove() }
        let store = try #require(temporary.store as? SQLiteStore)
        let first = try await store.apply([.insert(StoredItem(key: "k0", attributes: [:]), at: 0)], to: Self.list, basedOn: nil)
        _ = try await store.list(Self.list)  // cached from here on: the commits below are applied to it
        var revisions = [first]
        for number in 1...40 {
            // Each commit names one key: a new one, or the previous one updated.
            let change: ListChange = number.isMultiple(of: 2)
                ? .update(key: "k\(number - 1)", attributes: ["n": .number(Double(number))])
                : .insert(StoredItem(key: "k\(number)", attributes: [:]), at: 0)
            revisions.append(try await store.apply([change], to: Self.list, basedOn: nil))
        }
        let last = revisions[40]
        let named = { (number: Int) in "k\(number.isMultiple(of: 2) ? number - 1 : number)" }
        #expect(store.changedKeys(of: Self.list, from: revisions[39], to: last) == [named(40)])
        #expect(store.changedKeys(of: Self.list, from: revisions[8], to: last) == Set((9...40).map(named)))
        #expect(store.changedKeys(of: Self.list, from: revisions[7], to: last) == nil, "33 commits: the first is no longer kept")
        #expect(store.changedKeys(of: Self.list, from: revisions[20], to: revisions[30]) == Set((21...30).map(named)))
        #expect(store.changedKeys(of: Self.list, from: last, to: last) == [])
        #expect(store.changedKeys(of: Self.list, from: last, to: revisions[39]) == nil)
    }
}
