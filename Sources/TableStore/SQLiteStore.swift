import Foundation
import GRDB

/// The embedded store: SQLite in WAL mode through GRDB. A change is acknowledged only after its
/// transaction commits; with `Durability.full` (the default) the commit is synced to disk, so
/// neither a killed process nor a power cut loses it.
public final class SQLiteStore: DataStore {
    /// How hard a commit insists on reaching the disk.
    public enum Durability: String, Sendable, CaseIterable {
        /// fsync on every commit: survives power loss.
        case full
        /// WAL's normal mode: survives a killed process, may lose the last commits on power loss.
        case normal
    }

    private let pool: DatabasePool
    /// Connections for point reads on the caller's thread.
    private let quickReaders: QuickReaders
    /// Attributes decoded earlier, by their stored text.
    private let decoded = AttributeMemo()
    /// The database file.
    public let path: String

    /// Opens (creating when missing) the database at `path` and brings its schema up to date.
    public init(path: String, durability: Durability = .full) throws {
        self.path = path
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = \(durability == .full ? "FULL" : "NORMAL")")
        }
        configuration.busyMode = .timeout(10)
        do {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            pool = try DatabasePool(path: path, configuration: configuration)
            try StoreSchema.migrator.migrate(pool)
            quickReaders = QuickReaders(path: path)
        } catch {
            throw StoreError.database("\(path): \(error)")
        }
    }

    /// The schema version the database is at.
    public func schemaVersion() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
    }

    /// Problems found by SQLite's integrity check and by checking that every list's positions
    /// run 0 … n−1 without gaps or repeats; empty when the database is consistent.
    public func integrityProblems() async throws -> [String] {
        try await read { db in
            var problems = try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" }
            let lists = try Row.fetchAll(db, sql: """
                SELECT parent, relationship, COUNT(*) AS count, COUNT(DISTINCT position) AS distinct_positions,
                       MIN(position) AS low, MAX(position) AS high
                FROM items GROUP BY parent, relationship
                """)
            for list in lists {
                let count: Int = list["count"], distinct: Int = list["distinct_positions"], low: Int = list["low"], high: Int = list["high"]
                if distinct != count || low != 0 || high != count - 1 {
                    problems.append("list \(list["parent"] as String).\(list["relationship"] as String): positions \(low)…\(high) for \(count) items")
                }
            }
            // Every owner a list names must be an item: `…/relationship/key` of the list `…`.
            for owner in try String.fetchAll(db, sql: "SELECT DISTINCT parent FROM items WHERE parent <> ''") {
                let parts = owner.split(separator: "/", omittingEmptySubsequences: false)
                var exists = false
                if parts.count >= 2 {
                    exists = try Int.fetchOne(db, sql: "SELECT 1 FROM items WHERE parent = ? AND relationship = ? AND key = ?",
                                              arguments: [parts.dropLast(2).joined(separator: "/"), String(parts[parts.count - 2]),
                                                          String(parts[parts.count - 1])]) != nil
                }
                if !exists { problems.append("items under \(owner), which is not an item") }
            }
            return problems
        }
    }

    public func list(_ id: ListID) async throws -> StoredList {
        try await read { db in
            let revision = try Self.revision(db, id)
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT key, attributes FROM items WHERE parent = ? AND relationship = ? ORDER BY position
                """), arguments: [id.parent ?? "", id.relationship])
            let items = try rows.map(self.storedItem)
            return StoredList(id: id, revision: revision, items: items)
        }
    }

    public func list(_ id: ListID, positions: Range<Int>) async throws -> (list: StoredList, count: Int) {
        try await read { db in
            let revision = try Self.revision(db, id)
            let count = try ListEditor.count(of: id, in: db)
            let rows = try Row.fetchAll(db.cachedStatement(sql: """
                SELECT key, attributes FROM items WHERE parent = ? AND relationship = ? AND position >= ? AND position < ?
                ORDER BY position
                """), arguments: [id.parent ?? "", id.relationship, positions.lowerBound, positions.upperBound])
            let items = try rows.map(self.storedItem)
            return (StoredList(id: id, revision: revision, items: items), count)
        }
    }

    /// The item in a row with `key` and `attributes` columns.
    private func storedItem(_ row: Row) throws -> StoredItem {
        StoredItem(key: row["key"], attributes: try decoded.attributes(of: row["attributes"]))
    }

    public func revision(of id: ListID) async throws -> Int {
        try await readOneStatement { db in try Self.revision(db, id) }
    }

    public func item(_ key: String, in list: ListID) async throws -> StoredItem? {
        try await readOneStatement { db in
            try Row.fetchOne(db.cachedStatement(sql: "SELECT key, attributes FROM items WHERE parent = ? AND relationship = ? AND key = ?"),
                             arguments: [list.parent ?? "", list.relationship, key]).map(self.storedItem)
        }
    }

    @discardableResult
    public func apply(_ changes: [ListChange], to id: ListID, basedOn revision: Int?) async throws -> Int {
        try await apply([ListWrite(changes, to: id, basedOn: revision)])[id] ?? 0
    }

    @discardableResult
    public func apply(_ writes: [ListWrite]) async throws -> [ListID: Int] {
        try await write { db in
            // Compare and swap in the same transaction as the change: each list moves on only if
            // nobody moved it first, and every list the changes touch moves on once.
            var lists: [ListID] = []
            var expected: [ListID: Int] = [:]
            for write in writes {
                for list in [write.list] + write.changes.flatMap(\.otherLists) where !lists.contains(list) { lists.append(list) }
                if let revision = write.revision, expected[write.list] == nil { expected[write.list] = revision }
            }
            var revisions: [ListID: Int] = [:]
            for list in lists {
                try db.execute(sql: "INSERT OR IGNORE INTO lists (parent, relationship, revision) VALUES (?, ?, 0)",
                               arguments: [list.parent ?? "", list.relationship])
                let current = try Self.revision(db, list)
                if let revision = expected[list], revision != current {
                    throw StoreError.staleRevision(list: list, expected: revision, current: current)
                }
                try db.execute(sql: "UPDATE lists SET revision = ? WHERE parent = ? AND relationship = ?",
                               arguments: [current + 1, list.parent ?? "", list.relationship])
                revisions[list] = current + 1
            }
            for write in writes {
                let editor = ListEditor(db: db, list: write.list, revision: revisions[write.list] ?? 0)
                for change in write.changes { try editor.apply(change) }
            }
            return revisions
        }
    }

    public func load(_ document: DataDocument, replacing: Bool) async throws {
        try await write { db in
            if replacing {
                try db.execute(sql: "DELETE FROM items")
                try db.execute(sql: "DELETE FROM lists")
            }
            for list in document.lists {
                try DocumentLoader(db: db).insert(list.items, into: .root(list.name))
            }
        }
    }

    public func document() async throws -> DataDocument {
        try await read { db in try DocumentLoader(db: db).document() }
    }

    public func isEmpty() async throws -> Bool {
        try await readOneStatement { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM (SELECT 1 FROM items LIMIT 1)") == 0 }
    }

    static func revision(_ db: Database, _ id: ListID) throws -> Int {
        // Cached statements: the hot reads are run for every page, and preparing SQL each time
        // cost more than running it.
        try Int.fetchOne(db.cachedStatement(sql: "SELECT revision FROM lists WHERE parent = ? AND relationship = ?"),
                         arguments: [id.parent ?? "", id.relationship]) ?? 0
    }

    /// Runs a read, turning database errors into store errors.
    private func read<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do { return try await pool.read(body) } catch let error as StoreError { throw error } catch {
            throw StoreError.database("\(error)")
        }
    }

    /// Runs a read of exactly one SQL statement, which SQLite runs in a transaction of its own:
    /// GRDB's `read` would wrap it in BEGIN and COMMIT, two more statements (and lock changes) for
    /// every cached page served and every page exported. Never for reads of two statements or more,
    /// which need one transaction to see one state. It runs on this thread when a quick reader is
    /// idle (see `QuickReaders`), on GRDB's readers otherwise.
    private func readOneStatement<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do {
            if let value = try quickReaders.read(body) { return value }
            return try await pool.unsafeRead(body)
        } catch let error as StoreError { throw error } catch {
            throw StoreError.database("\(error)")
        }
    }

    /// Runs a write transaction, turning database errors into store errors.
    private func write<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        do { return try await pool.write(body) } catch let error as StoreError { throw error } catch {
            throw StoreError.database("\(error)")
        }
    }
}
