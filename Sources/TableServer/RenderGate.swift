import Synchronization

/// One render at a time of a page the cache does not hold: when several requests ask at once for
/// the same page at the same state (sixteen editors opening a list just changed, a burst of API
/// reads of a long list), the first renders it and the others wait for that render and are then
/// answered from the cache, instead of each loading, collating and rendering the whole list.
///
/// A request that waited asks the cache again; should the page not be there (it is not kept, or a
/// commit moved its lists on meanwhile), it renders the page itself, without waiting again. So
/// does one whose wait outlasts `patience` (a render stuck on an unreachable database holds no one
/// else up) or whose client went away. A streamed page releases the others as soon as its response
/// starts, so they stream too rather than wait for the whole list.
final class RenderGate: Sendable {
    private struct Waiting: Sendable {
        var number: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    /// The keys being rendered, with the requests waiting for each.
    private let rendering = Mutex<[String: [Waiting]]>([:])
    private let waiters = Atomic<Int>(0)
    private let renders = Atomic<Int>(0)
    private let waits = Atomic<Int>(0)
    /// How long a request waits for another's render before it renders the page itself.
    private let patience: Duration

    init(patience: Duration = .seconds(3)) {
        self.patience = patience
    }

    /// The answer for `key`: `render`'s, or, when another request is rendering the same key,
    /// `kept`'s once that render ended (and `render`'s when `kept` has none).
    func answer<Answer>(for key: String, kept: () async throws -> Answer?, render: () async throws -> Answer) async throws -> Answer {
        if claim(key) {
            defer { release(key) }
            // Another request's render may have ended between the caller's look at the cache and this claim.
            if let answer = try await kept() { return answer }
            renders.add(1, ordering: .relaxed)
            return try await render()
        }
        waits.add(1, ordering: .relaxed)
        await wait(for: key)
        if let answer = try await kept() { return answer }
        renders.add(1, ordering: .relaxed)
        return try await render()
    }

    /// Claims `key` for this request; false when another holds it.
    private func claim(_ key: String) -> Bool {
        rendering.withLock { table in
            guard table[key] == nil else { return false }
            table[key] = []
            return true
        }
    }

    /// Waits until the render of `key` ends, `patience` runs out or the request is cancelled.
    private func wait(for key: String) async {
        let number = waiters.add(1, ordering: .relaxed).newValue
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                // The render may have ended since the claim failed: then there is nothing to wait for.
                let isQueued = rendering.withLock { table in
                    guard table[key] != nil else { return false }
                    table[key]?.append(Waiting(number: number, continuation: continuation))
                    return true
                }
                guard isQueued else { return continuation.resume() }
                Task { [patience] in
                    try? await Task.sleep(for: patience)
                    self.stopWaiting(number, for: key)
                }
            }
        } onCancel: {
            stopWaiting(number, for: key)
        }
    }

    /// Lets the waiting request `number` go on, if it still waits for `key`.
    private func stopWaiting(_ number: Int, for key: String) {
        let waiting = rendering.withLock { table -> CheckedContinuation<Void, Never>? in
            guard let index = table[key]?.firstIndex(where: { $0.number == number }) else { return nil }
            return table[key]?.remove(at: index).continuation
        }
        waiting?.resume()
    }

    private func release(_ key: String) {
        let waiting = rendering.withLock { $0.removeValue(forKey: key) ?? [] }
        for request in waiting { request.continuation.resume() }
    }

    /// How many pages were rendered through the gate, and how many requests waited for another's render.
    var counts: (renders: Int, waits: Int) { (renders.load(ordering: .relaxed), waits.load(ordering: .relaxed)) }
}
