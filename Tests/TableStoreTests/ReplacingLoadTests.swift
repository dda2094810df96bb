import Foundation
import TableStore
import Testing

/// A load that replaces everything says what it took away, read in its own transaction.
@Suite("What a replacing load replaced")
struct ReplacingLoadTests {
    @Test("the items the store held, at every depth, and the root lists that held them; nothing for a load that adds", arguments: StoreKind.allCases)
    func replaced(kind: StoreKind) async throws {
        let temporary = try await TemporaryStore(kind)
        defer { temporary.remove() }
        #expect(try await temporary.store.load(.trails, replacing: true) == ReplacedData(), "an empty store held nothing")
        let added = try await temporary.store.load(DataDocument(lists: [("notes", [.init(key: "n", attributes: [:])])]), replacing: false)
        #expect(added == ReplacedData())
        let replaced = try await temporary.store.load(DataDocument(lists: [("notes", [.init(key: "m", attributes: [:])])]), replacing: true)
        // Two regions, three trails and a note.
        #expect(replaced == ReplacedData(itemCount: 6, rootLists: ["notes", "regions"]))
        #expect(try await temporary.store.document() == DataDocument(lists: [("notes", [.init(key: "m", attributes: [:])])]))
    }
}
