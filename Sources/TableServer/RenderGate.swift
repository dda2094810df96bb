import Foundation
import Synchronization

/// One render at a time of a page the cache does not hold: when several requests ask at once for
/// the same page at the same state (sixteen editors opening a list just changed, a burst of API
/// reads of a long list), the first renders it and the others wait for that render and are then
/// answered from the cache, instead of each loading, collating and rendering the whole list.
///
/// A request that waited asks the cache again; should the page not be there (it is not kept, or a
/// commit moved its lists on meanwhile), it renders the page itself, without waiting again. A
/// streamed page releases the others as soon as its response starts, so they stream too rather
/// than wait for the whole list.
final class RenderGate: @unchecked Sendable {
    private let lock = NSLock()
    /// The keys being rendered, with the requests waiting for each.
    private var rendering: [String: [CheckedContinuation<Void, Never>]] = [:]
    private let renders = Atomic<Int>(0)
    private let waits = Atomic<Int>(0)

    /// The answer for `key`: `render`'s, or, when another request is rendering the same key,
    /// `kept`'s once that render ended (and `render`'s when `kept` has none).
    func answer<Answer>(for key: String, kept: () async throws -> Answer?, render: () async throws -> Answer) async throws -> Answer {
        guard await waitedForOther(rendering: key) else {
            renders.add(1, ordering: .relaxed)
            defer { release(key) }
            return try await render()
        }
        if let answer = try await kept() { return answer }
        renders.add(1, ordering: .relaxed)
        return try await render()
    }

    /// Claims `key` and answers `false`, or, when another request holds it, waits until that one
    /// lets go and answers `true`.
    private func waitedForOther(rendering key: String) async -> Bool {
        let claimed = lock.withLock {
            guard rendering[key] == nil else { return false }
            rendering[key] = []
            return true
        }
        guard !claimed else { return false }
        waits.add(1, ordering: .relaxed)
        await withCheckedContinuation { (waiting: CheckedContinuation<Void, Never>) in
            // The render may have ended since the claim failed: then there is nothing to wait for.
            let queued = lock.withLock {
                guard rendering[key] != nil else { return false }
                rendering[key]?.append(waiting)
                return true
            }
            if !queued { waiting.resume() }
        }
        return true
    }

    private func release(_ key: String) {
        let waiting = lock.withLock { rendering.removeValue(forKey: key) ?? [] }
        for request in waiting { request.resume() }
    }

    /// How many pages were rendered through the gate, and how many requests waited for another's render.
    var counts: (renders: Int, waits: Int) { (renders.load(ordering: .relaxed), waits.load(ordering: .relaxed)) }
}
