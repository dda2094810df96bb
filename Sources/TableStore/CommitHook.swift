import GRDB

/// Runs, on the writer's thread the moment a transaction commits, what that transaction left
/// for its commit; a rollback drops it.
///
/// It does what GRDB's `afterNextTransaction(onCommit:)` does, with one observer added once for
/// the connection's life. GRDB drops every cached statement that can delete rows whenever an
/// observer is added or removed, so an observer per transaction made each group commit prepare
/// its DELETE statements again and rebuild the statement cache twice.
final class CommitHook: TransactionObserver, @unchecked Sendable {
    /// Set and run on the writer's thread only: GRDB runs transactions there one at a time.
    private var pending: ((Database) -> Void)?

    /// Adds the hook to the writer's connection of `pool` for as long as the connection lives.
    init(on pool: DatabasePool) {
        pool.writeWithoutTransaction { db in db.add(transactionObserver: self, extent: .databaseLifetime) }
    }

    /// Runs `action` when the open transaction commits (not at all if it rolls back), in place
    /// of any action set before. Call it inside the transaction.
    func onCommit(_ action: @escaping (Database) -> Void) {
        pending = action
    }

    /// Drops an action left by a transaction whose end GRDB did not report: when SQLite rolls a
    /// transaction back as it commits (an I/O error), GRDB tells no observer, and the action would
    /// run at the next commit. Every transaction on the writer calls this (or `onCommit`) first.
    func discard() {
        pending = nil
    }

    func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }

    func databaseDidChange(with event: DatabaseEvent) {}

    func databaseDidCommit(_ db: Database) {
        let action = pending
        pending = nil
        action?(db)
    }

    func databaseDidRollback(_ db: Database) {
        pending = nil
    }
}
