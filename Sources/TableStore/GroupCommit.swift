import Foundation
import GRDB

/// Group commit for SQLite: writes that arrive while a commit is being synced wait together and
/// go into the next transaction, each in a savepoint of its own (so each is still checked
/// against its own revisions, and a refused one is rolled back alone), with one sync for all
/// of them. Each is answered only after that transaction is on disk.
final class GroupCommit: @unchecked Sendable {
    /// One write waiting: runs inside the group's transaction, is answered after its commit.
    private struct Waiting: @unchecked Sendable {
        var run: (Database, GroupSequence) throws -> Commit
        var answer: (Result<Commit, any Error>) -> Void
    }

    private let pool: DatabasePool
    /// Where each commit goes, in order, before its writer is answered.
    private let feed: ChangeFeed
    /// Kept current by each commit, with the rows it touched read in its transaction.
    private let lists: ListCache
    /// Moves the cached lists and the feed on as the group's transaction commits.
    let hook: CommitHook
    /// Revisions read under one WAL-index header, moved on to the next by this process's own
    /// commits (`nil` when the file cannot be watched).
    private let revisionMemo: (watch: WALIndexWatch, memo: RevisionMemo)?
    /// Guards `waiting` and `hasCommitter`; the committing thread waits on it for writes.
    private let condition = NSCondition()
    private var waiting: [Waiting] = []
    /// Whether a thread is committing groups or waiting for the next write.
    private var hasCommitter = false
    /// How long the committing thread waits for another write before it ends.
    private static let idleWait: TimeInterval = 0.05

    init(pool: DatabasePool, feed: ChangeFeed, lists: ListCache, revisionMemo: (watch: WALIndexWatch, memo: RevisionMemo)?) {
        self.pool = pool
        self.feed = feed
        self.lists = lists
        self.revisionMemo = revisionMemo
        hook = CommitHook(on: pool)
    }

    /// Runs `body` in the next group's transaction and returns its result once committed. A
    /// body that logs its commit takes its number from the group's sequence.
    func write<T: Sendable>(_ body: @escaping @Sendable (Database, GroupSequence) throws -> (T, Commit)) async throws -> (T, Commit) {
        try await withCheckedThrowingContinuation { continuation in
            // The body's own result travels beside the commit it made.
            let box = ResultBox<T>()
            let entry = Waiting(run: { db, sequence in
                let (value, commit) = try body(db, sequence)
                box.value = value
                return commit
            }, answer: { result in
                continuation.resume(with: result.map { (box.value!, $0) })
            })
            condition.lock()
            waiting.append(entry)
            let startsCommitter = !hasCommitter
            hasCommitter = true
            condition.signal()
            condition.unlock()
            if startsCommitter { Thread.detachNewThread { self.commitGroups() } }
        }
    }

    /// Runs `body` in a write transaction of its own, outside any group (a write that is not an
    /// edit, such as trimming the log). Every transaction on the writer goes through here or a
    /// group, so that none runs an action a failed group left (see `CommitHook.discard`).
    func writeAlone<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws -> T {
        try await pool.write { [hook] db in
            hook.discard()
            return try body(db)
        }
    }

    /// How many writes wait for the next group (for tests that line writes up in one group).
    var waitingCount: Int { condition.withLock { waiting.count } }

