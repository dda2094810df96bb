import Foundation
import GRDB
import Synchronization

/// The embedded store: SQLite in WAL mode through GRDB. A change is acknowledged only after its
/// transaction commits; with `Durability.full` (the default) the commit is synced to disk, so
/// neither a killed process nor a power cut loses it.
public final class SQLiteStore: DatabaseStore {
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
    /// Attributes decoded earlier, by their stored text; `nil` in a process that reads each list once.
    private let decoded: AttributeMemo?
    /// The database file.
    public let path: String
    /// This process's commits, as they are made.
    public let feed: ChangeFeed
    /// Edits that arrive together share one synced transaction.
    private let groupCommit: GroupCommit
    /// Lists as last read, kept current by this process's commits.
    private let lists = ListCache()
    /// Says whether any process has committed since a moment before (`nil` if the file cannot be
    /// watched), so that revisions read once answer without a query until another process commits
    /// (this process's commits carry them on, see `RevisionMemo.advance`).
    private let walWatch: WALIndexWatch?
    /// Revisions read or committed, good while the WAL-index header stays as they knew it.
    private let revisions: RevisionMemo
    /// Hands other processes' commits to `feed` (see `followOtherProcesses`).
    private let follower = Mutex<Task<Void, Never>?>(nil)
    /// How many times the follower has looked for other processes' commits (`followerLookCount`).
    private let followerLooks = Mutex(0)

