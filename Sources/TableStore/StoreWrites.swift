import Foundation

/// The store's writes as both databases make them, inside a transaction the store has opened:
/// the compare and swap of revisions, the changes, and the change log entry, so that SQLite and
/// PostgreSQL keep one set of rules.
package enum StoreWrites {
    /// The revision of `list` (0 for a list never written).
    package static func revision(of list: ListID, in db: any SQLExecutor) throws -> Int {
        try storedRevision(of: list, in: db) ?? 0
    }

    /// The revision `list` has a row for; `nil` for a list never written.
    private static func storedRevision(of list: ListID, in db: any SQLExecutor) throws -> Int? {
        try db.int("SELECT revision FROM lists WHERE parent = ? AND relationship = ?", [list.parent ?? "", list.relationship])
    }

    /// Applies `writes` in order: every list named (by a write, or by a change that takes an item
    /// from it) moves on one revision, and a write based on a revision its list is no longer at
    /// throws `StoreError.staleRevision`, the caller then rolling everything back. Takes the
    /// change log's next sequence number first, which serializes writers on both databases,
    /// unless the caller gives the number (`GroupSequence`).
    package static func apply(_ writes: [ListWrite], in db: any SQLExecutor, at time: Date = Date(),
                              sequence given: Int? = nil) throws -> (revisions: [ListID: Int], commit: Commit) {
        let sequence = try given ?? nextSequence(in: db)
        var lists: [ListID] = []
        var expected: [ListID: Int] = [:]
        for write in writes {
            for list in [write.list] + write.changes.flatMap(\.otherLists) where !lists.contains(list) { lists.append(list) }
            if let revision = write.revision, expected[write.list] == nil { expected[write.list] = revision }
        }
        var revisions: [ListID: Int] = [:]
        for list in lists {
            // Read, checked and moved on in two statements, which no other writer comes between:
            // SQLite's write lock is held from the transaction's start, and on PostgreSQL the
            // change log's counter, taken first, is. (`UPDATE … RETURNING` would be one statement,
            // but SQLite collects its result in a table of its own first.)
            let stored = try storedRevision(of: list, in: db)
            let current = stored ?? 0
            if let revision = expected[list], revision != current {
                throw StoreError.staleRevision(list: list, expected: revision, current: current)
            }
            let next: Int
            if let stored {
                next = stored + 1
                try db.run("UPDATE lists SET revision = ? WHERE parent = ? AND relationship = ?", [next, list.parent ?? "", list.relationship])
            } else {
                next = firstRevision(at: sequence)
                try db.run("INSERT INTO lists (parent, relationship, revision) VALUES (?, ?, ?)", [list.parent ?? "", list.relationship, next])
            }
            revisions[list] = next
        }
        let recorder = ChangeRecorder(revisions: revisions)
        for write in writes {
            let editor = ListEditor(db: db, list: write.list, sequence: sequence, revision: revisions[write.list] ?? 0, recorder: recorder)
            for change in write.changes { try editor.apply(change) }
        }
        // A list named but left as it was (an empty write) still moved on: say so.
        for list in lists where recorder.records[list] == nil { recorder.note(list) { _ in } }
        let commit = Commit(sequence: sequence, lists: recorder.lists)
        try log(commit, in: db, at: time)
        return (revisions, commit)
    }

    /// Loads a document. With `replacing` every list is noted as reset; otherwise the keys
    /// appended to each list are noted as inserted, as an Add notes them (a list given more than
    /// `mostKeysNoted` at once is noted as reset, which keeps the log short).
    ///
    /// `onlyIntoEmpty` throws `StoreError.notEmpty` when the store holds an item. It is checked
    /// after the change log's number is taken, which holds the write lock (SQLite's group, or the
    /// counter's row in PostgreSQL), so of two servers seeding one new database together the
    /// second sees the first's items rather than replacing them and any edit made in between.
    package static func load(_ document: DataDocument, replacing: Bool, onlyIntoEmpty: Bool = false, in db: any SQLExecutor,
                             at time: Date = Date(), sequence given: Int? = nil) throws -> (commit: Commit, replaced: ReplacedData) {
        let sequence = try given ?? nextSequence(in: db)
        if onlyIntoEmpty, try !holdsNoItem(in: db) { throw StoreError.notEmpty }
        var replaced = ReplacedData()
        if replacing {
            replaced.itemCount = try db.int("SELECT COUNT(*) FROM items", []) ?? 0
            replaced.rootLists = try db.rows("SELECT DISTINCT relationship FROM items WHERE parent = ? ORDER BY relationship", [""]).map { try $0.string(0) }
            // Lists keep their rows and move on: a revision number, once shown, never comes back
            // for other contents (pages and ETags are kept by revision).
            try db.run("DELETE FROM items", [])
            try db.run("UPDATE lists SET revision = revision + 1", [])
        }
        var filled: [ListID: (revision: Int, keys: [String])] = [:]
        for list in document.lists {
            for (id, added) in try DocumentLoader(db: db, sequence: sequence).insert(list.items, into: .root(list.name)) {
                filled[id] = (added.revision, (filled[id]?.keys ?? []) + added.keys)
            }
        }
        var records = filled.map { list, added in
            var record = ListChangeRecord(list: list, revision: added.revision)
            if replacing || added.keys.count > mostKeysNoted { record.reset = true } else { record.inserted = added.keys }
            return record
        }
        records.sort { $0.list.description < $1.list.description }
        let commit = Commit(sequence: sequence, lists: records, everything: replacing)
        try log(commit, in: db, at: time)
        return (commit, replaced)
    }

    /// Whether the store holds no item at all (one index probe).
    package static func holdsNoItem(in db: any SQLExecutor) throws -> Bool {
        try db.int("SELECT COUNT(*) FROM (SELECT 1 FROM items LIMIT 1) AS one") == 0
    }

    /// Runs a load meant only for an empty store (`onlyIntoEmpty`): `true` once it loaded,
    /// `false` when the store held items and nothing was loaded.
    package static func loadedIntoEmpty(_ load: () async throws -> Void) async throws -> Bool {
        do {
            try await load()
            return true
        } catch StoreError.notEmpty {
            return false
        }
    }

    /// The most keys a load notes as inserted into one list.
    static let mostKeysNoted = 1_000

    /// The revision a list gets when a commit (`sequence`) first writes it: the commit's number.
    /// A list whose owner was deleted and made again under the same key is a new list; were it
    /// to start again at 1, it would pass through revisions its old self had, and a page, a
    /// cached list or a form based on the old one would pass for current. Every revision the old
    /// list had is at most the number of its last commit, so no number repeats. (A fresh
    /// database's first load is commit 1, so its lists start at 1 as they always did.)
    package static func firstRevision(at sequence: Int) -> Int { sequence }

    /// Takes the next sequence number of the change log. The row it updates stays locked until
    /// the transaction ends, so commits enter the log in the order of their numbers and a
    /// reader of the log never sees a later commit before an earlier one.
    private static func nextSequence(in db: any SQLExecutor) throws -> Int {
        guard let sequence = try db.int("UPDATE feed SET sequence = sequence + 1 RETURNING sequence") else {
            throw missingCounter
        }
        return sequence
    }

    static let missingCounter = StoreError.database("the change log's counter is missing (table feed)")

    /// Writes a commit into the change log: one row per list, or one row without a list for a
    /// commit that replaced everything.
    private static func log(_ commit: Commit, in db: any SQLExecutor, at time: Date) throws {
        let seconds = Int(time.timeIntervalSince1970)
        if commit.everything || commit.lists.isEmpty {
            // A row without a list keeps the sequence number in the log: replaced everything, or nothing.
            try db.run("INSERT INTO changes (sequence, parent, relationship, revision, summary, at) VALUES (?, '', '', 0, ?, ?)",
                       [commit.sequence, commit.everything ? "{\"reset\":true}" : "{}", seconds])
        }
        for record in commit.lists {
            try db.run("INSERT INTO changes (sequence, parent, relationship, revision, summary, at) VALUES (?, ?, ?, ?, ?, ?)",
                       [commit.sequence, record.list.parent ?? "", record.list.relationship, record.revision, record.summary, seconds])
        }
    }

    /// The commits after `sequence`, in order, as the log holds them; `nil` when the log no
    /// longer holds every one of them (it was trimmed past them): the reader must start afresh.
    /// Every commit writes at least one row, so the numbers run without gaps; a gap means a
    /// trim. Run it in one snapshot (a read transaction) so that a trim cannot come between.
    package static func commits(after sequence: Int, in db: any SQLExecutor) throws -> [Commit]? {
        try commitsAndNewest(after: sequence, in: db).commits
    }

    /// `commits(after:)` and the log's newest number, read once for both (a round trip fewer for
    /// PostgreSQL's follower, which reads the log at every commit announced).
    package static func commitsAndNewest(after sequence: Int, in db: any SQLExecutor) throws -> (commits: [Commit]?, newest: Int) {
        var commits: [Commit] = []
        for row in try db.rows("SELECT sequence, parent, relationship, revision, summary FROM changes WHERE sequence > ? ORDER BY sequence, parent, relationship",
                               [sequence]) {
            let number = try row.int(0), parent = try row.string(1), relationship = try row.string(2)
            if commits.last?.sequence != number {
                guard number == (commits.last?.sequence ?? sequence) + 1 else { return (nil, try newestSequence(in: db)) }
                commits.append(Commit(sequence: number, lists: []))
            }
            if relationship.isEmpty {
                commits[commits.count - 1].everything = ListChangeRecord(list: .root(""), revision: 0, summary: try row.string(4)).reset
            } else {
                let list = ListID(parent: parent.isEmpty ? nil : parent, relationship: relationship)
                commits[commits.count - 1].lists.append(ListChangeRecord(list: list, revision: try row.int(3), summary: try row.string(4)))
            }
        }
        // Nothing after `sequence` in the log, though the counter is past it: all trimmed away.
        let newest = try newestSequence(in: db)
        guard (commits.last?.sequence ?? sequence) >= newest else { return (nil, newest) }
        return (commits, newest)
    }

    /// The newest sequence number in the log (0 before the first commit).
    package static func newestSequence(in db: any SQLExecutor) throws -> Int {
        try counter(in: db) ?? 0
    }

    /// The log's counter; `nil` when its row is missing (a file this store did not make).
    static func counter(in db: any SQLExecutor) throws -> Int? {
        try db.int("SELECT sequence FROM feed")
    }

    /// Moves the log's counter to `sequence`, the number the last write kept took (see
    /// `GroupSequence`, which hands out the numbers of a group's writes).
    static func setNewestSequence(_ sequence: Int, in db: any SQLExecutor) throws {
        try db.run("UPDATE feed SET sequence = ?", [sequence])
    }

    /// Where the data stands: the newest commit's number with each of its entries' list,
    /// revision, summary and time.
    package static func dataMark(in db: any SQLExecutor) throws -> DataMark {
        try mark(at: try newestSequence(in: db), in: db)
    }

    /// The mark the data had when `sequence` was its newest commit, written as `dataMark(in:)`
    /// writes it then; `nil` when the log no longer holds that commit.
    package static func dataMark(at sequence: Int, in db: any SQLExecutor) throws -> DataMark? {
        let logged = try db.int("SELECT 1 FROM changes WHERE sequence = ? LIMIT 1", [sequence]) != nil
        guard sequence == 0 || logged else { return nil }
        return try mark(at: sequence, in: db)
    }

    private static func mark(at sequence: Int, in db: any SQLExecutor) throws -> DataMark {
        var mark = DataMark(text: String(sequence), newestCommitTime: 0)
        for row in try db.rows("SELECT parent, relationship, revision, summary, at FROM changes WHERE sequence = ? ORDER BY parent, relationship",
                               [sequence]) {
            let time = try row.int(4)
            mark.text += "\n" + [try row.string(0), try row.string(1), String(try row.int(2)), try row.string(3), String(time)]
                .joined(separator: "\t")
            mark.newestCommitTime = max(mark.newestCommitTime, time)
        }
        return mark
    }

    /// Deletes the log's oldest entries, up to the last one written before `cutoff`, always
    /// keeping the newest commit so that a reader can tell how far the log reaches. It deletes a
    /// prefix by number, never a commit in the middle: servers whose clocks differ may have
    /// stamped later commits earlier. Returns how many rows went.
    package static func trimLog(before cutoff: Date, in db: any SQLExecutor) throws -> Int {
        let newest = try newestSequence(in: db)
        guard let last = try db.int("SELECT MAX(sequence) FROM changes WHERE at < ?", [Int(cutoff.timeIntervalSince1970)]) else { return 0 }
        let before = try db.int("SELECT COUNT(*) FROM changes") ?? 0
        try db.run("DELETE FROM changes WHERE sequence <= ? AND sequence < ?", [last, newest])
        return before - (try db.int("SELECT COUNT(*) FROM changes") ?? 0)
    }
}

