import Testing
import Foundation
import TableStore
import GRDB

/// The store's rules, held on both databases: every test runs on SQLite and on PostgreSQL.
@Suite("The stores, SQLite and PostgreSQL")
struct StoreTests {
    static let letters = ListID.root("letters")
    static let northTrails = ListID.root("regions").child(of: "north", relationship: "trails")

    static func lettered(_ keys: [String], on kind: StoreKind) async throws -> TemporaryStore {
        let temporary = try await TemporaryStore(kind)
        try await temporary.store.load(DataDocument(lists: [("letters", keys.map { DataDocument.Item(key: $0, attributes: ["name": .string($0.uppercased())]) })]), replacing: true)
        return temporary
    }

    @Test("a new database is migrated to the current schema version and starts empty", arguments: StoreKind.allCases)
    func schema(kind: StoreKind) async throws {
        let temporary = try await TemporaryStore(kind)
        defer { temporary.remove() }
        #expect(try await temporary.store.schemaVersion() == 3)
        #expect(try await temporary.store.isEmpty())
        #expect(try await temporary.store.list(.root("nothing")) == StoredList(id: .root("nothing"), revision: 0, items: []))
    }

    @Test("a loaded document reads back the same, nested lists included", arguments: StoreKind.allCases)
    func roundTrip(kind: StoreKind) async throws {
        let temporary = try await TemporaryStore(kind)
        defer { temporary.remove() }
        try await temporary.store.load(.trails, replacing: true)
        #expect(try await temporary.store.document() == .trails)
        let north = try await temporary.store.list(Self.northTrails)
        #expect(north.keys == ["cascade-pass", "maple-pass"])
        #expect(north.items[0]["miles"] == .number(7.4))
        let found = try #require(try await temporary.store.item("maple-pass", in: Self.northTrails))
        #expect(found["name"] == .string("Maple Pass"))
        #expect(try await temporary.store.item("maple-pass", in: .root("regions")) == nil, "a key names an item of one list")
    }

