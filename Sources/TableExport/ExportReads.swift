import Foundation
import TableStore

/// The store as one export reads it: each list read is remembered by its items' keys and its
/// revision, so the page of an item below a list (a detail page, the next level) is made from
/// the list's read instead of two more queries — and every page shows the list as it was read.
/// What no list read has brought is read from the store. An export writes nothing; so neither
/// does this view.
final class ExportReads: DataStore, @unchecked Sendable {
    private let store: any DataStore
    private let lock = NSLock()
    /// Items read with their lists, by list and key.
    private var items: [ListID: [String: StoredItem]] = [:]
    private var revisions: [ListID: Int] = [:]

    init(_ store: any DataStore) { self.store = store }

    func list(_ id: ListID) async throws -> StoredList {
        let list = try await store.list(id)
        lock.withLock {
            revisions[id] = list.revision
            items[id] = Dictionary(list.items.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        }
        return list
    }

    func list(_ id: ListID, positions: Range<Int>) async throws -> (list: StoredList, count: Int) {
        try await store.list(id, positions: positions)
    }

    func revision(of id: ListID) async throws -> Int {
        if let known = lock.withLock({ revisions[id] }) { return known }
        return try await store.revision(of: id)
    }

    func item(_ key: String, in list: ListID) async throws -> StoredItem? {
        if let known = lock.withLock({ items[list] }) { return known[key] }
        return try await store.item(key, in: list)
    }

    func apply(_ changes: [ListChange], to id: ListID, basedOn revision: Int?) async throws -> Int {
        throw ExportError.readOnly
    }

    func apply(_ writes: [ListWrite]) async throws -> [ListID: Int] {
        throw ExportError.readOnly
    }

    func load(_ document: DataDocument, replacing: Bool) async throws -> ReplacedData {
        throw ExportError.readOnly
    }

    func loadIntoEmpty(_ document: DataDocument) async throws -> Bool {
        throw ExportError.readOnly
    }

    func document() async throws -> DataDocument { try await store.document() }

    func isEmpty() async throws -> Bool { try await store.isEmpty() }
}
