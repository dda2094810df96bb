import NIOConcurrencyHelpers
import TableStore

/// What wakes one live stream: commits of the lists its page shows (which mark it dirty: the page
/// must be read again) and a beat a few times per heartbeat (which only lets it say it is alive).
/// One pending wake is enough: a dirty stream sends the page as it is when it wakes.
final class LiveStream: Sendable {
    private struct Watch {
        /// The lists the page showed when last read.
        var lists: Set<ListID>
        var dirty = true
        /// Rows the commits since the last read moved (which of two swapped rows moved).
        var moved: Set<String> = []
        var lastSequence: Int?
        /// The latest commits that touched none of `lists`: a page read before one of them
        /// may have come to show a list it touched.
        var passedOver: [Commit] = []
    }

    let wakes: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    private let watch: NIOLockedValueBox<Watch>
    private let tasks = NIOLockedValueBox<[Task<Void, Never>]>([])

    /// A stream of a page showing `lists`, subscribed to `feed` from now on. It starts dirty: a
    /// commit may have come between the page's first read and the subscription.
    init(feed: ChangeFeed, lists: Set<ListID>, beat: Double) {
        (wakes, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let watch = NIOLockedValueBox(Watch(lists: lists))
        self.watch = watch
        let commits = feed.subscribe()
        let wake = self.wake
        let follower = Task {
            for await commit in commits {
                let touched: Bool = watch.withLockedValue { watch in
                    let missed = watch.lastSequence.map { commit.sequence != $0 + 1 } ?? false
                    watch.lastSequence = commit.sequence
                    guard missed || commit.touches(watch.lists) else {
                        watch.passedOver.append(commit)
                        if watch.passedOver.count > 32 { watch.passedOver.removeFirst() }
                        return false
                    }
                    watch.moved.formUnion(commit.lists.filter { watch.lists.contains($0.list) }.flatMap(\.moved))
                    watch.dirty = true
                    return true
                }
                if touched { wake.yield() }
            }
        }
        let beater = Task {
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: UInt64(beat * 1_000_000_000))
                wake.yield()
            }
        }
        tasks.withLockedValue { $0 = [follower, beater] }
        wake.yield()
    }

    /// Whether the page must be read again, and the rows moved since it last was; clears both.
    func take() -> (dirty: Bool, moved: Set<String>) {
        watch.withLockedValue { watch in
            defer { watch.dirty = false; watch.moved = [] }
            return (watch.dirty, watch.moved)
        }
    }

    /// The page, read once the feed had applied `sequence`, shows `lists`: follow those, and
    /// read again at once if a commit after `sequence` passed over one of them.
    func follow(_ lists: Set<ListID>, readAt sequence: Int) {
        let missed: Bool = watch.withLockedValue { watch in
            watch.lists = lists
            let missed = watch.passedOver.contains { $0.sequence > sequence && $0.touches(lists) }
            watch.passedOver.removeAll { $0.sequence <= sequence }
            if missed { watch.dirty = true }
            return missed
        }
        if missed { wake.yield() }
    }

    /// Ends the stream: no more wakes, the subscription dropped.
    func stop() {
        wake.finish()
        for task in tasks.withLockedValue({ $0 }) { task.cancel() }
    }
}
