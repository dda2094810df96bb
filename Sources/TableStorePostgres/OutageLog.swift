import Logging

/// What the change log's follower tells an operator about losing the database: the first
/// failure with its cause, the same cause again at most once a minute while it lasts (or at once
/// when the cause changes), and the moment it follows again with how long it was without.
///
/// The cause is `PostgresErrors.cause(of:)`: PostgresNIO's `PSQLError` describes itself with a
/// fixed generic text on purpose, which says nothing of a refused connection or a server
/// shutting down.
struct OutageLog {
    /// When the outage began, while there is one.
    private var since: ContinuousClock.Instant?
    /// The cause last written, and when.
    private var said: (cause: String, at: ContinuousClock.Instant)?
    /// How often an unchanged cause is written again while the outage lasts.
    static let repeatEvery = Duration.seconds(60)

    /// Notes a failed connection or read; writes a warning when it is news.
    mutating func failed(_ error: any Error, logger: Logger, now: ContinuousClock.Instant = .now) {
        let cause = PostgresErrors.cause(of: error)
        let start = since ?? now
        since = start
        if let said, said.cause == cause, now - said.at < Self.repeatEvery { return }
        said = (cause, now)
        if now == start {
            logger.warning("change log: lost the database (\(cause)); reconnecting, and reading revisions from the database meanwhile")
        } else {
            logger.warning("change log: still without the database after \(Self.seconds(now - start)) (\(cause)); reconnecting")
        }
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
