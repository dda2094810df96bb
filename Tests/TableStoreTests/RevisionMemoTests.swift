import Foundation
import GRDB
import Testing
@testable import TableStore
import TestSupport

/// Revisions a store remembers, carried across its own commits and forgotten at anyone else's.
@Suite("Revisions in memory")
struct RevisionMemoTests {
    static let letters = ListID.root("letters")

    @Test("this store's own commits keep its revisions in memory; another store's, interleaved, never leave one stale")
    func ownCommitsKeepMemory() async throws {
        let temporary = try await StoreTests.lettered(["a"], on: .sqlite)
        defer { temporary.remove() }
        let store = try #require(temporary.store as? SQLiteStore)
        let other = try SQLiteStore(path: temporary.path)
        let numbers = ListID.root("numbers"), notes = Self.letters.child(of: "a", relationship: "notes")
        let lists = [Self.letters, numbers, notes]
        #expect(try await store.revision(of: numbers) == 0)
        try await store.apply([.insert(StoredItem(key: "b"), at: 1)], to: Self.letters, basedOn: 1)
        #expect(store.revisionNow(of: Self.letters) == 2, "the revision its commit wrote, without a query")
        #expect(store.revisionNow(of: numbers) == 0, "a list the commit left alone is still known")

        var dice = SeededGenerator(seed: 20261124)
        for step in 1...300 {
            // Either store, or both at once; now and then the owner of `notes` goes and comes back,
            // taking its notes (and their revision) with it.
            let writers: [SQLiteStore] = [[store], [other], [store, other]][dice.next(below: 3)]
            let targets = writers.map { _ in lists[dice.next(below: lists.count)] }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for (index, (writer, list)) in zip(writers, targets).enumerated() {
                    group.addTask {
                        try await writer.apply([.insert(StoredItem(key: "k\(step)-\(index)"), at: 0)], to: list, basedOn: nil)
                    }
                }
                try await group.waitForAll()
            }
            if step.isMultiple(of: 25) {
                let writer = writers[0]
                try await writer.apply([.delete(key: "a")], to: Self.letters, basedOn: nil)
                try await writer.apply([.insert(StoredItem(key: "a"), at: 0)], to: Self.letters, basedOn: nil)
            }
            for list in lists {
                let stored = try await store.list(list, positions: 0..<1).list.revision
                #expect(try await store.revision(of: list) == stored, "step \(step): \(list)")
                #expect(try await other.revision(of: list) == stored, "step \(step): \(list), the other store")
            }
        }
        #expect(store.revisionsFromMemory > 150, "own commits left revisions in memory: \(store.revisionsFromMemory)")
    }


    @Test("an item moved in under a key some item had before brings its lists at their revisions, not the remembered ones")
    func movedInUnderOldKey() async throws {
        let temporary = try await StoreTests.lettered(["a", "b"], on: .sqlite)
        defer { temporary.remove() }
        let store = try #require(temporary.store as? SQLiteStore)
        let others = ListID.root("others")
        let notesOfA = Self.letters.child(of: "a", relationship: "notes")
        try await store.apply([.insert(StoredItem(key: "x"), at: 0)], to: others, basedOn: nil)
        try await store.apply([.insert(StoredItem(key: "n1"), at: 0)], to: others.child(of: "x", relationship: "notes"), basedOn: nil)
        // "a" goes; its notes list is asked for (a page of it kept from before, say) and read as none.
        try await store.apply([.delete(key: "a")], to: Self.letters, basedOn: nil)
        #expect(try await store.revision(of: notesOfA) == 0)
        #expect(store.revisionNow(of: notesOfA) == 0)
        // "x" moves in as "a", with its notes.
        try await store.apply([.moveIn(key: "x", from: others, at: 0, renamedTo: "a")], to: Self.letters, basedOn: nil)
        let stored = try await store.list(notesOfA, positions: 0..<10)
        #expect(stored.list.items.map(\.key) == ["n1"] && stored.list.revision > 0)
        #expect(try await store.revision(of: notesOfA) == stored.list.revision)
        #expect(try await store.list(notesOfA).items.map(\.key) == ["n1"])
    }

    @Test("a list written in the commit that deletes its owner is not remembered at the revision the write gave it")
    func writtenAndDeletedInOneCommit() async throws {
        let temporary = try await StoreTests.lettered(["a", "b"], on: .sqlite)
        defer { temporary.remove() }
        let store = try #require(temporary.store as? SQLiteStore)
        let notesOfA = Self.letters.child(of: "a", relationship: "notes")
        try await store.apply([.insert(StoredItem(key: "n1"), at: 0)], to: notesOfA, basedOn: nil)
        #expect(try await store.revision(of: notesOfA) > 0)
        // The list is named (as a batch names every list it shows) in the commit that deletes "a".
        try await store.apply([ListWrite([.delete(key: "a")], to: Self.letters, basedOn: nil), ListWrite([], to: notesOfA, basedOn: nil)])
        let stored = try await store.list(notesOfA, positions: 0..<10).list
        #expect(stored.revision == 0 && stored.items.isEmpty)
        #expect(try await store.revision(of: notesOfA) == 0)
    }

    @Test("commits move the memo on in their order: a commit that replaced everything forgets what came before it, not after")
    func commitsInOrder() {
        func header(_ counter: UInt64) -> WALIndexWatch.Header { WALIndexWatch.Header(words: (0, counter | 1 << 32, 0, 0, 0, 0)) }
        let other = ListID.root("other")
        func edit(_ sequence: Int, _ list: ListID, to revision: Int) -> Commit {
            Commit(sequence: sequence, lists: [ListChangeRecord(list: list, revision: revision)])
        }
        let memo = RevisionMemo()
        memo.remember(3, of: other, at: header(1))
        memo.advance(from: header(1), to: header(2), by: [edit(1, Self.letters, to: 5), Commit(sequence: 2, lists: [], everything: true)])
        #expect(memo.revision(of: Self.letters, at: header(2)) == nil)
        #expect(memo.revision(of: other, at: header(2)) == nil)
        memo.advance(from: header(2), to: header(3), by: [Commit(sequence: 3, lists: [], everything: true), edit(4, Self.letters, to: 7)])
        #expect(memo.revision(of: Self.letters, at: header(3)) == 7)
        // Carried only from the header it was remembered under.
        memo.advance(from: header(9), to: header(10), by: [edit(5, other, to: 4)])
        #expect(memo.revision(of: Self.letters, at: header(10)) == nil && memo.revision(of: other, at: header(10)) == 4)
    }

    @Test("a reader that sees the commit's header before the commit reaches the memo does not make it forget the other lists")
    func readerAheadOfCommit() {
        func header(_ counter: UInt64) -> WALIndexWatch.Header { WALIndexWatch.Header(words: (0, counter | 1 << 32, 0, 0, 0, 0)) }
        let other = ListID.root("other"), third = ListID.root("third")
        let memo = RevisionMemo()
        memo.remember(3, of: other, at: header(1))
        memo.remember(5, of: Self.letters, at: header(1))
        // The commit is in the WAL-index (header 2); a reader reads `third` under it, then the
        // commit's own advance comes.
        memo.remember(9, of: third, at: header(2))
        #expect(memo.revision(of: other, at: header(2)) == nil, "not yet carried")
        memo.advance(from: header(1), to: header(2), by: [Commit(sequence: 7, lists: [ListChangeRecord(list: Self.letters, revision: 6)])])
        #expect(memo.revision(of: other, at: header(2)) == 3)
        #expect(memo.revision(of: Self.letters, at: header(2)) == 6)
        #expect(memo.revision(of: third, at: header(2)) == 9)
        // A reader that saw a header the commit did not lead to sets the memo aside for good.
        memo.remember(1, of: third, at: header(5))
        memo.advance(from: header(2), to: header(3), by: [])
        #expect(memo.revision(of: other, at: header(3)) == 3, "carried from the header it was remembered under")
        memo.advance(from: header(7), to: header(8), by: [])
        #expect(memo.revision(of: other, at: header(8)) == nil && memo.revision(of: third, at: header(8)) == nil)
    }
}

