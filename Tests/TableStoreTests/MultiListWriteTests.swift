import Testing
import Foundation
import TableStore

/// Writes that change several lists in one transaction, and items moved between lists with
/// everything below them.
@Suite("Writes to several lists")
struct MultiListWriteTests {
    static let regions = ListID.root("regions")
    static let north = regions.child(of: "north", relationship: "trails")
    static let south = regions.child(of: "south", relationship: "trails")

    /// Regions, trails, and photos of one trail: three levels.
    static func store(_ kind: StoreKind) async throws -> TemporaryStore {
        let temporary = try await TemporaryStore(kind)
        let photos: [DataDocument.Item] = [.init(key: "p1", attributes: ["name": .string("Summit")]),
                                           .init(key: "p2", attributes: ["name": .string("Lake")])]
        try await temporary.store.load(DataDocument(lists: [("regions", [
            .init(key: "north", attributes: ["name": .string("North")], lists: [("trails", [
                .init(key: "cascade", attributes: ["name": .string("Cascade Pass")], lists: [("photos", photos)]),
                .init(key: "maple", attributes: ["name": .string("Maple Pass")]),
            ])]),
            .init(key: "south", attributes: ["name": .string("South")], lists: [("trails", [
                .init(key: "helens", attributes: ["name": .string("Mount St. Helens")]),
                .init(key: "cascade", attributes: ["name": .string("Another Cascade")]),
            ])]),
        ])]), replacing: true)
        return temporary
    }

    @Test("an item moved into another list takes everything below it, and both lists move on one revision", arguments: StoreKind.allCases)
    func movesWithDescendants(kind: StoreKind) async throws {
        let temporary = try await Self.store(kind)
        defer { temporary.remove() }
        let store = temporary.store
        let before = (north: try await store.revision(of: Self.north), south: try await store.revision(of: Self.south))
        let revisions = try await store.apply([ListWrite([.moveIn(key: "maple", from: Self.north, at: 1, renamedTo: nil)],
                                                         to: Self.south, basedOn: before.south)])
        #expect(revisions == [Self.south: before.south + 1, Self.north: before.north + 1])
        #expect(try await store.list(Self.north).keys == ["cascade"])
        #expect(try await store.list(Self.south).keys == ["helens", "maple", "cascade"])

        // A key the destination has already: the item comes under the name it is given, with its photos.
        try await store.apply([ListWrite([.moveIn(key: "cascade", from: Self.north, at: 0, renamedTo: "cascade-2")], to: Self.south, basedOn: nil)])
        #expect(try await store.list(Self.south).keys == ["cascade-2", "helens", "maple", "cascade"])
        let photos = try await store.list(Self.south.child(of: "cascade-2", relationship: "photos"))
        #expect(photos.keys == ["p1", "p2"])
        #expect(try await store.list(Self.north.child(of: "cascade", relationship: "photos")).items.isEmpty)
        #expect(try await store.list(Self.south.child(of: "cascade", relationship: "photos")).items.isEmpty,
                "the other cascade did not gain the photos")
        #expect(try await store.integrityProblems().isEmpty)
        // Deleting the moved trail deletes its photos where they are now.
        try await store.apply([.delete(key: "cascade-2")], to: Self.south, basedOn: nil)
        #expect(try await store.list(Self.south.child(of: "cascade-2", relationship: "photos")).items.isEmpty)
        #expect(try await store.integrityProblems().isEmpty)
    }

    @Test("one stale list refuses the whole write; a bad move changes nothing", arguments: StoreKind.allCases, [
        ListWrite([.moveIn(key: "cascade", from: MultiListWriteTests.north, at: 0, renamedTo: nil)], to: MultiListWriteTests.south, basedOn: nil),
        ListWrite([.moveIn(key: "nowhere", from: MultiListWriteTests.north, at: 0, renamedTo: nil)], to: MultiListWriteTests.south, basedOn: nil),
        ListWrite([.moveIn(key: "maple", from: MultiListWriteTests.north, at: 5, renamedTo: nil)], to: MultiListWriteTests.south, basedOn: nil),
        ListWrite([.moveIn(key: "maple", from: MultiListWriteTests.north, at: 0, renamedTo: nil)], to: MultiListWriteTests.north, basedOn: nil),
        ListWrite([], to: MultiListWriteTests.north, basedOn: 99),
    ])
    func refusesWhole(kind: StoreKind, _ bad: ListWrite) async throws {
        let temporary = try await Self.store(kind)
        defer { temporary.remove() }
        let store = temporary.store
        let document = try await store.document()
        let revisions = [try await store.revision(of: Self.regions), try await store.revision(of: Self.north), try await store.revision(of: Self.south)]
        await #expect(throws: StoreError.self) {
            try await store.apply([ListWrite([.update(key: "north", attributes: ["name": .string("Changed")])], to: Self.regions, basedOn: nil),
                                   ListWrite([.delete(key: "helens")], to: Self.south, basedOn: nil), bad])
        }
        #expect(try await store.document() == document)
        #expect([try await store.revision(of: Self.regions), try await store.revision(of: Self.north), try await store.revision(of: Self.south)] == revisions)
    }

    @Test("an owner deleted and made again under its key starts new lists past every revision the old ones had", arguments: StoreKind.allCases)
    func recreatedOwnersNeverRepeatRevisions(kind: StoreKind) async throws {
        let temporary = try await Self.store(kind)
        defer { temporary.remove() }
        let store = temporary.store
        // The north trails move on a few revisions, as a page showing them saw.
        for name in ["One", "Two", "Three"] {
            try await store.apply([.update(key: "maple", attributes: ["name": .string(name)])], to: Self.north, basedOn: nil)
        }
        let shown = try await store.revision(of: Self.north)
        try await store.apply([.delete(key: "north")], to: Self.regions, basedOn: nil)
        try await store.apply([.insert(StoredItem(key: "north", attributes: ["name": .string("North again")]), at: 0)], to: Self.regions, basedOn: nil)
        #expect(try await store.revision(of: Self.north) == 0, "a list nothing was written to is at revision 0")
        // The new list's writes never reach a revision the old list had.
        var seen: [Int] = []
        for number in 0..<(shown + 2) {
            seen.append(try await store.apply([.insert(StoredItem(key: "new-\(number)", attributes: [:]), at: 0)], to: Self.north, basedOn: nil))
        }
        #expect(seen.allSatisfy { $0 > shown }, "revisions \(seen) of the new list against \(shown) of the old")
        // A form based on what the old list showed is refused, not applied to the new list.
        await #expect(throws: StoreError.self) {
            try await store.apply([.move(key: "new-0", to: 1)], to: Self.north, basedOn: shown)
        }
    }
}
