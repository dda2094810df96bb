import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import TableStore

/// Follows the change log for one server: a connection of its own LISTENs for the commits the
/// servers announce, and each announcement is answered by reading the log from the last commit
/// taken in. When the connection is lost the feed stops vouching for its revisions (pages read
/// them from the database, or fail with 503 while it is down) and the follower reconnects,
/// reading whatever it missed meanwhile.
final class FeedFollower: @unchecked Sendable {
    typealias LogReader = @Sendable (_ after: Int) async throws -> (commits: [Commit]?, newest: Int)

    private let address: PostgresAddress
    private let feed: ChangeFeed
    private let logger: Logger
    private let lock = NSLock()
    private var task: Task<Void, Never>?
    private var reader: LogReader?
    /// Serializes catch-ups: each reads from the last commit applied and applies in order.
    private let catchingUp = AsyncLock()
    /// What the log has said about losing the database (guarded by `lock`).
    private var outage = OutageLog()

    init(address: PostgresAddress, feed: ChangeFeed, logger: Logger) {
        self.address = address
        self.feed = feed
        self.logger = logger
    }

    func start(reading reader: @escaping LogReader) {
        lock.withLock {
            self.reader = reader
            task = Task { [weak self] in await self?.follow() }
        }
    }

    func stop() async {
        let task = lock.withLock { self.task }
        task?.cancel()
        await task?.value
    }

    /// Waits until the feed is followed (the first connection made), at most `timeout`; whether it is.
    func waitUntilFollowing(timeout: Duration) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while !feed.isFollowing, clock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        return feed.isFollowing
    }

    /// Reads the log after the last commit applied and applies what it finds.
    func catchUp() async throws {
        guard let reader = lock.withLock({ self.reader }) else { return }
        try await catchingUp.run {
            let (commits, newest) = try await reader(self.feed.appliedSequence)
            if let commits {
                for commit in commits { self.feed.apply(commit) }
            } else {
                // The log was trimmed past what this server had: start afresh from its end.
                self.feed.reset(at: newest)
            }
        }
    }

    private func follow() async {
        var delay = Duration.milliseconds(50)
        var started = false
        while !Task.isCancelled {
            do {
                let connection = try await PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.next(),
                                                                      configuration: address.configuration, id: 0, logger: logger)
                // Closed before the loop goes on (or `stop()` returns), however listening ended.
                var failure: (any Error)?
                do { try await listen(on: connection, started: &started, delay: &delay) } catch { failure = error }
                try? await connection.close()
                if let failure { throw failure }
            } catch {
                if Task.isCancelled { break }
                lost(error)
            }
            feed.stop()
            try? await Task.sleep(for: delay)
            delay = min(delay * 2, .seconds(2))
        }
        feed.stop()
    }

    /// Listens on `connection` until it fails or the task is cancelled. It catches up at once
    /// (the first time ever, from the log's end), and the wait before reconnecting starts short
    /// again; then it catches up at every announcement, and every second besides.
    private func listen(on connection: PostgresConnection, started: inout Bool, delay: inout Duration) async throws {
        try await connection.listen(on: PostgresStore.channel) { notifications in
            // Listening from here on: whatever commits after this read is announced.
            if !started, let reader = lock.withLock({ self.reader }) {
                // The first time, the log so far is history: start at its end.
                feed.start(at: try await reader(.max).newest)
                started = true
            }
            try await self.catchUp()
            self.feed.resume()
            self.followed()
            delay = .milliseconds(50)
            // The heartbeat is a child task: it has ended, a read of the log it began with it,
            // before listening ends and the store can close.
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await self.beat() }
                defer { group.cancelAll() }
                for try await notification in notifications {
                    // The payload is the commit's number: this server's own commits, and any a
                    // catch-up already read, need no read of the log.
                    if let sequence = Int(notification.payload), sequence <= self.feed.appliedSequence { continue }
                    try await self.catchUp()
                }
            }
        }
    }

    /// Reads the log every second until cancelled: announcements can be lost without the
    /// connection noticing (a silent network), so no commit stays unseen. When a read fails, the
    /// revisions kept here are no longer vouched for (pages read them from the database) until
    /// one succeeds again.
    private func beat() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .seconds(1))
            guard !Task.isCancelled else { return }
            // A read that does not come back soon (a connection stalled on a network that went
            // silent, which a statement's timeout reports only after 30 s) stops the vouching
            // at once: for those seconds commits may go unseen, and pages read the revisions.
            let overdue = Task { [feed] in
                try await Task.sleep(for: Self.longestRead)
                feed.stop()
            }
            do {
                try await catchUp()
                overdue.cancel()
                // A read that came back late may show the log as it was when it stalled: the
                // feed is vouched for again only after a read that came back in time.
                guard (try? await overdue.value) == nil else { continue }
                if !feed.isFollowing { feed.resume() }
                followed()
            } catch {
                overdue.cancel()
                _ = await overdue.result
                feed.stop()
                if !Task.isCancelled { lost(error) }
            }
        }
    }

    /// How long a heartbeat's read of the log may take before the revisions kept here are no
    /// longer vouched for: far above a read's time, since on a machine saturated by requests a
    /// read comes back a second late now and then (one second made warm pages read revisions).
    static let longestRead = Duration.seconds(5)

    /// Tells the outage log of a failed read of the database (this store's own, too).
    func lost(_ error: any Error) {
        lock.withLock { outage.failed(error, logger: logger) }
    }

    private func followed() {
        lock.withLock { outage.followed(logger: logger) }
    }
}

/// A lock for async code: one holder at a time, the others wait their turn in order.
final class AsyncLock: @unchecked Sendable {
    private let lock = NSLock()
    private var held = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func run<T>(_ body: () async throws -> T) async throws -> T {
        await acquire()
        defer { release() }
        return try await body()
    }

    private func acquire() async {
        await withCheckedContinuation { continuation in
            let granted = lock.withLock {
                if held { waiting.append(continuation); return false }
                held = true
                return true
            }
            if granted { continuation.resume() }
        }
    }

    private func release() {
        let next = lock.withLock {
            if waiting.isEmpty { held = false; return nil as CheckedContinuation<Void, Never>? }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}
