import Foundation

/// List revisions read from a SQLite database, each good for as long as the WAL-index header is
/// the one read before it was: then no commit has moved any list since.
final class RevisionMemo: @unchecked Sendable {  // every field is read and written under the lock
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
