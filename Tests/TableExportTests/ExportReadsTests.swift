import Foundation
import Testing
import TableStore
@testable import TableExport

@Suite("An export reads each list once and shows it as read")
struct ExportReadsTests {
    @Test("items and revisions below a list come from the list's read, the rest from the store; writes are refused")
    func readsFromTheList() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-reads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(path: folder.appendingPathComponent("data.sqlite").path, durability: .normal)
        try await store.load(DataDocument(lists: [
            ("items", [.init(key: "a", attributes: ["name": .string("Alpha")]), .init(key: "b", attributes: ["name": .string("Bravo")])]),
            ("other", [.init(key: "c", attributes: ["name": .string("Charlie")])]),
        ]), replacing: true)
        let items = ListID(parent: nil, relationship: "items")
        let reads = ExportReads(store)
        let list = try await reads.list(items)
        #expect(list.items.map(\.key) == ["a", "b"])

        // The store changes after the list was read: the export keeps showing the list as read.
        let revision = try await store.apply([.update(key: "a", attributes: ["name": .string("Changed")])], to: items, basedOn: list.revision)
        #expect(try await reads.item("a", in: items)?.attributes["name"] == .string("Alpha"))
        #expect(try await reads.revision(of: items) == list.revision)
        #expect(try await store.revision(of: items) == revision)

        // What no list read brought comes from the store.
        #expect(try await reads.item("c", in: .root("other"))?.attributes["name"] == .string("Charlie"))
        #expect(try await reads.item("missing", in: items) == nil)
        #expect(try await reads.revision(of: ListID(parent: nil, relationship: "other")) == store.revision(of: ListID(parent: nil, relationship: "other")))

        await #expect(throws: ExportError.self) { try await reads.apply([.delete(key: "b")], to: items, basedOn: revision) }
        #expect(try await store.item("b", in: items) != nil)
    }
}
