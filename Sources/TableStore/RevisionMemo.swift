import Foundation

/// List revisions read from a SQLite database, each good for as long as the WAL-index header is
/// the one read before it was (then no commit has moved any list since), and carried across this
/// process's own commits, whose changes are known (see `advance`).
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

    /// Moves what was remembered under `before` on to `after`: the headers read just before and
    /// just after this process committed `commits`, `before` with SQLite's write lock held and
    /// `after` one commit on, so that no other commit came between. The commits update the
    /// revisions in order, as they update the change feed's (`Commit.update`).
    func advance(from before: WALIndexWatch.Header, to after: WALIndexWatch.Header, by commits: [Commit]) {
        lock.withLock {
            if header != before || revisions.count > Self.mostCarried { revisions.removeAll(keepingCapacity: true) }
            header = after
            for commit in commits { commit.update(&revisions) }
        }
    }

    /// The most revisions carried from one commit to the next; past it the memo starts afresh.
    static let mostCarried = 4_096

    /// How many revisions were answered from memory.
    var answeredFromMemory: Int { lock.withLock { hits } }
}
