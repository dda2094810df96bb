import TableStore

/// A test's store that passes everything through to a SQLite store but what it answers itself
/// (a store that is never certain of a revision, one that answers a lookup late).
protocol ForwardingStore: DataStore {
    var base: SQLiteStore { get }
}

extension ForwardingStore {
    func list(_ id: ListID) async throws -> StoredList { try await base.list(id) }
    func list(_ id: ListID, positions: Range<Int>) async throws -> (list: StoredList, count: Int) { try await base.list(id, positions: positions) }
    func revision(of id: ListID) async throws -> Int { try await base.revision(of: id) }
    func revisionNow(of id: ListID) -> Int? { base.revisionNow(of: id) }
    func item(_ key: String, in list: ListID) async throws -> StoredItem? { try await base.item(key, in: list) }
    func apply(_ changes: [ListChange], to id: ListID, basedOn revision: Int?) async throws -> Int {
        try await base.apply(changes, to: id, basedOn: revision)
    }
    func apply(_ writes: [ListWrite]) async throws -> [ListID: Int] { try await base.apply(writes) }
    func load(_ document: DataDocument, replacing: Bool) async throws -> ReplacedData { try await base.load(document, replacing: replacing) }
    func loadIntoEmpty(_ document: DataDocument) async throws -> Bool { try await base.loadIntoEmpty(document) }
    func document() async throws -> DataDocument { try await base.document() }
    func isEmpty() async throws -> Bool { try await base.isEmpty() }
}