    @Test("loading appends to a list that already has items, moving its revision on; a key the list has, or an invalid one, loads nothing", arguments: StoreKind.allCases)
    func loadingAppendsAndRefuses(kind: StoreKind) async throws {
        let temporary = try await Self.lettered(["a", "b"], on: kind)
        defer { temporary.remove() }
        #expect(try await temporary.store.revision(of: Self.letters) == 1)
        try await temporary.store.load(DataDocument(lists: [("letters", [DataDocument.Item(key: "c", attributes: [:])])]), replacing: false)
        #expect(try await temporary.store.list(Self.letters).keys == ["a", "b", "c"])
        #expect(try await temporary.store.revision(of: Self.letters) == 2, "a server showing the list sees the load")
        let nested = DataDocument.Item(key: "d", attributes: [:], lists: [("parts", [DataDocument.Item(key: "a", attributes: [:])])])
        await #expect(throws: StoreError.duplicateKey("a")) {
            try await temporary.store.load(DataDocument(lists: [("letters", [nested, DataDocument.Item(key: "a", attributes: [:])])]), replacing: false)
        }
        await #expect(throws: StoreError.invalidKey("bad key/")) {
            try await temporary.store.load(DataDocument(lists: [("more", [DataDocument.Item(key: "bad key/", attributes: [:])])]), replacing: false)
        }
        #expect(try await temporary.store.list(Self.letters).keys == ["a", "b", "c"])
        #expect(try await temporary.store.item("d", in: Self.letters) == nil)
        try await temporary.store.load(DataDocument(lists: [("letters", [nested])]), replacing: false)
        #expect(try await temporary.store.list(Self.letters.child(of: "d", relationship: "parts")).keys == ["a"],
                "the same key in another list is another item")
        #expect(try await temporary.store.integrityProblems().isEmpty)
    }

    @Test("two servers seeding one new database at once load it once; a seed that comes after an edit loads nothing", arguments: StoreKind.allCases)
    func seedingTogether(kind: StoreKind) async throws {
        let temporary = try await TemporaryStore(kind)
        defer { temporary.remove() }
        let other = try await temporary.another()
        let document = DataDocument(lists: [("letters", ["a", "b"].map { DataDocument.Item(key: $0, attributes: [:]) })])
        #expect(try await temporary.store.isEmpty(), "both servers find it empty before either loads")
        #expect(try await other.isEmpty())
        async let first = temporary.store.loadIntoEmpty(document)
        async let second = other.loadIntoEmpty(document)
        let loaded = try await [first, second]
        #expect(loaded.filter { $0 }.count == 1)
        #expect(try await other.list(Self.letters).keys == ["a", "b"])
        #expect(try await temporary.store.revision(of: Self.letters) == 1, "loaded once, not loaded and then replaced")
        try await temporary.store.apply([.delete(key: "a")], to: Self.letters, basedOn: nil)
        #expect(try await other.loadIntoEmpty(document) == false)
        #expect(try await other.list(Self.letters).keys == ["b"], "the edit made after the first load is kept")
        #expect(try await temporary.store.revision(of: Self.letters) == 2)
        await other.close()
    }

    @Test("a seed waiting for another writer's lock finds what that writer committed, and loads nothing")
    func seedAfterAnotherWriter() async throws {
        let temporary = try await TemporaryStore(.sqlite)
        defer { temporary.remove() }
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true  // the other writer holds its transaction open across calls
        let other = try DatabaseQueue(path: temporary.path, configuration: configuration)
        try await other.writeWithoutTransaction { db in
            try db.execute(sql: "BEGIN IMMEDIATE")
            try db.execute(sql: "INSERT INTO items (parent, relationship, key, position) VALUES ('', 'letters', 'z', 0)")
        }
        // Before the other writer commits, the store reads as empty: a check made outside the
        // load's own transaction would load, replacing the other writer's item.
        #expect(try await temporary.store.isEmpty())
        let seed = Task { try await temporary.store.loadIntoEmpty(DataDocument(lists: [("letters", [DataDocument.Item(key: "a", attributes: [:])])])) }
        try await Task.sleep(for: .milliseconds(300))  // the load now waits for the write lock
        try await other.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") }
        #expect(try await seed.value == false)
        #expect(try await temporary.store.list(Self.letters).keys == ["z"])
        try other.close()
    }

    @Test("a key reserved since it was stored stays through writes of its whole list, and is refused for any new item")
    func reservedKeyKept() async throws {
        let temporary = try await Self.lettered(["a"], on: .sqlite)
        defer { temporary.remove() }
        let other = try DatabaseQueue(path: temporary.path)
        try await other.write { db in
            try db.execute(sql: "INSERT INTO items (parent, relationship, key, position) VALUES ('', 'letters', 'index.html', 1)")
        }
        try other.close()
        let kept = [StoredItem(key: "index.html"), StoredItem(key: "a")]
        try await temporary.store.apply([.replaceAll(kept)], to: Self.letters, basedOn: nil)
        #expect(try await temporary.store.list(Self.letters).keys == ["index.html", "a"])
        await #expect(throws: StoreError.invalidKey("sitemap.xml")) {
            try await temporary.store.apply([.replaceAll(kept + [StoredItem(key: "sitemap.xml")])], to: Self.letters, basedOn: nil)
        }
    }

    @Test("insert puts the item at its position and bumps the revision", arguments: StoreKind.allCases)
    func insert(kind: StoreKind) async throws {
        let temporary = try await Self.lettered(["a", "b", "c"], on: kind)
        defer { temporary.remove() }
        let revision = try await temporary.store.apply([.insert(StoredItem(key: "x"), at: 1)], to: Self.letters, basedOn: 1)
        #expect(revision == 2)
        #expect(try await temporary.store.list(Self.letters).keys == ["a", "x", "b", "c"])
        try await temporary.store.apply([.insert(StoredItem(key: "end"), at: 4)], to: Self.letters, basedOn: 2)
        #expect(try await temporary.store.list(Self.letters).keys == ["a", "x", "b", "c", "end"])
        #expect(try await temporary.store.revision(of: Self.letters) == 3)
    }

    @Test("delete removes the item and everything below it", arguments: StoreKind.allCases)
    func delete(kind: StoreKind) async throws {
        let temporary = try await TemporaryStore(kind)
        defer { temporary.remove() }
        try await temporary.store.load(.trails, replacing: true)
        try await temporary.store.apply([.delete(key: "north")], to: .root("regions"), basedOn: 1)
        #expect(try await temporary.store.list(.root("regions")).keys == ["south"])
        #expect(try await temporary.store.item("cascade-pass", in: Self.northTrails) == nil, "children go with their parent")
        #expect(try await temporary.store.list(Self.northTrails).items.isEmpty)
        #expect(try await temporary.store.integrityProblems().isEmpty)
    }

    @Test("moves land where asked, in both directions (Listing 8-2)", arguments: StoreKind.allCases)
    func moves(kind: StoreKind) async throws {
        let temporary = try await Self.lettered(["a", "b", "c", "d", "e"], on: kind)
        defer { temporary.remove() }
        try await temporary.store.apply([.move(key: "b", to: 3)], to: Self.letters, basedOn: 1)
        #expect(try await temporary.store.list(Self.letters).keys == ["a", "c", "d", "b", "e"])
        try await temporary.store.apply([.move(key: "e", to: 0)], to: Self.letters, basedOn: 2)
        #expect(try await temporary.store.list(Self.letters).keys == ["e", "a", "c", "d", "b"])
        try await temporary.store.apply([.move(key: "c", to: 2)], to: Self.letters, basedOn: 3)
        #expect(try await temporary.store.list(Self.letters).keys == ["e", "a", "c", "d", "b"])
        // From the first place to the last, and from the last to the first.
        try await temporary.store.apply([.move(key: "e", to: 4)], to: Self.letters, basedOn: 4)
        #expect(try await temporary.store.list(Self.letters).keys == ["a", "c", "d", "b", "e"])
        try await temporary.store.apply([.move(key: "e", to: 0)], to: Self.letters, basedOn: 5)
        #expect(try await temporary.store.list(Self.letters).keys == ["e", "a", "c", "d", "b"])
        await #expect(throws: StoreError.positionOutOfRange(5, count: 5, list: Self.letters)) {
            try await temporary.store.apply([.move(key: "a", to: 5)], to: Self.letters, basedOn: 6)
        }
        #expect(try await temporary.store.integrityProblems() == [])
    }

    /// A group commit reads the change log's counter once and writes back the number of its last
    /// kept write: groups whose refused writes come anywhere in them, and two stores (two
    /// servers) committing on one file in turns, leave the counter on the log's newest number.
    @Test("the change log's counter stays on the last kept number, through refused writes and two stores on one file")
    func counterAcrossStores() async throws {
        let temporary = try await Self.lettered(["a"], on: .sqlite)
        defer { temporary.remove() }
        let other = try SQLiteStore(path: temporary.location, durability: .normal)
        let stores: [any DatabaseStore] = [temporary.store, other]
        var refused = 0
        for round in 0..<24 {
            let store = stores[round % 2]
            // Four writes at once, one of them based on a revision long gone.
            refused += try await withThrowingTaskGroup(of: Int.self) { group in
                for number in 0..<4 {
                    group.addTask {
                        do {
                            try await store.apply([.insert(StoredItem(key: "k\(round)-\(number)"), at: 0)], to: Self.letters,
                                                  basedOn: number == round % 4 ? 0 : nil)
                            return 0
                        } catch StoreError.staleRevision { return 1 }
                    }
                }
                return try await group.reduce(0, +)
            }
        }
        #expect(refused == 24)
        let database = try DatabaseQueue(path: temporary.location)
        let (counter, numbers) = try await database.read { db in
            (try Int.fetchOne(db, sql: "SELECT sequence FROM feed"), try Int.fetchAll(db, sql: "SELECT sequence FROM changes WHERE relationship = 'letters' ORDER BY sequence"))
        }
        // The load is commit 1, then one commit for each of the 72 writes kept (a write names
        // one list, so a number taken twice would show twice).
        #expect(numbers == Array(1...73), "each kept write has a number of its own, without gaps")
        #expect(counter == 73)
        #expect(try await temporary.store.list(Self.letters).items.count == 73)
    }

    @Test("field edits merge attributes; exclusive checks clear every other item", arguments: StoreKind.allCases)
    func updatesAndSelection(kind: StoreKind) async throws {
        let temporary = try await Self.lettered(["a", "b", "c"], on: kind)
        defer { temporary.remove() }
        try await temporary.store.apply([.update(key: "b", attributes: ["name": .string("Bee"), "count": .number(2)])], to: Self.letters, basedOn: 1)
        let b = try #require(try await temporary.store.item("b", in: Self.letters))
        #expect(b.attributes == ["name": .string("Bee"), "count": .number(2)])
        try await temporary.store.apply([.checkExclusively(attribute: "chosen", key: "a")], to: Self.letters, basedOn: 2)
        try await temporary.store.apply([.checkExclusively(attribute: "chosen", key: "c")], to: Self.letters, basedOn: 3)
        let chosen = try await temporary.store.list(Self.letters).items.map { $0["chosen"] }
        #expect(chosen == [.bool(false), .bool(false), .bool(true)])
    }

    @Test("replaceAll sets the whole order at once, deleting what is gone", arguments: StoreKind.allCases)
    func replaceAll(kind: StoreKind) async throws {
        let temporary = try await Self.lettered(["a", "b", "c"], on: kind)
        defer { temporary.remove() }
        try await temporary.store.apply([.replaceAll([StoredItem(key: "c"), StoredItem(key: "new"), StoredItem(key: "a")])], to: Self.letters, basedOn: 1)
        #expect(try await temporary.store.list(Self.letters).keys == ["c", "new", "a"])
        #expect(try await temporary.store.item("b", in: Self.letters) == nil)
    }

    @Test("several changes in one call are one transaction: a failing one undoes the others", arguments: StoreKind.allCases)
    func batchIsAtomic(kind: StoreKind) async throws {
        let temporary = try await Self.lettered(["a", "b"], on: kind)
        defer { temporary.remove() }
        await #expect(throws: StoreError.itemNotFound(key: "zzz", list: Self.letters)) {
            try await temporary.store.apply([.delete(key: "a"), .move(key: "zzz", to: 0)], to: Self.letters, basedOn: 1)
        }
        #expect(try await temporary.store.list(Self.letters) == StoredList(id: Self.letters, revision: 1, items: [
            StoredItem(key: "a", attributes: ["name": .string("A")]), StoredItem(key: "b", attributes: ["name": .string("B")]),
        ]))
    }

    @Test("bad changes are refused with clear errors and change nothing", arguments: StoreKind.allCases, [
        (ListChange.insert(StoredItem(key: "a"), at: 0), StoreError.duplicateKey("a")),
        (.insert(StoredItem(key: "x"), at: 9), .positionOutOfRange(9, count: 2, list: ListID.root("letters"))),
        (.insert(StoredItem(key: "bad key/"), at: 0), .invalidKey("bad key/")),
        (.insert(StoredItem(key: "index.html"), at: 0), .invalidKey("index.html")),
        (.insert(StoredItem(key: "sitemap.xml"), at: 0), .invalidKey("sitemap.xml")),
        (.move(key: "a", to: 2), .positionOutOfRange(2, count: 2, list: ListID.root("letters"))),
        (.delete(key: "nope"), .itemNotFound(key: "nope", list: ListID.root("letters"))),
        (.update(key: "nope", attributes: [:]), .itemNotFound(key: "nope", list: ListID.root("letters"))),
    ])
    func refusals(kind: StoreKind, _ refusal: (change: ListChange, error: StoreError)) async throws {
        let temporary = try await Self.lettered(["a", "b"], on: kind)
        defer { temporary.remove() }
        await #expect(throws: refusal.error) { try await temporary.store.apply([refusal.change], to: Self.letters, basedOn: 1) }
        #expect(try await temporary.store.list(Self.letters).keys == ["a", "b"])
        #expect(try await temporary.store.revision(of: Self.letters) == 1)
    }

    @Test("two writers from the same revision: the second is refused as stale and loses nothing", arguments: StoreKind.allCases)
    func staleWriter(kind: StoreKind) async throws {
        let temporary = try await Self.lettered(["a", "b", "c"], on: kind)
        defer { temporary.remove() }
        let other = try await temporary.another()
        let seenByBoth = try await temporary.store.revision(of: Self.letters)
        try await temporary.store.apply([.delete(key: "b")], to: Self.letters, basedOn: seenByBoth)
        await #expect(throws: StoreError.staleRevision(list: Self.letters, expected: 1, current: 2)) {
            try await other.apply([.move(key: "a", to: 2)], to: Self.letters, basedOn: seenByBoth)
        }
        #expect(try await other.list(Self.letters).keys == ["a", "c"])
        #expect(StoreError.staleRevision(list: Self.letters, expected: 1, current: 2).description
                == "list letters changed meanwhile: the change was based on revision 1, the list is at revision 2")
    }

    @Test("concurrent writers on one revision: exactly one wins", arguments: StoreKind.allCases)
    func concurrentWriters(kind: StoreKind) async throws {
        let temporary = try await Self.lettered(["a"], on: kind)
        defer { temporary.remove() }
        let store = temporary.store
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for number in 0..<8 {
                group.addTask {
                    (try? await store.apply([.insert(StoredItem(key: "w\(number)"), at: 0)], to: Self.letters, basedOn: 1)) != nil
                }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 1)
        #expect(try await store.list(Self.letters).items.count == 2)
    }

    @Test("writes arriving together are each checked against their own revisions: a refused one undoes none of the others",
          arguments: StoreKind.allCases)
    func writesTogether(kind: StoreKind) async throws {
        let temporary = try await TemporaryStore(kind)
        defer { temporary.remove() }
        let store = temporary.store
        let lists = (0..<16).map { ListID.root("list-\($0)") }
        try await store.load(DataDocument(lists: lists.map { ($0.relationship, [DataDocument.Item(key: "a", attributes: [:])]) }), replacing: true)
        let start = store.feed.appliedSequence
        // 16 writers at once, 40 writes each; every fifth based on a revision that is wrong.
        let outcomes = try await withThrowingTaskGroup(of: (made: Int, refused: Int).self) { group in
            for list in lists {
                group.addTask {
                    var made = 0, refused = 0
                    var revision = try await store.revision(of: list)
                    for number in 0..<40 {
                        let stale = number % 5 == 4
                        do {
                            revision = try await store.apply([.insert(StoredItem(key: "k\(number)"), at: 0)], to: list,
                                                             basedOn: stale ? revision - 1 : revision)
                            made += 1
                        } catch StoreError.staleRevision {
                            refused += 1
                        }
                    }
                    return (made, refused)
                }
            }
            return try await group.reduce(into: [(made: Int, refused: Int)]()) { $0.append($1) }
        }
        #expect(outcomes.allSatisfy { $0.made == 32 && $0.refused == 8 })
        for list in lists {
            let stored = try await store.list(list)
            #expect(stored.items.count == 33 && stored.revision == 33, "\(list): every acknowledged write, nothing refused")
        }
        let commits = try #require(try await store.commits(after: start))
        #expect(commits.map(\.sequence) == Array(start + 1...start + 16 * 32), "one log entry per acknowledged write, numbered without gaps")
        #expect(store.feed.appliedSequence == start + 16 * 32)
        #expect(try await store.integrityProblems().isEmpty)
    }

    @Test("a deletion based on an old revision goes ahead only if the item itself is unchanged since", arguments: StoreKind.allCases)
    func deleteUnchanged(kind: StoreKind) async throws {
        let temporary = try await Self.lettered(["a", "b", "c"], on: kind)
        defer { temporary.remove() }
        try await temporary.store.apply([.update(key: "b", attributes: ["name": .string("Bee")])], to: Self.letters, basedOn: 1)
        try await temporary.store.apply([.insert(StoredItem(key: "d"), at: 3)], to: Self.letters, basedOn: 2)
        await #expect(throws: StoreError.itemChanged(key: "b", list: Self.letters)) {
            try await temporary.store.apply([.deleteUnchanged(key: "b", since: 1)], to: Self.letters, basedOn: 3)
        }
        try await temporary.store.apply([.deleteUnchanged(key: "a", since: 1)], to: Self.letters, basedOn: 3)
        #expect(try await temporary.store.list(Self.letters).keys == ["b", "c", "d"])
        // A revision the list has not reached (a page from before the data was restored from an
        // older copy) cannot tell whether "b" changed since: refused, for deletions and guarded updates.
        await #expect(throws: StoreError.revisionAhead(list: Self.letters, shown: 9, current: 4)) {
            try await temporary.store.apply([.deleteUnchanged(key: "b", since: 9)], to: Self.letters, basedOn: nil)
        }
        // The list's own revision is no revision ahead: an update based on it is made.
        try await temporary.store.apply([.updateIfUnchanged(key: "c", expected: [:], attributes: ["name": .string("Cee")], since: 4)],
                                        to: Self.letters, basedOn: nil)
        let guarded = ListChange.updateIfUnchanged(key: "b", expected: [:], attributes: ["name": .string("Bea")], since: 6)
        await #expect(throws: StoreError.revisionAhead(list: Self.letters, shown: 6, current: 5)) {
            try await temporary.store.apply([guarded], to: Self.letters, basedOn: nil)
        }
        let kept = try await temporary.store.list(Self.letters)
        #expect(kept.keys == ["b", "c", "d"] && kept.revision == 5 && kept.items.first?.attributes["name"] == .string("Bee"))
    }

    @Test("a guarded update writes only when the fields it expects are as it expects, and names them otherwise", arguments: StoreKind.allCases)
    func updateIfUnchanged(kind: StoreKind) async throws {
        let temporary = try await Self.lettered(["a"], on: kind)
        defer { temporary.remove() }
        try await temporary.store.apply([.update(key: "a", attributes: ["count": .number(1)])], to: Self.letters, basedOn: 1)
        await #expect(throws: StoreError.attributesChanged(key: "a", list: Self.letters, current: ["count": .number(1)])) {
            try await temporary.store.apply([.updateIfUnchanged(key: "a", expected: ["count": nil], attributes: ["count": .number(5)])],
                                            to: Self.letters, basedOn: 2)
        }
        try await temporary.store.apply([.updateIfUnchanged(key: "a", expected: ["count": .number(1)], attributes: ["count": .number(5)])],
                                        to: Self.letters, basedOn: 2)
        #expect(try await temporary.store.item("a", in: Self.letters)?["count"] == .number(5))
        // With `since`, the item must also be as it was at that revision: it changed at 3.
        await #expect(throws: StoreError.itemChanged(key: "a", list: Self.letters)) {
            try await temporary.store.apply([.updateIfUnchanged(key: "a", expected: ["count": .number(5)], attributes: ["count": .number(6)], since: 2)],
                                            to: Self.letters, basedOn: 3)
        }
        try await temporary.store.apply([.updateIfUnchanged(key: "a", expected: ["count": .number(5)], attributes: ["count": .number(6)], since: 3)],
                                        to: Self.letters, basedOn: 3)
        #expect(try await temporary.store.item("a", in: Self.letters)?["count"] == .number(6))
    }

    @Test("a database a newer tablestack migrated is refused, by its version or by a migration this one does not know")
    func newerSchemas() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-newer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (name, change, message) in [
            ("version", "PRAGMA user_version = 9", "the database has schema version 9, newer than this tablestack knows (3): upgrade tablestack"),
            ("migration", "INSERT INTO grdb_migrations VALUES ('4: from a newer tablestack')",
             "the database holds schema migrations this tablestack does not know: upgrade tablestack"),
        ] {
            let path = folder.appendingPathComponent("\(name).sqlite").path
            await (try SQLiteStore(path: path)).close()
            let queue = try DatabaseQueue(path: path)
            try await queue.write { db in try db.execute(sql: change) }
            try queue.close()
            let error = #expect(throws: StoreError.self) { try SQLiteStore(path: path) }
            #expect(error?.description.hasSuffix(message) == true, "\(String(describing: error))")
        }
    }

    @Test("a version 1 database (keys unique in the store, owners named by key) is migrated and reads the same")
    func migratesVersionOne() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-v1-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("v1.sqlite").path
        let queue = try DatabaseQueue(path: path)
        try await queue.write { db in
            try db.execute(sql: """
                CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                INSERT INTO grdb_migrations VALUES ('1: items in ordered lists, lists with revisions');
                CREATE TABLE lists (parent TEXT NOT NULL, relationship TEXT NOT NULL, revision INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (parent, relationship));
                CREATE TABLE items (key TEXT PRIMARY KEY NOT NULL, parent TEXT NOT NULL, relationship TEXT NOT NULL, position INTEGER NOT NULL,
                                    attributes TEXT NOT NULL DEFAULT '{}');
                CREATE INDEX items_by_list ON items (parent, relationship, position);
                INSERT INTO items VALUES ('north', '', 'regions', 0, '{"name":"North"}'), ('south', '', 'regions', 1, '{"name":"South"}'),
                    ('cascade-pass', 'north', 'trails', 0, '{"name":"Cascade Pass"}'), ('pass-camp', 'cascade-pass', 'camps', 0, '{}');
                INSERT INTO lists VALUES ('', 'regions', 4), ('north', 'trails', 2), ('cascade-pass', 'camps', 1);
                PRAGMA user_version = 1;
                """)
        }
        try queue.close()
        let store = try SQLiteStore(path: path)
        #expect(try await store.schemaVersion() == 3)
        #expect(try await store.list(.root("regions")).keys == ["north", "south"])
        let trails = try await store.list(Self.northTrails)
        #expect(trails.keys == ["cascade-pass"] && trails.revision == 2)
        let camps = try await store.list(Self.northTrails.child(of: "cascade-pass", relationship: "camps"))
        #expect(camps.keys == ["pass-camp"] && camps.revision == 1)
        try await store.apply([.delete(key: "north")], to: .root("regions"), basedOn: 4)
        #expect(try await store.list(Self.northTrails).keys.isEmpty)
        #expect(try await store.integrityProblems().isEmpty)
    }
}