    /// Opens (creating when missing) the database at `path` and brings its schema up to date.
    /// `readsOnce` is for a process that reads each list once, as an export does: it keeps no
    /// decoded attributes for reads to come (a server's reads after an edit find all but the
    /// edited items' there).
    public init(path: String, durability: Durability = .full, readsOnce: Bool = false) throws {
        self.path = path
        decoded = readsOnce ? nil : AttributeMemo()
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        if let reason = Self.whyFolder(path) { throw StoreError.database("\(path): \(reason), not a database file; name a file in it (\(path.hasSuffix("/") ? path : path + "/")tablestack.sqlite, say)") }
        // A database file this user may not write is refused before SQLite opens it: its attempt
        // would leave a -wal and a -shm file, this user's, beside the database.
        if access(path, W_OK) != 0, errno != ENOENT, let reason = Self.whyNotWritable(path) { throw Self.notWritable(path, reason) }
        do {
            let folder = FilePaths.folder(of: path)
            if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            pool = try DatabasePool(path: path, configuration: configuration)
            // Set on the connection that commits, once the pool is open: GRDB turns WAL mode on
            // after `prepareDatabase` has run, and sets NORMAL as it does.
            try pool.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA synchronous = \(durability == .full ? "FULL" : "NORMAL")")
            }
            try StoreSchema.refuseNewer(in: pool)
            try StoreSchema.migrator.migrate(pool)
            quickReaders = QuickReaders(path: path)
            let feed = ChangeFeed()
            self.feed = feed
            let walWatch = WALIndexWatch(databasePath: path), revisions = RevisionMemo()
            self.walWatch = walWatch
            self.revisions = revisions
            groupCommit = GroupCommit(pool: pool, feed: feed, lists: lists, revisionMemo: walWatch.map { ($0, revisions) })
            feed.start(at: try pool.read { db in try StoreWrites.newestSequence(in: db) })
        } catch {
            // SQLite's own words name a statement, not the file: the store writes even to read.
            // (On a read-only file system SQLite says it cannot open the file.)
            if let code = (error as? DatabaseError)?.resultCode, [.SQLITE_READONLY, .SQLITE_CANTOPEN].contains(code),
               let reason = Self.whyNotWritable(path) {
                throw Self.notWritable(path, reason)
            }
            if (error as? DatabaseError)?.resultCode == .SQLITE_NOTADB {
                throw StoreError.database("\(path) is not a SQLite database; give --db a path of its own (a new file is made there)")
            }
            throw StoreError.database("\(path): \(error)")
        }
        if walWatch != nil {
            let task = Task.detached { [weak self, feed] in
                var seen: WALIndexWatch.Header?
                while !Task.isCancelled {
                    // With nobody following the commits live there is nothing to hand on: an idle
                    // server sleeps here instead of waking ten times a second.
                    await feed.waitForSubscribers()
                    try? await Task.sleep(for: Self.followInterval)
                    // (A cancelled sleep returns at once: a closing store reads no header after it.)
                    guard !Task.isCancelled, let self else { return }
                    self.followerLooks.withLock { $0 += 1 }
                    seen = await self.followOtherProcesses(seen: seen)
                }
            }
            follower.withLock { $0 = task }
        }
    }

    deinit {
        follower.withLock { $0?.cancel() }
    }

    /// Why `path` names a folder, if it does: one is there, or the path ends in '/' (where
    /// SQLite would make a file of the name without it).
    package static func whyFolder(_ path: String) -> String? {
        if FilePaths.isFolder(path) { return "it is a folder" }
        return path.hasSuffix("/") ? "it ends in '/', which names a folder" : nil
    }

    /// The refusal of a database this process may not write, for `reason`.
    private static func notWritable(_ path: String, _ reason: String) -> StoreError {
        .database("\(path): \(reason), and even reading it writes there (SQLite's -wal and -shm files); copy it into a folder you may write")
    }

    /// Why this process may not write the database at `path` or make files in its folder, as a
    /// WAL database's readers must; `nil` when it may.
    private static func whyNotWritable(_ path: String) -> String? {
        let folder = FilePaths.folder(of: path)
        for (file, what) in [(path, "the database"), (folder.isEmpty ? "." : folder, "its folder")] where access(file, W_OK) != 0 {
            switch errno {
            case ENOENT: continue  // a database not made yet: its folder decides
            case EROFS: return "it lies on a read-only file system"
            default: return "this user may not write \(what)"
            }
        }
        return nil
    }

    /// Closes every connection, once the follower of other processes' commits has stopped (the
    /// caller must be done with the store). When no other process has the file open, the last
    /// connection to close (the WAL watch's, read-write where the pool's readers are read-only)
    /// copies the log into the database file and removes it: the file alone then holds every
    /// commit (a copy of it misses none), and the next process to open it has no log to read
    /// back. A connection that cannot be closed is left as it is, and with it the log.
    public func close() async {
        let following = follower.withLock { task in
            defer { task = nil }
            return task
        }
        following?.cancel()
        await following?.value
        quickReaders.close()
        try? pool.close()
        walWatch?.close()
    }

    /// How often the feed looks for other processes' commits while it has subscribers.
    static let followInterval = Duration.milliseconds(100)

    /// How many times the follower of other processes' commits has looked (it looks only while
    /// the feed has subscribers), for tests.
    package var followerLookCount: Int { followerLooks.withLock { $0 } }

    /// Another process on the same file (a second server, `tablestack import`) commits without
    /// this one's feed hearing of it, so its live pages would wait for a commit of their own.
    /// While the feed has subscribers, the WAL-index header is looked at (memory, no query); when
    /// it moved since `seen`, the log's commits past the feed's are applied to it, as PostgreSQL's
    /// notifications are. This process's own commits are applied already and are skipped. The
    /// header now looked at is returned.
    private func followOtherProcesses(seen: WALIndexWatch.Header?) async -> WALIndexWatch.Header? {
        guard feed.hasSubscribers, let header = walWatch?.header(), header != seen else { return seen }
        // A log trimmed past the feed leaves nothing to hand on: the streams see the next commit's
        // number jump and read their pages again.
        for commit in (try? await commits(after: feed.appliedSequence)) ?? [] { feed.apply(commit) }
        return header
    }

    /// `PRAGMA synchronous` as the committing connection has it: 2 for FULL, 1 for NORMAL.
    package func committingSynchronousMode() async throws -> Int {
        try await pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") ?? -1 }
    }

    /// The schema version the database is at.
    public func schemaVersion() async throws -> Int {
        try await read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0 }
    }

    /// Problems found by SQLite's integrity check and by checking that every list's positions
    /// run 0 … n−1 without gaps or repeats; empty when the database is consistent.
    public func integrityProblems() async throws -> [String] {
        try await read { db in
            try String.fetchAll(db, sql: "PRAGMA integrity_check").filter { $0 != "ok" } + StoreWrites.integrityProblems(in: db)
        }
    }

    /// The list from the cache when it is at the revision the database gives (one point read)
    /// or a commit has since moved it on, read whole otherwise. A revision this process has just
    /// committed is waited for rather than read whole.
    public func list(_ id: ListID) async throws -> StoredList {
        let revision = try await revision(of: id)
        if let cached = lists.list(id, atLeast: revision) { return cached }
        await lists.waitForCommit(reaching: id, at: revision)
        if let cached = lists.list(id, atLeast: revision) { return cached }
        let mark = lists.readMark
        let list = try await fullList(id)
        lists.remember(list, readAfter: mark)
        return list
    }

    /// The keys this process's commits touched in `list` between the two revisions, while the
    /// list stayed in the cache.
    public func changedKeys(of list: ListID, from old: Int, to new: Int) -> Set<String>? {
        lists.changedKeys(of: list, from: old, to: new)
    }

    /// How often lists came from the cache, were moved on by commits, or were read whole.
    package var listCacheStatistics: ListCache.Statistics { lists.statistics }

    /// The list `id` read from the database, with its revision, in one transaction. The items
    /// are read in the table's own order (one range of its primary key) and put in place by
    /// their positions: read in the order of their positions, through `items_by_list`, each row
    /// would be looked up again by its key for its attributes, five times SQLite's work.
    func fullList(_ id: ListID) async throws -> StoredList {
        try await read { db in
            let revision = try Self.revision(db, id)
            var positioned: [(position: Int, item: StoredItem)] = []
            let rows = try Row.fetchCursor(db.cachedStatement(sql: "SELECT key, position, attributes FROM items WHERE parent = ? AND relationship = ?"),
                                           arguments: [id.parent ?? "", id.relationship])
            while let row = try rows.next() {
                positioned.append((row[1], StoredItem(key: row[0], attributes: try self.attributes(of: row[2]))))
            }
            return StoredList(id: id, revision: revision, items: Self.inPositionOrder(positioned))
        }
    }

    /// `read`'s items in the order of their positions: each put at its own when the positions are
    /// 0 … n−1, as every change leaves them; otherwise (a database edited by hand) sorted by
    /// position and then key, the order `items_by_list` gives.
    static func inPositionOrder(_ read: [(position: Int, item: StoredItem)]) -> [StoredItem] {
        var placed = [StoredItem?](repeating: nil, count: read.count)
        for (position, item) in read {
            guard placed.indices.contains(position), placed[position] == nil else {
                return read.sorted { $0.position != $1.position ? $0.position < $1.position : $0.item.key.utf8.lexicographicallyPrecedes($1.item.key.utf8) }
                    .map(\.item)
            }
            placed[position] = item
        }
        return placed.compactMap { $0 }
    }

    public func list(_ id: ListID, positions: Range<Int>) async throws -> (list: StoredList, count: Int) {
        try await read { db in
            let revision = try Self.revision(db, id)
            let count = try ListEditor.count(of: id, in: db)
            let items = try self.storedItems(db.cachedStatement(sql: """
                SELECT key, attributes FROM items WHERE parent = ? AND relationship = ? AND position >= ? AND position < ?
                ORDER BY position
                """), arguments: [id.parent ?? "", id.relationship, positions.lowerBound, positions.upperBound])
            return (StoredList(id: id, revision: revision, items: items), count)
        }
    }

    /// The attributes stored as `text`, decoded or remembered.
    private func attributes(of text: String) throws -> [String: AttributeValue] {
        try decoded?.attributes(of: text) ?? AttributeCoding.decode(text)
    }

    /// The item in a row with `key` and `attributes` columns.
    private func storedItem(_ row: Row) throws -> StoredItem {
        StoredItem(key: row["key"], attributes: try attributes(of: row["attributes"]))
    }

    /// The items of a statement that selects `key, attributes` in that order, read row by row in
    /// place, by column index: no row is kept as an object, no column looked up by name.
    private func storedItems(_ statement: Statement, arguments: StatementArguments) throws -> [StoredItem] {
        var items: [StoredItem] = []
        let rows = try Row.fetchCursor(statement, arguments: arguments)
        while let row = try rows.next() {
            items.append(StoredItem(key: row[0], attributes: try attributes(of: row[1])))
        }
        return items
    }

    /// From memory when nobody has committed since it was read; otherwise one point read.
    public func revision(of id: ListID) async throws -> Int {
        let header = walWatch?.header()
        if let header, let known = revisions.revision(of: id, at: header) { return known }
        let revision = try await readOneStatement { db in try Self.revision(db, id) }
        if let header { revisions.remember(revision, of: id, at: header) }
        return revision
    }

    /// From memory only: a revision `revision(of:)` read, or this process committed, since
    /// another process last committed.
    public func revisionNow(of id: ListID) -> Int? {
        guard let header = walWatch?.header() else { return nil }
        return revisions.revision(of: id, at: header)
    }

    /// `revisionNow`: any commit, from this process or another, changes the WAL-index header it
    /// is kept under, so a revision it gives is the one a read would find.
    public func certainRevision(of id: ListID) -> Int? { revisionNow(of: id) }

    /// The longest cached list `item(_:in:)` looks through rather than asking the key's index.
    static let longestListSearched = 256

    /// How many revisions were answered from memory, with no query.
    package var revisionsFromMemory: Int { revisions.answeredFromMemory }

    /// From the cached list when it is short and current (a new item's key is checked here for
    /// every add); otherwise one point read.
    public func item(_ key: String, in list: ListID) async throws -> StoredItem? {
        if let revision = revisionNow(of: list),
           let cached = lists.item(key, in: list, atLeast: revision, lookingThroughAtMost: Self.longestListSearched) {
            return cached
        }
        return try await readOneStatement { db in
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
        try await groupCommit.write { db, sequence in try StoreWrites.apply(writes, in: db, sequence: sequence.next(in: db)) }.0
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
        try await groupCommit.write { db, sequence in
            let (commit, replaced) = try StoreWrites.load(document, replacing: replacing, onlyIntoEmpty: onlyIntoEmpty, in: db, sequence: sequence.next(in: db))
            return (replaced, commit)
        }.0
    }

    public var appliedSequence: Int { feed.appliedSequence }

    /// The commits after `sequence` in the change log (`nil` when it was trimmed past them).
    public func commits(after sequence: Int) async throws -> [Commit]? {
        try await read { db in try StoreWrites.commits(after: sequence, in: db) }
    }

    /// The newest commit (see `DataMark`) and which file holds it: two database files prepared
    /// alike are told apart by their inodes.
    public func dataMark() async throws -> DataMark {
        var mark = try await read { db in try StoreWrites.dataMark(in: db) }
        mark.text += "\nfile " + fileIdentity
        return mark
    }

    public func dataMark(at sequence: Int) async throws -> DataMark? {
        guard var mark = try await read({ db in try StoreWrites.dataMark(at: sequence, in: db) }) else { return nil }
        mark.text += "\nfile " + fileIdentity
        return mark
    }

    /// The database file's device and inode.
    private var fileIdentity: String {
        var info = stat()
        return stat(path, &info) == 0 ? "\(info.st_dev):\(info.st_ino)" : "unknown"
    }

    /// Deletes change-log entries older than `cutoff`; returns how many went.
    @discardableResult
    public func trimChangeLog(before cutoff: Date) async throws -> Int {
        try await write { db in try StoreWrites.trimLog(before: cutoff, in: db) }
    }

    public func document() async throws -> DataDocument {
        try await read { db in try DocumentLoader(db: db).document() }
    }

    public func isEmpty() async throws -> Bool {
        try await readOneStatement { db in try StoreWrites.holdsNoItem(in: db) }
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
        do { return try await groupCommit.writeAlone(body) } catch let error as StoreError { throw error } catch {
            throw StoreError.database("\(error)")
        }
    }
}
