import Foundation
import GRDB
import GRDBSQLite
import Synchronization

/// Tells whether anyone, in any process, has committed to a SQLite database in WAL mode since a
/// moment before, without a query: it reads the WAL-index header (SQLite's documented WAL-index
/// format, https://www.sqlite.org/walformat.html, section 2.1) in the shared memory SQLite maps
/// for a connection this watch keeps open.
///
/// Every write transaction rewrites the header (its change counter, the WAL's last frame, and
/// after a log restart its salts), and readers learn of a commit only from it. So two equal
/// headers read at two moments mean no commit between them. The header is kept twice; as SQLite's
/// readers do, both copies are read with a barrier between, and a read that finds them different
/// (a writer mid-update) counts as unknown.
///
/// The memory is SQLite's own mapping, asked for through the connection's file (`xShmMap`): a
/// descriptor of our own on the `-shm` file would, once closed, drop the process's POSIX locks on
/// it, and SQLite relies on them to know the file is in use.
final class WALIndexWatch: @unchecked Sendable {  // immutable after init but for `isClosed`; the mapped memory is read only
    /// One copy of the header: 48 bytes, compared whole.
    struct Header: Equatable, Sendable {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

        static func == (lhs: Header, rhs: Header) -> Bool {
            lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
                && lhs.words.3 == rhs.words.3 && lhs.words.4 == rhs.words.4 && lhs.words.5 == rhs.words.5
        }

        /// The header's `isInit` byte (byte 12, in the second word on a little-endian machine).
        var isInitialised: Bool { (words.1 >> 32) & 0xFF != 0 }

        /// The header's `iChange` (bytes 8 to 11), which SQLite adds one to as each transaction
        /// commits (a log restart and a checkpoint leave it).
        var changeCounter: UInt32 { UInt32(truncatingIfNeeded: words.1) }
    }

    private static let headerSize = 48
    /// The size of a WAL-index page, which `xShmMap` must be asked for.
    private static let pageSize: Int32 = 32_768

    /// The connection whose mapping is read; SQLite keeps the mapping while it is open.
    private let connection: DatabaseQueue
    private let base: UnsafeRawPointer
    /// Set by `close`: a header asked for afterwards is not read (the mapping is gone). A read
    /// already under way is not waited for; the store closes its watch once nothing reads it.
    private let isClosed = Atomic(false)

    /// Watches the database at `path`; `nil` when it is not in WAL mode or SQLite will not share
    /// the memory (a VFS without shared memory).
    init?(databasePath path: String) {
        var configuration = Configuration()
        configuration.label = "tablestack.wal-watch"
        guard let connection = try? DatabaseQueue(path: path, configuration: configuration),
              let mapped = try? connection.inDatabase({ db in try Self.mappedIndex(db) }) else { return nil }
        self.connection = connection
        base = UnsafeRawPointer(mapped)
    }

    /// The first page of `db`'s WAL index, as SQLite maps it.
    private static func mappedIndex(_ db: Database) throws -> UnsafeMutableRawPointer? {
        guard try String.fetchOne(db, sql: "PRAGMA journal_mode")?.lowercased() == "wal" else { return nil }
        // A read transaction makes SQLite open and map the index.
        _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master")
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(db.sqliteConnection, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK, let file,
              let methods = file.pointee.pMethods, methods.pointee.iVersion >= 2, let map = methods.pointee.xShmMap else { return nil }
        var page: UnsafeMutableRawPointer?
        guard map(file, 0, pageSize, 0, &page) == SQLITE_OK else { return nil }
        return page
    }

    /// The header as it stands, or `nil` while a writer is changing it (or before SQLite has
    /// initialised it).
    func header() -> Header? {
        guard !isClosed.load(ordering: .acquiring) else { return nil }
        let first = read(copy: 0)
        atomicMemoryFence(ordering: .acquiringAndReleasing)
        let second = read(copy: 1)
        guard first == second, first.isInitialised else { return nil }
        return first
    }

    /// Closes the watch's connection (SQLite then unmaps the index): for a store that closes.
    /// Its read-write connection is the one to close last, as only such a connection copies
    /// the log into the database when it closes.
    func close() {
        isClosed.store(true, ordering: .releasing)
        try? connection.close()
    }

    private func read(copy: Int) -> Header {
        let start = copy * Self.headerSize
        func word(_ index: Int) -> UInt64 { base.loadUnaligned(fromByteOffset: start + index * 8, as: UInt64.self) }
        return Header(words: (word(0), word(1), word(2), word(3), word(4), word(5)))
    }
}
