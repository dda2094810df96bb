import Testing
import Foundation
import TableStore

@Suite("The SQLite store")
struct SQLiteStoreTests {
    static let letters = ListID.root("letters")

    static func lettered(_ keys: [String]) async throws -> TemporaryStore {
        let temporary = try TemporaryStore()
        try await temporary.store.load(DataDocument(lists: [("letters", keys.map { DataDocument.Item(key: $0, attributes: ["name": .string($0.uppercased())]) })]), replacing: true)
        return temporary
    }

    @Test("a new database is migrated to the current schema version and starts empty")
    func schema() async throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        #expect(try await temporary.store.schemaVersion() == 1)
        #expect(try await temporary.store.isEmpty())
        #expect(try await temporary.store.list(.root("nothing")) == StoredList(id: .root("nothing"), revision: 0, items: []))
    }

    @Test("a loaded document reads back the same, nested lists included")
    func roundTrip() async throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        try await temporary.store.load(.trails, replacing: true)
        #expect(try await temporary.store.document() == .trails)
        let north = try await temporary.store.list(ListID(parent: "north", relationship: "trails"))
        #expect(north.keys == ["cascade-pass", "maple-pass"])
        #expect(north.items[0]["miles"] == .number(7.4))
        let found = try #require(try await temporary.store.item("maple-pass"))
        #expect(found.list == ListID(parent: "north", relationship: "trails") && found.item["name"] == .string("Maple Pass"))
    }

    @Test("loading appends to a list that already has items, and a duplicate or invalid key anywhere loads nothing")
    func loadingAppendsAndRefuses() async throws {
        let temporary = try await Self.lettered(["a", "b"])
        defer { temporary.remove() }
        try await temporary.store.load(DataDocument(lists: [("letters", [DataDocument.Item(key: "c", attributes: [:])])]), replacing: false)
        #expect(try await temporary.store.list(Self.letters).keys == ["a", "b", "c"])
        let nested = DataDocument.Item(key: "d", attributes: [:], lists: [("parts", [DataDocument.Item(key: "a", attributes: [:])])])
        await #expect(throws: StoreError.duplicateKey("a")) {
            try await temporary.store.load(DataDocument(lists: [("letters", [nested])]), replacing: false)
        }
        await #expect(throws: StoreError.invalidKey("bad key/")) {
            try await temporary.store.load(DataDocument(lists: [("more", [DataDocument.Item(key: "bad key/", attributes: [:])])]), replacing: false)
        }
        #expect(try await temporary.store.list(Self.letters).keys == ["a", "b", "c"])
        #expect(try await temporary.store.item("d") == nil)
        #expect(try await temporary.store.integrityProblems().isEmpty)
    }

    @Test("insert puts the item at its position and bumps the revision")
    func insert() async throws {
        let temporary = try await Self.lettered(["a", "b", "c"])
        defer { temporary.remove() }
        let revision = try await temporary.store.apply([.insert(StoredItem(key: "x"), at: 1)], to: Self.letters, basedOn: 0)
        #expect(revision == 1)
        #expect(try await temporary.store.list(Self.letters).keys == ["a", "x", "b", "c"])
        try await temporary.store.apply([.insert(StoredItem(key: "end"), at: 4)], to: Self.letters, basedOn: 1)
        #expect(try await temporary.store.list(Self.letters).keys == ["a", "x", "b", "c", "end"])
        #expect(try await temporary.store.revision(of: Self.letters) == 2)
    }

    @Test("delete removes the item and everything below it")
    func delete() async throws {
        let temporary = try TemporaryStore()
        defer { temporary.remove() }
        try await temporary.store.load(.trails, replacing: true)
        try await temporary.store.apply([.delete(key: "north")], to: .root("regions"), basedOn: 0)
        #expect(try await temporary.store.list(.root("regions")).keys == ["south"])
        #expect(try await temporary.store.item("cascade-pass") == nil, "children go with their parent")
        #expect(try await temporary.store.list(ListID(parent: "north", relationship: "trails")).items.isEmpty)
    }

    @Test("moves land where asked, in both directions (Listing 8-2)")
    func moves() async throws {
        let temporary = try await Self.lettered(["a", "b", "c", "d", "e"])
        defer { temporary.remove() }
        try await temporary.store.apply([.move(key: "b", to: 3)], to: Self.letters, basedOn: 0)
        #expect(try await temporary.store.list(Self.letters).keys == ["a", "c", "d", "b", "e"])
        try await temporary.store.apply([.move(key: "e", to: 0)], to: Self.letters, basedOn: 1)
        #expect(try await temporary.store.list(Self.letters).keys == ["e", "a", "c", "d", "b"])
        try await temporary.store.apply([.move(key: "c", to: 2)], to: Self.letters, basedOn: 2)
        #expect(try await temporary.store.list(Self.letters).keys == ["e", "a", "c", "d", "b"])
        #expect(try await temporary.store.integrityProblems() == [])
    }

    @Test("field edits merge attributes; exclusive checks clear every other item")
    func updatesAndSelection() async throws {
        let temporary = try await Self.lettered(["a", "b", "c"])
        defer { temporary.remove() }
        try await temporary.store.apply([.update(key: "b", attributes: ["name": .string("Bee"), "count": .number(2)])], to: Self.letters, basedOn: 0)
        let b = try #require(try await temporary.store.item("b")).item
        #expect(b.attributes == ["name": .string("Bee"), "count": .number(2)])
        try await temporary.store.apply([.checkExclusively(attribute: "chosen", key: "a")], to: Self.letters, basedOn: 1)
        try await temporary.store.apply([.checkExclusively(attribute: "chosen", key: "c")], to: Self.letters, basedOn: 2)
        let chosen = try await temporary.store.list(Self.letters).items.map { $0["chosen"] }
        #expect(chosen == [.bool(false), .bool(false), .bool(true)])
    }

    @Test("replaceAll sets the whole order at once, deleting what is gone")
    func replaceAll() async throws {
        let temporary = try await Self.lettered(["a", "b", "c"])
        defer { temporary.remove() }
        try await temporary.store.apply([.replaceAll([StoredItem(key: "c"), StoredItem(key: "new"), StoredItem(key: "a")])], to: Self.letters, basedOn: 0)
        #expect(try await temporary.store.list(Self.letters).keys == ["c", "new", "a"])
        #expect(try await temporary.store.item("b") == nil)
    }

    @Test("several changes in one call are one transaction: a failing one undoes the others")
    func batchIsAtomic() async throws {
        let temporary = try await Self.lettered(["a", "b"])
        defer { temporary.remove() }
        await #expect(throws: StoreError.itemNotFound(key: "zzz", list: Self.letters)) {
            try await temporary.store.apply([.delete(key: "a"), .move(key: "zzz", to: 0)], to: Self.letters, basedOn: 0)
        }
        #expect(try await temporary.store.list(Self.letters) == StoredList(id: Self.letters, revision: 0, items: [
            StoredItem(key: "a", attributes: ["name": .string("A")]), StoredItem(key: "b", attributes: ["name": .string("B")]),
        ]))
    }

    @Test("bad changes are refused with clear errors and change nothing", arguments: [
        (ListChange.insert(StoredItem(key: "a"), at: 0), StoreError.duplicateKey("a")),
        (.insert(StoredItem(key: "x"), at: 9), .positionOutOfRange(9, count: 2, list: ListID.root("letters"))),
        (.insert(StoredItem(key: "bad key/"), at: 0), .invalidKey("bad key/")),
        (.move(key: "a", to: 2), .positionOutOfRange(2, count: 2, list: ListID.root("letters"))),
        (.delete(key: "nope"), .itemNotFound(key: "nope", list: ListID.root("letters"))),
        (.update(key: "nope", attributes: [:]), .itemNotFound(key: "nope", list: ListID.root("letters"))),
    ])
    func refusals(change: ListChange, error: StoreError) async throws {
        let temporary = try await Self.lettered(["a", "b"])
        defer { temporary.remove() }
        await #expect(throws: error) { try await temporary.store.apply([change], to: Self.letters, basedOn: 0) }
        #expect(try await temporary.store.list(Self.letters).keys == ["a", "b"])
        #expect(try await temporary.store.revision(of: Self.letters) == 0)
    }

    @Test("two writers from the same revision: the second is refused as stale and loses nothing")
    func staleWriter() async throws {
        let temporary = try await Self.lettered(["a", "b", "c"])
        defer { temporary.remove() }
        let other = try SQLiteStore(path: temporary.path)
        let seenByBoth = try await temporary.store.revision(of: Self.letters)
        try await temporary.store.apply([.delete(key: "b")], to: Self.letters, basedOn: seenByBoth)
        await #expect(throws: StoreError.staleRevision(list: Self.letters, expected: 0, current: 1)) {
            try await other.apply([.move(key: "a", to: 2)], to: Self.letters, basedOn: seenByBoth)
        }
        #expect(try await other.list(Self.letters).keys == ["a", "c"])
        #expect(StoreError.staleRevision(list: Self.letters, expected: 0, current: 1).description
                == "list letters changed meanwhile: the change was based on revision 0, the list is at revision 1")
    }

    @Test("concurrent writers on one revision: exactly one wins")
    func concurrentWriters() async throws {
        let temporary = try await Self.lettered(["a"])
        defer { temporary.remove() }
        let store = temporary.store
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for number in 0..<8 {
                group.addTask {
                    (try? await store.apply([.insert(StoredItem(key: "w\(number)"), at: 0)], to: Self.letters, basedOn: 0)) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
        #expect(try await store.list(Self.letters).items.count == 2)
    }
}
