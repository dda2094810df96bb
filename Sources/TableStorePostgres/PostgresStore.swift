import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import TableStore

/// The store on PostgreSQL, for several TableStack servers on one database. Every change is one
/// transaction that checks, in the database, the revisions it was based on (so two servers can
/// never both win), is written to the change log in the same transaction, and is acknowledged
/// only once PostgreSQL has committed it. Each server follows the change log (LISTEN/NOTIFY,
/// then a read of the log) and keeps every list's revision in memory, so that a warm page needs
/// no query at all.
public final class PostgresStore: DatabaseStore, @unchecked Sendable {
    public let address: PostgresAddress
    /// The commits this server knows of, its own and the other servers'.
    public let feed = ChangeFeed()
    private let writer: SessionQueue
    private let readers: [SessionQueue]
    private let turn = NSLock()
    private var nextReader = 0
    private let follower: FeedFollower
    /// The follower's own connection for reading the log.
    private let logReader: SessionQueue
    private let logger: Logger

    /// The channel commits are announced on.
    static let channel = "tablestack_changes"

    /// Connects, brings the schema up to date and starts following the change log. Throws when
    /// the database cannot be reached or its schema is newer than this program knows.
    public init(address: PostgresAddress, readers count: Int = 4, logger: Logger = Logger(label: "tablestack.postgres")) async throws {
        self.address = address
        self.logger = logger
        writer = SessionQueue(address: address, label: "writer", logger: logger)
        readers = (0..<max(1, count)).map { SessionQueue(address: address, label: "reader-\($0)", logger: logger) }
        follower = FeedFollower(address: address, feed: feed, logger: logger)
        logReader = SessionQueue(address: address, label: "log", logger: logger)
        _ = try await writer.perform { session in try PostgresSchema.migrate(session) }
        // The follower reads the log on a connection of its own, never queued behind pages.
        let logReader = self.logReader
        follower.start(reading: { after in
            try await logReader.perform { session in
                try session.transaction(readingOnly: true) { db in
                    try StoreWrites.commitsAndNewest(after: after, in: db)
                }
            }
        })
        // Pages can be served before the follower has connected (revisions are read from the
        // database until then); wait a little so that a fresh server starts warm.
        if !(await follower.waitUntilFollowing(timeout: .seconds(30))) {
            logger.warning("change log: not followed yet at \(address); revisions are read from the database until it is")
        }
    }

    /// Stops following the log and closes every connection.
    public func close() async {
        await follower.stop()
        logReader.close()
        writer.close()
        for reader in readers { reader.close() }
    }

    /// The schema version the database is at.
    public func schemaVersion() async throws -> Int {
        try await read { db in try db.int("SELECT MAX(version) FROM schema_version") ?? 0 }
    }

    /// Problems found by checking every list's positions and owners; empty when consistent.
    public func integrityProblems() async throws -> [String] {
        try await snapshot { db in try StoreWrites.integrityProblems(in: db) }
    }

    public func list(_ id: ListID) async throws -> StoredList {
        try await snapshot { db in
            let revision = try StoreWrites.revision(of: id, in: db)
            let rows = try db.rows("SELECT key, attributes FROM items WHERE parent = ? AND relationship = ? ORDER BY position",
                                   [id.parent ?? "", id.relationship])
            return StoredList(id: id, revision: revision, items: try rows.map(Self.storedItem))
        }
    }

    public func list(_ id: ListID, positions: Range<Int>) async throws -> (list: StoredList, count: Int) {
        try await snapshot { db in
            let revision = try StoreWrites.revision(of: id, in: db)
            let count = try ListEditor.count(of: id, in: db)
            let rows = try db.rows("""
                SELECT key, attributes FROM items WHERE parent = ? AND relationship = ? AND position >= ? AND position < ? ORDER BY position
                """, [id.parent ?? "", id.relationship, positions.lowerBound, positions.upperBound])
            return (StoredList(id: id, revision: revision, items: try rows.map(Self.storedItem)), count)
        }
    }

    /// From memory when the change log is followed and the list known; otherwise one query,
    /// remembered unless a commit arrived meanwhile.
    public func revision(of id: ListID) async throws -> Int {
        if let revision = feed.revision(of: id) { return revision }
        let sequence = feed.appliedSequence
        let revision = try await read { db in try StoreWrites.revision(of: id, in: db) }
        feed.remember(revision, of: id, readAt: sequence)
        return revision
    }

    /// From memory only: the change feed's revision while it is followed.
    public func revisionNow(of id: ListID) -> Int? { feed.revision(of: id) }