    /// Commits groups on a thread of its own until no write came for `idleWait`: a group's commit
    /// blocks on the disk's sync, and GRDB's synchronous `write` runs on the calling thread, so
    /// a group goes from the queue to the disk without waiting for a thread of the task pool,
    /// whose two threads serve the requests.
    private func commitGroups() {
        while true {
            guard let group = nextGroup() else { return }
            let outcomes = UnsafeOutcomes(count: group.count)
            defer { lists.commitSettled() }  // also when the transaction rolls back or never starts
            do {
                try pool.write { [lists, feed, hook, revisionMemo] db in
                    hook.discard()
                    let sequence = GroupSequence()
                    for (index, entry) in group.enumerated() {
                        switch try Self.inSavepoint(db, { db in try entry.run(db, sequence) }) {
                        case let .success(commit):
                            sequence.settle(kept: true)
                            outcomes.results[index] = .success(commit)
                            outcomes.rows[index] = lists.touchedRows(of: commit, in: db)
                        case let .failure(error):
                            sequence.settle(kept: false)
                            outcomes.results[index] = .failure(StoreErrors.storeError(error))
                        }
                    }
                    try sequence.save(in: db)
                    let commits = outcomes.results.compactMap { try? $0?.get() }
                    // Read while this transaction holds SQLite's write lock (GRDB begins it IMMEDIATE).
                    let before = commits.isEmpty ? nil : revisionMemo?.watch.header()
                    // The cached lists move on on the writer's thread the moment the transaction
                    // commits: a reader that sees the new revision a moment later finds the list
                    // there instead of reading it whole (which also loses what changed since).
                    hook.onCommit { _ in
                        for case let (.success(commit)?, rows) in zip(outcomes.results, outcomes.rows) {
                            lists.apply(commit, rows: rows)
                            feed.apply(commit)
                        }
                        // One change to the header's counter is this commit alone: no other
                        // process committed between, and the revisions it wrote are known.
                        if let before, let revisionMemo, let after = revisionMemo.watch.header(),
                           after.changeCounter == before.changeCounter &+ 1 {
                            revisionMemo.memo.advance(from: before, to: after, by: commits)
                        }
                        lists.commitSettled()
                    }
                    // From here until `onCommit` has run, a reader may find a revision in the
                    // database that the cache has not reached yet, and waits for it.
                    lists.commitBegins()
                }
            } catch {
                // The transaction itself failed: none of the group is made.
                for index in group.indices { outcomes.results[index] = .failure(StoreErrors.storeError(error)) }
            }
            for (entry, result) in zip(group, outcomes.results) { entry.answer(result ?? .failure(StoreError.database("no outcome"))) }
        }
    }

    /// The writes waiting, once there are any; `nil` (and no committer any more) when none came
    /// within `idleWait`.
    private func nextGroup() -> [Waiting]? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: Self.idleWait)
        while waiting.isEmpty {
            if !condition.wait(until: deadline), waiting.isEmpty {
                hasCommitter = false
                return nil
            }
        }
        let group = waiting
        waiting.removeAll()
        return group
    }

    /// Runs one write in a savepoint of the group's transaction, so that a refused write is
    /// rolled back alone. The savepoint's statements are cached like the writes' own (GRDB's
    /// `inSavepoint` prepares them again for every write).
    ///
    /// Throws, ending the group, when the transaction itself is gone: SQLite rolls a whole
    /// transaction back on some errors (a full disk, an I/O error), in a write or in a read
    /// between two, and a savepoint begun after that would start a transaction of its own and
    /// commit the next write alone, while its writer heard that the group failed. So the
    /// transaction is checked before each write, and after a write that failed. (The statements
    /// go through SQLite's own calls, which skip GRDB's check for an aborted transaction.)
    private static func inSavepoint(_ db: Database, _ run: (Database) throws -> Commit) throws -> Result<Commit, any Error> {
        try checkTransaction(db)
        try db.run("SAVEPOINT edit", [])
        do {
            let commit = try run(db)
            try db.run("RELEASE edit", [])
            return .success(commit)
        } catch {
            guard db.isInsideTransaction else { throw error }
            try db.run("ROLLBACK TO edit", [])
            try db.run("RELEASE edit", [])
            return .failure(error)
        }
    }

    private static func checkTransaction(_ db: Database) throws {
        guard db.isInsideTransaction else { throw StoreError.database("the transaction was rolled back before it could commit") }
    }

    private final class ResultBox<T>: @unchecked Sendable { var value: T? }

    /// Written inside GRDB's write closure, read by its `onCommit` and after it returned: one
    /// thread at a time.
    private final class UnsafeOutcomes: @unchecked Sendable {
        var results: [Result<Commit, any Error>?]
        var rows: [ListCache.CommitRows]
        init(count: Int) {
            results = Array(repeating: nil, count: count)
            rows = Array(repeating: [:], count: count)
        }
    }
}

/// Database errors as the store's errors.
enum StoreErrors {
    static func storeError(_ error: any Error) -> any Error {
        error is StoreError ? error : StoreError.database("\(error)")
    }
}
