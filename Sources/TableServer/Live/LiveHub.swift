import Foundation
import NIOConcurrencyHelpers
import NIOCore
import TableStore

/// The live pages one server feeds: how many streams are open (bounded), and the last few
/// states of each live page, so that a page that lost its stream and comes back with the
/// revision it had gets only what it missed. The states kept are bounded by their rows: past
/// the budget, the pages kept longest ago are forgotten (their followers then get whole lists
/// when they come back).
final class LiveHub: Sendable {
    /// The most streams open at once; one more is refused with 503 and tries again later.
    let limit: Int
    fileprivate struct Kept {
        var streams = 0
        /// Per page, its latest states, newest last.
        var states: [String: [LiveState]] = [:]
        /// Pages in the order their states were last kept, for forgetting the oldest.
        var order: [String] = []
        var rows = 0
        /// The latest events made, newest last: streams at one state share the text of the
        /// update to the next.
        var events: [(old: LiveState, new: LiveState, moved: Set<String>, text: String?)] = []
        /// The latest openings made, newest last: streams that open at one state from one state
        /// (or from one the server does not know, the whole list) share one buffer.
        var openings: [(old: LiveState?, new: LiveState, bytes: ByteBuffer)] = []
    }

    fileprivate let kept = NIOLockedValueBox(Kept())
    private static let statesPerPage = 8
    private let rowBudget: Int

    init(limit: Int, rowBudget: Int = 200_000) {
        self.limit = limit
        self.rowBudget = rowBudget
    }

    /// How many streams are open.
    var streamCount: Int { kept.withLockedValue { $0.streams } }

    /// A stream's place among the open ones, given back once, whichever way the stream ends
    /// (its body finishes, or its connection closes first).
    final class Slot: Sendable {
        private let hub: LiveHub
        private let released = NIOLockedValueBox(false)

        fileprivate init(hub: LiveHub) { self.hub = hub }

        func release() {
            guard released.withLockedValue({ done in defer { done = true }; return !done }) else { return }
            hub.kept.withLockedValue { $0.streams -= 1 }
        }
    }

    /// Whether a new stream would find a place now.
    var hasRoom: Bool { kept.withLockedValue { $0.streams < limit } }

    /// A place for a new stream; `nil` when the limit is reached.
    func open() -> Slot? {
        let opened: Bool = kept.withLockedValue { kept in
            guard kept.streams < limit else { return false }
            kept.streams += 1
            return true
        }
        return opened ? Slot(hub: self) : nil
    }

    /// Keeps `state` as one of the latest of `page`.
    func keep(_ state: LiveState, of page: String) {
        kept.withLockedValue { kept in
            var states = kept.states[page] ?? []
            // A state read later of the same page (revision, item and back title) stands for more commits: keep that one.
            func isSamePage(_ other: LiveState) -> Bool {
                other.revision == state.revision && other.item == state.item && other.backTitle == state.backTitle
            }
            guard !states.contains(where: { $0 === state || (isSamePage($0) && $0.sequence >= state.sequence) }) else { return }
            let before = states.reduce(0) { $0 + $1.weight }
            states.removeAll(where: isSamePage)
            states.append(state)
            if states.count > Self.statesPerPage { states.removeFirst(states.count - Self.statesPerPage) }
            kept.rows += states.reduce(0) { $0 + $1.weight } - before
            if kept.states.updateValue(states, forKey: page) != nil { kept.order.removeAll { $0 == page } }
            kept.order.append(page)
            while kept.rows > rowBudget, let oldest = kept.order.first, oldest != page {
                kept.order.removeFirst()
                kept.rows -= kept.states.removeValue(forKey: oldest)?.reduce(0) { $0 + $1.weight } ?? 0
            }
        }
    }

    /// The newest kept state of `page` read once the feed had applied `sequence` or later: it
    /// holds every commit up to `sequence`, so a stream woken by that commit can send it as is.
    func state(of page: String, since sequence: Int) -> LiveState? {
        kept.withLockedValue { $0.states[page]?.last { $0.sequence >= sequence } }
    }

    /// The text of the event from `old` to `new` (`nil` when it changes nothing), made once for
    /// every stream that makes the same step.
    func eventText(from old: LiveState, to new: LiveState, moved: Set<String>) -> String? {
        if let made = kept.withLockedValue({ $0.events.last { $0.old === old && $0.new === new && $0.moved == moved } }) {
            return made.text
        }
        let event = LiveEvent(from: old, to: new, movedKeys: moved)
        // A state read again at the same revision (its item's other attributes changed) may tell nothing.
        let text = event.revisionOnly && old.revision == new.revision ? nil : event.text
        kept.withLockedValue { kept in
            kept.events.append((old, new, moved, text))
            if kept.events.count > 16 { kept.events.removeFirst() }
        }
        return text
    }

    /// What every stream says first: how long a client waits before it reconnects.
    static let start = "retry: 2000\n\n"

    /// The first words of a stream that opens at `new` from `old`: `start`, then the event
    /// (`old` `nil`: what the page has is unknown, so its whole list). Shared by the streams
    /// that open so while it is among the last sixteen made (two opening at once may each make
    /// it): a list of 2,000 rows is a megabyte, and a hundred streams opening at one revision
    /// would each hold a copy until their clients read it. The sixteen are held besides the
    /// states' row budget.
    func opening(from old: LiveState?, to new: LiveState) -> ByteBuffer {
        if let made = kept.withLockedValue({ $0.openings.last { $0.old === old && $0.new === new } }) { return made.bytes }
        let bytes = ByteBuffer(string: Self.start + LiveEvent(from: old, to: new).text)
        kept.withLockedValue { kept in
            kept.openings.append((old, new, bytes))
            if kept.openings.count > 16 { kept.openings.removeFirst() }
        }
        return bytes
    }

    /// The kept state of `page` at `revision` for its `item` under the back title `backTitle`
    /// (which the revision does not tell: they come from the lists above), if it is still among
    /// the latest: for a page read now.
    func state(of page: String, at revision: String, item: StoredItem?, backTitle: String?) -> LiveState? {
        kept.withLockedValue { kept in
            kept.states[page]?.last { $0.revision == revision && $0.item == item && $0.backTitle == backTitle }
        }
    }

    /// The oldest kept state of `page` at `revision`, for a page that says only its revision: an
    /// event from there sets the titles and frame again if they changed since, where one from a
    /// newer state would leave a page that still shows older ones.
    func oldestState(of page: String, at revision: String) -> LiveState? {
        kept.withLockedValue { $0.states[page]?.first { $0.revision == revision } }
    }
}
