import Foundation

/// List revisions read from a SQLite database, each good for as long as the WAL-index header is
/// the one read before it was (then no commit has moved any list since), and carried across this
/// process's own commits, whose changes are known (see `advance`).
final class RevisionMemo: @unchecked Sendable {  // every field is read and written under the lock
    private let lock = NSLock()
    private var header: WALIndexWatch.Header?
    private var revisions: [ListID: Int] = [:]
    /// What was remembered under the header before `header`: a reader that sees this process's
    /// commit in the WAL-index before the commit reaches `advance` moves the memo to the new
    /// header, and `advance` still carries these across the commit.
    private var previous: (header: WALIndexWatch.Header, revisions: [ListID: Int])?
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

    /// Remembers `revision`, read after the header was `header`. A later header sets aside every
    /// revision remembered under an earlier one (see `previous`).
    func remember(_ revision: Int, of list: ListID, at header: WALIndexWatch.Header) {
        lock.withLock {
            if header != self.header {
                previous = self.header.map { ($0, revisions) }
                self.header = header
                revisions = [:]
            }
            revisions[list] = revision
        }
    }

    /// Moves what was remembered under `before` on to `after`: the headers read just before and
    /// just after this process committed `commits`, `before` with SQLite's write lock held and
    /// `after` one commit on, so that no other commit came between. The commits update the
    /// revisions in order, as they update the change feed's (`Commit.update`). Revisions a reader
    /// remembered under `after` meanwhile were read after the commit and are kept as read.
    func advance(from before: WALIndexWatch.Header, to after: WALIndexWatch.Header, by commits: [Commit]) {
        lock.withLock {
            var carried: [ListID: Int] = [:]
            if header == before {
                carried = revisions
            } else if let previous, previous.header == before {
                carried = previous.revisions
            }
            if carried.count > Self.mostCarried { carried = [:] }
            for commit in commits { commit.update(&carried) }
            if header == after { carried.merge(revisions) { _, read in read } }
            revisions = carried
            header = after
            previous = nil
        }
    }

    /// The most revisions carried from one commit to the next; past it the memo starts afresh.
    static let mostCarried = 4_096

    /// How many revisions were answered from memory.
    var answeredFromMemory: Int { lock.withLock { hits } }
}
