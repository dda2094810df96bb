import Foundation
import TableStore
import TableStorePostgres
import Testing

/// Every commit is recorded with its list, new revision and what changed, on both databases;
/// servers on one PostgreSQL database learn each other's commits through the log.
@Suite("The change log")
struct ChangeLogTests {
    static let letters = ListID.root("letters")

    @Test("each commit names, per list, the keys inserted, deleted, moved and reloaded, and the list's new revision",
          arguments: StoreKind.allCases)
    func records(kind: StoreKind) async throws {
        let temporary = try await StoreTests.lettered(["a", "b", "c"], on: kind)
        defer { temporary.remove() }
        let store = temporary.store
        let start = store.feed.appliedSequence
        try await store.apply([.insert(StoredItem(key: "x"), at: 1), .move(key: "c", to: 0)], to: Self.letters, basedOn: 1)
        try await store.apply([.update(key: "a", attributes: ["name": .string("Aa")]), .delete(key: "b")], to: Self.letters, basedOn: 2)
        try await store.apply([.checkExclusively(attribute: "chosen", key: "x")], to: Self.letters, basedOn: 3)
        let commits = try #require(try await store.commits(after: start))
        #expect(commits.map(\.sequence) == [start + 1, start + 2, start + 3])
        #expect(commits.map { $0.lists.map(\.list) } == [[Self.letters], [Self.letters], [Self.letters]])
        #expect(commits.map { $0.lists[0].revision } == [2, 3, 4])
        #expect(commits[0].lists[0].inserted == ["x"] && commits[0].lists[0].moved == ["c"])
        #expect(commits[1].lists[0].reloaded == ["a"] && commits[1].lists[0].deleted == ["b"])
        #expect(Set(commits[2].lists[0].reloaded) == ["c", "a", "x"], "every item whose check changed (new attribute on all)")
        #expect(store.feed.appliedSequence == start + 3, "the store's own commits reach its feed at once")
        #expect(try await store.commits(after: start + 3) == [])
    }

    @Test("a refused change leaves no entry and takes no number", arguments: StoreKind.allCases)
    func refusedLeavesNothing(kind: StoreKind) async throws {
        let temporary = try await StoreTests.lettered(["a"], on: kind)
        defer { temporary.remove() }
        let store = temporary.store
        let start = store.feed.appliedSequence
        await #expect(throws: StoreError.self) { try await store.apply([.delete(key: "a")], to: Self.letters, basedOn: 7) }
        try await store.apply([.delete(key: "a")], to: Self.letters, basedOn: 1)
        #expect(try await store.commits(after: start)?.map(\.sequence) == [start + 1])
    }

    @Test("a move into another list is a deletion there and an insertion here, both lists at their new revisions",
          arguments: StoreKind.allCases)
    func movesBetweenLists(kind: StoreKind) async throws {
        let temporary = try await TemporaryStore(kind)
        defer { temporary.remove() }
        let store = temporary.store
        try await store.load(.trails, replacing: true)
        let north = ListID.root("regions").child(of: "north", relationship: "trails")
        let south = ListID.root("regions").child(of: "south", relationship: "trails")
        let start = store.feed.appliedSequence
        try await store.apply([ListWrite([.moveIn(key: "maple-pass", from: north, at: 0, renamedTo: nil)], to: south, basedOn: nil)])
        let commit = try #require(try await store.commits(after: start)?.first)
        let byList = Dictionary(uniqueKeysWithValues: commit.lists.map { ($0.list, $0) })
        #expect(byList[south]?.inserted == ["maple-pass"] && byList[south]?.revision == 2)
        #expect(byList[north]?.deleted == ["maple-pass"] && byList[north]?.revision == 2)
    }

    @Test("an import that replaces everything is one commit that says so; subscribers get each commit in order",
          arguments: StoreKind.allCases)
    func replacingAndSubscribers(kind: StoreKind) async throws {
        let temporary = try await TemporaryStore(kind)
        defer { temporary.remove() }
        let store = temporary.store
        let stream = store.feed.subscribe()
        try await store.load(.trails, replacing: true)
        try await store.apply([.delete(key: "south")], to: .root("regions"), basedOn: 1)
        var received: [Commit] = []
        for await commit in stream {
            received.append(commit)
            if received.count == 2 { break }
        }
        #expect(received[0].everything && received[0].lists.allSatisfy(\.reset))
        #expect(received[1].sequence == received[0].sequence + 1 && received[1].lists.map(\.deleted) == [["south"]])
    }

    @Test("trimming keeps the newest commit; a reader from before the trim is told to start afresh", arguments: StoreKind.allCases)
    func trimming(kind: StoreKind) async throws {
        let temporary = try await StoreTests.lettered(["a", "b"], on: kind)
        defer { temporary.remove() }
        let store = temporary.store
        try await store.apply([.delete(key: "a")], to: Self.letters, basedOn: 1)
        let newest = store.feed.appliedSequence
        #expect(try await store.trimChangeLog(before: Date().addingTimeInterval(-3600)) == 0, "nothing is an hour old")
        #expect(try await store.trimChangeLog(before: Date().addingTimeInterval(3600)) > 0)
        #expect(try await store.commits(after: newest - 1)?.map(\.sequence) == [newest], "the newest stays")
        #expect(try await store.commits(after: 0) == nil, "the log no longer reaches back to the start")
    }

