import Logging

/// What the change log's follower tells an operator about losing the database: the first
/// failure with its cause, a reminder with the latest cause once a minute while it lasts, and the
/// moment it follows again with how long it was without. (A restart's causes change within a
/// second: the server ends the connection, then refuses new ones, then is starting up. The first
/// says what happened; the rest would be noise.)
///
/// The cause is `PostgresErrors.cause(of:)`: PostgresNIO's `PSQLError` describes itself with a
/// fixed generic text on purpose, which says nothing of a refused connection or a server
/// shutting down.
struct OutageLog {
    /// When the outage began, while there is one.
    private var since: ContinuousClock.Instant?
    /// When a line about it was last written.
    private var said: ContinuousClock.Instant?
    /// How often a lasting outage is told again.
    static let repeatEvery = Duration.seconds(60)

    /// Notes a failed connection or read; writes a warning when it is news.
    mutating func failed(_ error: any Error, logger: Logger, now: ContinuousClock.Instant = .now) {
        guard let start = since else {
            since = now
            said = now
            logger.warning("change log: lost the database (\(PostgresErrors.cause(of: error))); reconnecting, and reading revisions from the database meanwhile")
            return
        }
        if let said, now - said < Self.repeatEvery { return }
        said = now
        logger.warning("change log: still without the database after \(Self.seconds(now - start)) (\(PostgresErrors.cause(of: error))); reconnecting")
    }

    /// Notes that the follower listens and has caught up again; writes when it ends an outage.
    /// At the failures' own level: an operator who saw the outage sees its end.
    mutating func followed(logger: Logger, now: ContinuousClock.Instant = .now) {
        guard let start = since else { return }
        logger.warning("change log: following the database again after \(Self.seconds(now - start)) without it")
        since = nil
        said = nil
    }

    private static func seconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return "\(seconds).\(attoseconds / 100_000_000_000_000_000) s"
    }
}
