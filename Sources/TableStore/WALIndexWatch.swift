import Foundation
import Synchronization

/// Tells whether anyone, in any process, has committed to a SQLite database in WAL mode since a
/// moment before, without a query: it reads the WAL-index header from the database's `-shm` file,
/// mapped into memory as SQLite maps it (the format is SQLite's documented WAL-index format,
/// https://www.sqlite.org/walformat.html, section 2.1).
///
/// Every write transaction rewrites the header (its change counter, the WAL's last frame, and
/// after a log restart its salts), and readers learn of a commit only from it. So two equal
/// headers read at two moments mean no commit between them. The header is kept twice; as SQLite's
/// readers do, both copies are read with a barrier between and a read that finds them different
/// (a writer mid-update) counts as unknown.
///
/// The mapping stays valid while the store's own connections stay open: SQLite truncates the file
/// only when a first connection opens it, and ours hold it open for the store's life.
final class WALIndexWatch: @unchecked Sendable {
    /// One copy of the header: 48 bytes, compared whole.
    struct Header: Equatable, Sendable {
        var words: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64)

        static func == (lhs: Header, rhs: Header) -> Bool {
            lhs.words.0 == rhs.words.0 && lhs.words.1 == rhs.words.1 && lhs.words.2 == rhs.words.2
                && lhs.words.3 == rhs.words.3 && lhs.words.4 == rhs.words.4 && lhs.words.5 == rhs.words.5
        }
    }

    private static let headerSize = 48
    /// The byte of a header copy that says the header has been initialised.
    private static let isInitOffset = 12
    private static let mappedSize = 4096

    private let base: UnsafeMutableRawPointer

    /// Maps the `-shm` file of the database at `path`; `nil` when there is none (the database is
    /// not in WAL mode) or it is too short to hold a header yet.
    init?(databasePath path: String) {
        let descriptor = open(path + "-shm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) >= Self.mappedSize else { return nil }
        guard let mapped = mmap(nil, Self.mappedSize, PROT_READ, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else { return nil }
        base = mapped
    }

    deinit { munmap(base, Self.mappedSize) }

    /// The header as it stands, or `nil` while a writer is changing it (or before SQLite has
    /// initialised it).
    func header() -> Header? {
        let first = read(copy: 0)
        atomicMemoryFence(ordering: .acquiringAndReleasing)
        let second = read(copy: 1)
        guard first == second, base.load(fromByteOffset: Self.isInitOffset, as: UInt8.self) != 0 else { return nil }
        return first
    }

    private func read(copy: Int) -> Header {
        let start = copy * Self.headerSize
        func word(_ index: Int) -> UInt64 { base.loadUnaligned(fromByteOffset: start + index * 8, as: UInt64.self) }
        return Header(words: (word(0), word(1), word(2), word(3), word(4), word(5)))
    }
}

/// List revisions read from a SQLite database, each good for as long as the WAL-index header is
/// the one read before it was: then no commit has moved any list since.
final class RevisionMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var header: WALIndexWatch.Header?
    private var revisions: [ListID: Int] = [:]
    private var hits = 0

    /// The revision of `list` remembered under `header`, if `header` is still the one it was
    /// read under.
    func revision(of list: ListID, at header: WALIndexWatch.Header) -> Int? {
        lock.withLock {
            guard header == self.header, let revision = revisions[list] else { return nil }
            hits += 1
            return revision
        }
    }

    /// Remembers `revision`, read after the header was `header`. A later header forgets every
    /// revision remembered under an earlier one.
    func remember(_ revision: Int, of list: ListID, at header: WALIndexWatch.Header) {
        lock.withLock {
            if header != self.header {
                self.header = header
                revisions.removeAll(keepingCapacity: true)
            }
            revisions[list] = revision
        }
    }

    /// How many revisions were answered from memory.
    var answeredFromMemory: Int { lock.withLock { hits } }
}