    @Test("two servers on one PostgreSQL database: each learns the other's commits and serves revisions from memory")
    func twoServers() async throws {
        let temporary = try await StoreTests.lettered(["a", "b"], on: .postgresql)
        defer { temporary.remove() }
        let first = temporary.store
        let second = try await temporary.another()
        defer { if let second = second as? PostgresStore { Task { await second.close() } } }
        #expect(try await second.revision(of: Self.letters) == 1)
        try await first.apply([.delete(key: "a")], to: Self.letters, basedOn: 1)
        // The other server hears of the commit through NOTIFY, then reads it from the log.
        let deadline = ContinuousClock.now + .seconds(30)
        while second.feed.revision(of: Self.letters) != 2, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(5)) }
        #expect(second.feed.revision(of: Self.letters) == 2, "known in memory, without a query")
        #expect(second.revisionNow(of: Self.letters) == 2)
        #expect(second.certainRevision(of: Self.letters) == nil, "memory that follows other servers a moment late is never certain")
        #expect(second.feed.appliedSequence == first.feed.appliedSequence)
        // The second server's own commit, after the first's, is taken in in order.
        try await second.apply([.delete(key: "b")], to: Self.letters, basedOn: 2)
        #expect(try await second.revision(of: Self.letters) == 3)
        await #expect(throws: StoreError.staleRevision(list: Self.letters, expected: 2, current: 3)) {
            try await first.apply([.insert(StoredItem(key: "c"), at: 0)], to: Self.letters, basedOn: 2)
        }
        // A server that is behind catches up when asked to (a browser's edit made elsewhere).
        try await first.catchUp(to: second.appliedSequence)
        #expect(first.appliedSequence == second.appliedSequence)
        #expect(try await first.revision(of: Self.letters) == 3)
    }

    @Test("an idle store does not look for other processes' commits until its feed has a subscriber, then hands them on",
          .timeLimit(.minutes(1)))
    func followsOnlyForSubscribers() async throws {
        let temporary = try await StoreTests.lettered(["a", "b", "c"], on: .sqlite)
        defer { temporary.remove() }
        let store = try #require(temporary.store as? SQLiteStore)
        let other = try SQLiteStore(path: temporary.path)
        defer { Task { await other.close() } }
        // A commit from elsewhere, and nobody subscribed for a while.
        try await other.apply([.delete(key: "a")], to: Self.letters, basedOn: 1)
        try await Task.sleep(for: .milliseconds(300))  // three of the follower's intervals
        #expect(store.followerLookCount == 0, "nobody follows the commits live: the follower sleeps")
        let commits = store.feed.subscribe()
        try await other.apply([.delete(key: "b")], to: Self.letters, basedOn: 2)
        var followed = commits.makeAsyncIterator()
        #expect(await followed.next()?.lists.map(\.deleted) == [["a"]], "the commit made while nobody listened comes first")
        #expect(await followed.next()?.lists.map(\.deleted) == [["b"]])
        #expect(store.followerLookCount > 0)
    }

    @Test("the feed forgets the revisions it knew of lists below an item put in or taken away, and keeps the rest")
    func feedForgetsBelowReplacedItems() {
        let feed = ChangeFeed()
        feed.start(at: 0)
        let notesOfA = Self.letters.child(of: "a", relationship: "notes"), notesOfB = Self.letters.child(of: "b", relationship: "notes")
        let other = ListID.root("other")
        feed.remember(0, of: notesOfA, readAt: 0)  // read while "a" was not there
        feed.remember(4, of: notesOfB, readAt: 0)
        feed.remember(3, of: other, readAt: 0)
        // "a" moved in from elsewhere, bringing its notes.
        var movedIn = ListChangeRecord(list: Self.letters, revision: 2)
        movedIn.inserted = ["a"]
        feed.apply(Commit(sequence: 1, lists: [movedIn]))
        #expect(feed.revision(of: notesOfA) == nil)
        #expect(feed.revision(of: notesOfB) == 4 && feed.revision(of: other) == 3 && feed.revision(of: Self.letters) == 2)
        var deleted = ListChangeRecord(list: Self.letters, revision: 3)
        deleted.deleted = ["b"]
        feed.apply(Commit(sequence: 2, lists: [deleted]))
        #expect(feed.revision(of: notesOfB) == nil && feed.revision(of: other) == 3)
        // A list below an item the same commit deleted is forgotten, whatever revision its own
        // record gives it.
        feed.remember(5, of: notesOfA, readAt: 2)
        var deletedA = ListChangeRecord(list: Self.letters, revision: 4)
        deletedA.deleted = ["a"]
        feed.apply(Commit(sequence: 3, lists: [deletedA, ListChangeRecord(list: notesOfA, revision: 6)]))
        #expect(feed.revision(of: notesOfA) == nil && feed.revision(of: Self.letters) == 4)
    }

    @Test("waiting for a subscriber ends when one subscribes, at once while one is there, and when the waiting task is cancelled",
          .timeLimit(.minutes(1)))
    func waitingForSubscribers() async throws {
        let feed = ChangeFeed()
        let waiting = Task { await feed.waitForSubscribers() }
        while feed.subscriberWaitCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        let stream = feed.subscribe()
        await waiting.value
        #expect(feed.subscriberWaitCount == 0, "the subscription ended the wait")
        // With a subscriber there, it does not wait at all.
        await feed.waitForSubscribers()
        withExtendedLifetime(stream) {}
        // Cancelled while it waits: the wait ends and leaves nothing behind.
        let unsubscribed = ChangeFeed()
        let cancelled = Task { await unsubscribed.waitForSubscribers() }
        while unsubscribed.subscriberWaitCount == 0 { try await Task.sleep(for: .milliseconds(5)) }
        cancelled.cancel()
        await cancelled.value
        #expect(unsubscribed.subscriberWaitCount == 0)
        // Cancelled before it waits: it returns at once, never counted as waiting.
        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            await unsubscribed.waitForSubscribers()
        }
        await cancelledFirst.value
        #expect(unsubscribed.subscriberWaitCount == 0)
    }
}
