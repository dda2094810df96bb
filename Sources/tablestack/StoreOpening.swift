import ArgumentParser
import Foundation
import Logging
import TableStore
import TableStorePostgres

/// The database a command works on, from its `--db`: a SQLite file (a path, or `sqlite:PATH`)
/// or a PostgreSQL URL (`postgresql://user@host:port/name`).
enum StoreOpening {
    static let help = ArgumentHelp(
        "The database: a SQLite file (a path or sqlite:PATH) or postgresql://USER[:PASSWORD]@HOST[:PORT]/NAME.")

    /// Opens the database, creating or migrating its schema; a message and exit status 1 when it
    /// cannot be opened or reached. `readsOnce`: see `SQLiteStore.init`. `logger`: where a
    /// PostgreSQL store tells of losing the database and finding it again (a server's own log).
    /// `waiting`: how long a PostgreSQL server that cannot be reached yet (starting, restarting)
    /// is tried again before giving up, saying once that it waits.
    /// `begun`: the store `beginOpening` began to open (with the default durability and its own
    /// reads), taken as it is.
    static func open(_ db: String, durability: SQLiteStore.Durability = .full, readsOnce: Bool = false,
                     logger: Logger = Logger(label: "tablestack.postgres"), waiting: Duration = .zero,
                     begun: Opening? = nil) async throws -> any DatabaseStore {
        try await CommandErrors.reporting {
            if let begun { return try await begun.value.get() }
            if PostgresAddress.isURL(db) { return try await postgresStore(at: try PostgresAddress(url: db), logger: logger, waiting: waiting) }
            return try SQLiteStore(path: sqlitePath(db), durability: durability, readsOnce: readsOnce)
        }
    }

    private static func postgresStore(at address: PostgresAddress, logger: Logger, waiting: Duration) async throws -> PostgresStore {
        let deadline = ContinuousClock.now + waiting
        var toldWaiting = false
        while true {
            do {
                // Each try ends by the deadline (within `shortestTry` at least), however the host behaves.
                try await PostgresStore.reach(address, within: min(max(deadline - .now, shortestTry), longestTry))
                return try await PostgresStore(address: address, logger: logger)
            } catch StoreError.unavailable(let detail) where ContinuousClock.now < deadline {
                if !toldWaiting {
                    printError("tablestack: \(address) cannot be reached yet (\(detail)); trying again for up to \(waiting)")
                    toldWaiting = true
                }
                try await Task.sleep(for: min(retryEvery, deadline - .now))
            } catch StoreError.unavailable(let detail) {
                throw CommandErrors.Refusal(description: "cannot reach \(address)\(waiting > .zero ? " within \(waiting)" : ""): \(detail)")
            } catch {
                throw CommandErrors.Refusal(description: "cannot use \(address): \((error as? StoreError)?.detailedDescription ?? "\(error)")")
            }
        }
    }

    /// The least and the most time one try to connect at start is given.
    private static let shortestTry = Duration.seconds(2), longestTry = Duration.seconds(30)
    /// How often a server that cannot be reached at start is tried again.
    private static let retryEvery = Duration.milliseconds(500)

    /// The database as messages name it (a PostgreSQL URL without its password).
    static func describe(_ db: String) -> String {
        guard PostgresAddress.isURL(db) else { return sqlitePath(db) }
        return (try? PostgresAddress(url: db).description) ?? db
    }

    /// The SQLite file of `db` (or its `-wal` or `-shm` companion) that `path` names, by any
    /// name: a file a command must not write its output over. `nil` for a PostgreSQL URL, and
    /// when `path` is no such file.
    static func sqliteFile(_ db: String, isOrIsBeside path: String) -> String? {
        guard !PostgresAddress.isURL(db) else { return nil }
        let file = sqlitePath(db)
        let files = [file, file + "-wal", file + "-shm", file + "-journal"]
        // By name (a companion that is not there now may be made while the dump runs) …
        func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path }
        if let named = files.first(where: { absolute($0) == absolute(path) }) { return named }
        // … and by identity (a hard link).
        var target = stat()
        guard stat(path, &target) == 0 else { return nil }
        return files.first { name in
            var info = stat()
            return stat(name, &info) == 0 && info.st_dev == target.st_dev && info.st_ino == target.st_ino
        }
    }

    /// Refuses a SQLite database that is not there, or is an empty file, which opening would
    /// make a new database of (a typing mistake in `--db`, or a copy that failed, would read as
    /// no data); `consequence` says what that would do.
    static func requireExisting(_ db: String, consequence: String = "") throws {
        try CommandErrors.reporting {
            let file = sqlitePath(db)
            // A path naming a folder is refused as such when the store opens.
            guard !PostgresAddress.isURL(db), SQLiteStore.whyFolder(file) == nil else { return }
            guard let size = FilePaths.size(file) else { throw CommandErrors.Refusal(description: "there is no database at \(file)\(consequence)") }
            // SQLite takes an empty file for a new database, and deletes a log (-wal) beside it.
            if size == 0 { throw CommandErrors.Refusal(description: "\(file) is an empty file, not a database yet\(consequence)") }
        }
    }

    /// A SQLite store opening on a task of its own, its errors held for `open` to report.
    typealias Opening = Task<Result<SQLiteStore, any Error>, Never>

    /// The SQLite database `db`, there already, begun to be opened (as `open` would with the
    /// default durability) while the command goes on: opening takes milliseconds a command can
    /// spend reading its app file meanwhile. `nil` for a PostgreSQL URL, whose opening may wait
    /// and say so, and for a file not there or empty, which opening would make a database of
    /// (`requireExisting` refuses both).
    static func beginOpening(_ db: String, readsOnce: Bool) -> Opening? {
        guard let file = sqliteFile(of: db), let size = FilePaths.size(file), size > 0, !FilePaths.isFolder(file) else { return nil }
        return Task { Result { try SQLiteStore(path: file, readsOnce: readsOnce) } }
    }

    /// When the SQLite database `db` was last written, its log (`-wal`) included: a commit
    /// writes the log, a checkpoint the file, and a read neither. `nil` for a PostgreSQL URL or
    /// a database that is not there.
    static func lastWritten(_ db: String) -> Double? {
        guard let file = sqliteFile(of: db) else { return nil }
        return [FilePaths.modified(file), FilePaths.modified(file + "-wal")].compactMap { $0 }.max()
    }

    /// The SQLite file `db` names; `nil` for a PostgreSQL URL.
    static func sqliteFile(of db: String) -> String? {
        PostgresAddress.isURL(db) ? nil : sqlitePath(db)
    }

    private static func sqlitePath(_ db: String) -> String {
        db.hasPrefix("sqlite:") ? String(db.dropFirst("sqlite:".count)) : db
    }
}