    public func item(_ key: String, in list: ListID) async throws -> StoredItem? {
        try await read { db in
            try db.rows("SELECT key, attributes FROM items WHERE parent = ? AND relationship = ? AND key = ?",
                        [list.parent ?? "", list.relationship, key]).first.map(Self.storedItem)
        }
    }

    @discardableResult
    public func apply(_ changes: [ListChange], to id: ListID, basedOn revision: Int?) async throws -> Int {
        try await apply([ListWrite(changes, to: id, basedOn: revision)])[id] ?? 0
    }

    @discardableResult
    public func apply(_ writes: [ListWrite]) async throws -> [ListID: Int] {
        let (revisions, commit) = try await writer.perform { session in
            try session.transaction { db in
                let result = try StoreWrites.apply(writes, in: db)
                try Self.announce(result.commit, in: db)
                return result
            }
        }
        await learn(commit)
        return revisions
    }

    @discardableResult
    public func load(_ document: DataDocument, replacing: Bool) async throws -> ReplacedData {
        try await load(document, replacing: replacing, onlyIntoEmpty: false)
    }

    public func loadIntoEmpty(_ document: DataDocument) async throws -> Bool {
        try await StoreWrites.loadedIntoEmpty { try await load(document, replacing: true, onlyIntoEmpty: true) }
    }

    @discardableResult
    private func load(_ document: DataDocument, replacing: Bool, onlyIntoEmpty: Bool) async throws -> ReplacedData {
        let (commit, replaced) = try await writer.perform { session in
            try session.transaction { db in
                let loaded = try StoreWrites.load(document, replacing: replacing, onlyIntoEmpty: onlyIntoEmpty, in: db)
                try Self.announce(loaded.commit, in: db)
                return loaded
            }
        }
        await learn(commit)
        return replaced
    }

    public func document() async throws -> DataDocument {
        try await snapshot { db in try DocumentLoader.document(in: db) }
    }

    public func isEmpty() async throws -> Bool {
        try await read { db in try StoreWrites.holdsNoItem(in: db) }
    }

    public var appliedSequence: Int { feed.appliedSequence }

    public func catchUp(to sequence: Int) async throws {
        guard sequence > feed.appliedSequence else { return }
        try await follower.catchUp()
    }

    /// The commits after `sequence` in the change log (`nil` when it was trimmed past them).
    public func commits(after sequence: Int) async throws -> [Commit]? {
        try await snapshot { db in try StoreWrites.commits(after: sequence, in: db) }
    }

    public func dataMark() async throws -> DataMark {
        try await snapshot { db in try StoreWrites.dataMark(in: db) }
    }

    public func dataMark(at sequence: Int) async throws -> DataMark? {
        try await snapshot { db in try StoreWrites.dataMark(at: sequence, in: db) }
    }

    /// Deletes change-log entries older than `cutoff`; returns how many went.
    @discardableResult
    public func trimChangeLog(before cutoff: Date) async throws -> Int {
        try await writer.perform { session in try session.transaction { db in try StoreWrites.trimLog(before: cutoff, in: db) } }
    }

    /// Tells the other servers, at commit, that the log has a new entry.
    private static func announce(_ commit: Commit, in db: PostgresSession) throws {
        try db.run("SELECT pg_notify(?, ?)", [channel, String(commit.sequence)])
    }

    /// Takes this server's own commit into the feed; when another server's commits came
    /// before it and have not arrived yet, reads them from the log first.
    private func learn(_ commit: Commit) async {
        if feed.applyIfNext(commit) { return }
        do { try await follower.catchUp() } catch {
            // The database stopped answering just after the commit: the follower's next read
            // of the log (at most a second away, or at its reconnection) takes it in; until
            // then the lists it changed are read from the database, not remembered stale.
            feed.forget(commit.lists.map(\.list))
            follower.lost(error)
        }
    }

    private static func storedItem(_ row: SQLRow) throws -> StoredItem {
        StoredItem(key: try row.string(0), attributes: try AttributeCoding.decode(try row.string(1)))
    }

    /// One statement on the next reader.
    private func read<T: Sendable>(_ body: @escaping @Sendable (PostgresSession) throws -> T) async throws -> T {
        try await nextQueue().perform(body)
    }

    /// Several statements that must see one state of the database.
    private func snapshot<T: Sendable>(_ body: @escaping @Sendable (PostgresSession) throws -> T) async throws -> T {
        try await nextQueue().perform { session in try session.transaction(readingOnly: true, body) }
    }

    private func nextQueue() -> SessionQueue {
        turn.withLock {
            nextReader = (nextReader + 1) % readers.count
            return readers[nextReader]
        }
    }
}
