import Foundation

/// A server's view of the change log: the revision of every list it has learned, the last
/// commit it has applied, and the subscribers that want each commit as it comes. Commits
/// arrive in sequence order (from the store's own writes and, with PostgreSQL, from the
/// other servers' notifications), so each list's revision here only moves forward.
public final class ChangeFeed: @unchecked Sendable {
    private let lock = NSLock()
    private var revisions: [ListID: Int] = [:]
    private var applied = 0
    private var subscribers: [UUID: AsyncStream<Commit>.Continuation] = [:]
    /// Tasks waiting for a first subscriber (`waitForSubscribers`).
    private var subscriberWaiters: [UUID: CheckedContinuation<Void, Never>] = [:]
    /// Whether the revisions here are known to be current (the feed is followed); when not, a
    /// revision is read from the database.
    private var following = false

    public init() {}

    /// The most revisions kept.
    static let mostKept = 16_384

    /// The last commit applied here.
    public var appliedSequence: Int { lock.withLock { applied } }

    /// Whether the revisions here are current.
    public var isFollowing: Bool { lock.withLock { following } }

    /// Whether anyone is subscribed to the commits.
    public var hasSubscribers: Bool { lock.withLock { !subscribers.isEmpty } }

    /// How many tasks wait in `waitForSubscribers`, for tests.
    package var subscriberWaitCount: Int { lock.withLock { subscriberWaiters.count } }

    /// The revision of `list` as last learned, when the feed is followed and the list known.
    public func revision(of list: ListID) -> Int? {
        lock.withLock { following ? revisions[list] : nil }
    }

    /// Remembers a revision read from the database at a moment when the feed had applied
    /// `sequence`; ignored if a commit was applied since (the read may predate it).
    public func remember(_ revision: Int, of list: ListID, readAt sequence: Int) {
        lock.withLock {
            if following, applied == sequence { revisions[list] = revision }
        }
    }

    /// Applies a commit (ignoring one already applied) and hands it to every subscriber.
    public func apply(_ commit: Commit) {
        let receivers: [AsyncStream<Commit>.Continuation] = lock.withLock {
            guard commit.sequence > applied else { return [] }
            applied = commit.sequence
            // Past `mostKept` the revisions start afresh (each is read again when asked): an
            // insert looks through them all for lists below the item.
            if revisions.count > Self.mostKept { revisions.removeAll() }
            commit.update(&revisions)
            return Array(subscribers.values)
        }
        for receiver in receivers { receiver.yield(commit) }
    }

    /// Applies a commit only if it is the next one; `false` means commits are missing before
    /// it (another server's), which the caller must read from the log first.
    public func applyIfNext(_ commit: Commit) -> Bool {
        guard lock.withLock({ commit.sequence == applied + 1 || commit.sequence <= applied }) else { return false }
        apply(commit)
        return true
    }

    /// Follows again from where the feed stopped; the commits missed meanwhile are applied next.
    public func resume() {
        lock.withLock { following = true }
    }

    /// Starts following at `sequence`, knowing nothing of any list's revision yet.
    public func start(at sequence: Int) {
        lock.withLock {
            revisions.removeAll()
            applied = sequence
            following = true
        }
    }

    /// Forgets what is known of `lists`: their revisions are read from the database until a
    /// commit names them again.
    public func forget(_ lists: [ListID]) {
        lock.withLock { for list in lists { revisions[list] = nil } }
    }

    /// Forgets every revision and continues from `sequence` (the log was trimmed past what was
    /// applied), without changing whether the feed is followed.
    public func reset(at sequence: Int) {
        lock.withLock {
            revisions.removeAll()
            applied = sequence
        }
    }

    /// Stops trusting the revisions here (the feed was lost); reads go to the database until
    /// `start` is called again.
    public func stop() {
        lock.withLock {
            following = false
            revisions.removeAll()
        }
    }

    /// Every commit applied from now on, until the stream is dropped. A subscriber that does not
    /// keep up loses the oldest commits it has not read (it holds back no one else) and can
    /// tell from the sequence numbers.
    public func subscribe(buffering limit: Int = 256) -> AsyncStream<Commit> {
        let id = UUID()
        let (stream, continuation) = AsyncStream<Commit>.makeStream(bufferingPolicy: .bufferingNewest(limit))
        continuation.onTermination = { [weak self] _ in
            self?.lock.withLock { _ = self?.subscribers.removeValue(forKey: id) }
        }
        let waiters = lock.withLock {
            subscribers[id] = continuation
            defer { subscriberWaiters.removeAll() }
            return Array(subscriberWaiters.values)
        }
        for waiter in waiters { waiter.resume() }
        return stream
    }

    /// Returns once the feed has a subscriber (at once when it has one now), or when the calling
    /// task is cancelled. What follows commits for subscribers alone waits here instead of
    /// waking every so often to find nobody listening.
    public func waitForSubscribers() async {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // A task cancelled before it got here is not left waiting: the handler below
                // has run already and found nothing to resume.
                let waits = lock.withLock {
                    guard subscribers.isEmpty, !Task.isCancelled else { return false }
                    subscriberWaiters[id] = continuation
                    return true
                }
                if !waits { continuation.resume() }
            }
        } onCancel: {
            lock.withLock { subscriberWaiters.removeValue(forKey: id) }?.resume()
        }
    }
}