extension StoreWrites {
    /// Problems in the stored lists: positions that do not run 0 … n−1 without gaps or repeats,
    /// and lists whose owner is not an item. Empty when the data is consistent.
    package static func integrityProblems(in db: any SQLExecutor) throws -> [String] {
        var problems: [String] = []
        let lists = try db.rows("""
            SELECT parent, relationship, COUNT(*), COUNT(DISTINCT position), MIN(position), MAX(position)
            FROM items GROUP BY parent, relationship
            """, [])
        for list in lists {
            let count = try list.int(2), distinct = try list.int(3), low = try list.int(4), high = try list.int(5)
            if distinct != count || low != 0 || high != count - 1 {
                problems.append("list \(try list.string(0)).\(try list.string(1)): positions \(low)…\(high) for \(count) items")
            }
        }
        // Every owner a list names must be an item: `…/relationship/key` of the list `…`.
        for owner in try db.strings("SELECT DISTINCT parent FROM items WHERE parent <> ''") {
            let parts = owner.split(separator: "/", omittingEmptySubsequences: false)
            var exists = false
            if parts.count >= 2 {
                exists = try db.int("SELECT 1 FROM items WHERE parent = ? AND relationship = ? AND key = ?",
                                    [parts.dropLast(2).joined(separator: "/"), String(parts[parts.count - 2]), String(parts[parts.count - 1])]) != nil
            }
            if !exists { problems.append("items under \(owner), which is not an item") }
        }
        return problems
    }
}
