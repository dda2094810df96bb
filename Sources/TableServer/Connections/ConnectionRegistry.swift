import NIOConcurrencyHelpers
import NIOCore

/// Every open connection of one server, what it is doing and since when. A sweep closes those
/// that overstay a limit, and a connection that would pass the cap makes room by closing the
/// one idle longest, so silent connections can never keep new clients out.
final class ConnectionRegistry: @unchecked Sendable {
    /// What a connection is doing, in the order a request goes through it.
    enum Phase: Sendable, Equatable {
        /// Open between requests, nothing arriving.
        case idle
        /// Bytes of a request's head have arrived, the head is not complete.
        case readingHead
        /// The head is read, the body is not.
        case readingBody
        /// The request is read and its response is being made: no limit, however long the
        /// server takes (a client waiting for its answer is not idle), unless bytes sent before it
        /// (a response it was pipelined behind) stay untaken for the idle limit.
        case working
        /// The response has begun and is being sent: idle once nothing moves for the idle limit
        /// (a client that stopped reading).
        case responding
        /// Over the cap with nothing to close for it: answered 503 as soon as it asks.
        case refused
    }

    /// What the sweep found overdue, and what to do about it.
    enum Expiry: Sendable {
        case close(any Channel)
        case headTimedOut(any Channel)
        case bodyTimedOut(any Channel)
    }

    private struct Entry {
        let channel: any Channel
        var phase: Phase
        /// When the phase began, or (idle and responding) when anything last moved.
        var since: NIODeadline
    }

    let limits: ConnectionLimits
    /// The cap in force: the configured one, lowered to fit the descriptor limit.
    let cap: Int
    private let lock = NIOLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    /// The loop the sweep runs on while the server listens (`startSweeping`).
    private var sweepLoop: (any EventLoop)?
    /// The sweep: scheduled by a connection opening when none is, and ended by its first tick
    /// that finds nobody connected. A server nobody uses does not wake for it, and a client that
    /// opens a connection for every request does not schedule one each time.
    private var sweep: RepeatedTask?
    /// How many times the sweep has run, for tests.
    private var ticks = 0
    /// How often open connections are swept.
    static let sweepInterval = TimeAmount.milliseconds(250)

    init(limits: ConnectionLimits, descriptors: Int = DescriptorLimit.current()) {
        self.limits = limits
        cap = limits.connectionCap(descriptors: descriptors)
    }

    /// How many connections are open.
    var count: Int { lock.withLock { entries.count } }

    /// Registers a new connection; returns `false` when it is over the cap and nothing could be
    /// closed to make room, so it must be refused.
    func opened(_ channel: any Channel) -> Bool {
        let now = NIODeadline.now()
        let (victim, accepted): ((any Channel)?, Bool) = lock.withLock {
            var victim: (any Channel)?
            if entries.count >= cap {
                // Idle connections go first, then those still trickling in a head.
                let candidates = entries.filter { $0.value.phase == .idle || $0.value.phase == .readingHead || $0.value.phase == .refused }
                if let oldest = candidates.min(by: { Self.evictionRank($0.value) < Self.evictionRank($1.value) }) {
                    victim = oldest.value.channel
                    entries[oldest.key] = nil
                }
            }
            let accepted = entries.count < cap
            entries[ObjectIdentifier(channel)] = Entry(channel: channel, phase: accepted ? .idle : .refused, since: now)
            startSweep()
            return (victim, accepted)
        }
        victim?.close(promise: nil)
        return accepted
    }

    /// Records that `channel` moved to `phase` now.
    func changed(_ channel: any Channel, to phase: Phase) {
        let now = NIODeadline.now()
        lock.withLock {
            // One lookup, then changes in place: every request moves its connection four times.
            guard let index = entries.index(forKey: ObjectIdentifier(channel)), entries.values[index].phase != .refused else { return }
            entries.values[index].phase = phase
            entries.values[index].since = now
        }
    }

    /// Records that a connection flushed a part of its response: one being made is now being sent.
    func progressed(_ channel: any Channel) {
        let now = NIODeadline.now()
        lock.withLock {
            guard let index = entries.index(forKey: ObjectIdentifier(channel)),
                  [.working, .responding].contains(entries.values[index].phase) else { return }
            entries.values[index].phase = .responding
            entries.values[index].since = now
        }
    }

    /// Records that a connection's client took some of what was sent to it, or stopped taking it
    /// (its channel's writability changed).
    func drained(_ channel: any Channel) {
        let now = NIODeadline.now()
        lock.withLock {
            guard let index = entries.index(forKey: ObjectIdentifier(channel)),
                  [.working, .responding].contains(entries.values[index].phase) else { return }
            entries.values[index].since = now
        }
    }

    func closed(_ channel: any Channel) {
        lock.withLock { entries[ObjectIdentifier(channel)] = nil }
    }

    /// Sweeps four times a second on `loop` while any connection is open, until the returned
    /// sweeping is cancelled (when the server stops listening).
    func startSweeping(on loop: any EventLoop) -> Sweeping {
        lock.withLock {
            sweepLoop = loop
            if !entries.isEmpty { startSweep() }
        }
        return Sweeping(registry: self)
    }

    /// The sweep of a listening server, until `cancel()`.
    struct Sweeping: Sendable {
        fileprivate let registry: ConnectionRegistry

        func cancel() {
            registry.lock.withLock {
                registry.sweepLoop = nil
                registry.sweep?.cancel()
                registry.sweep = nil
            }
        }
    }

    /// Whether a sweep is scheduled now.
    var isSweeping: Bool { lock.withLock { sweep != nil } }

    /// How many times the sweep has run.
    var sweepCount: Int { lock.withLock { ticks } }

    /// With the lock held: schedules the sweep, unless one is or the server does not listen.
    private func startSweep() {
        guard sweep == nil, let loop = sweepLoop else { return }
        sweep = loop.scheduleRepeatedTask(initialDelay: Self.sweepInterval, delay: Self.sweepInterval) { [weak self] task in
            guard let self else { return task.cancel() }
            closeExpired()
            lock.withLock {
                ticks += 1
                // Nobody left: the next connection to open schedules it again.
                if entries.isEmpty, sweep === task {
                    task.cancel()
                    sweep = nil
                }
            }
        }
    }

    /// The connections past a limit at `now`, each taken out of the registry's watch (a body
    /// that timed out is answered 408 and then closed).
    func expired(at now: NIODeadline = .now()) -> [Expiry] {
        func seconds(_ value: Double) -> TimeAmount { .nanoseconds(Int64(value * 1_000_000_000)) }
        let idle = seconds(limits.idleTimeout), head = seconds(limits.headerTimeout), body = seconds(limits.bodyTimeout)
        // A refused connection has a second to ask before it is closed unanswered.
        let refused = seconds(min(1, limits.headerTimeout))
        return lock.withLock {
            var found: [Expiry] = []
            for (id, entry) in entries {
                switch entry.phase {
                case .idle, .responding:
                    if entry.since + idle <= now { found.append(.close(entry.channel)); entries[id] = nil }
                case .working:
                    // Nothing moves out while the channel can take no more: the client stopped reading.
                    if !entry.channel.isWritable, entry.since + idle <= now { found.append(.close(entry.channel)); entries[id] = nil }
                case .refused:
                    if entry.since + refused <= now { found.append(.close(entry.channel)); entries[id] = nil }
                case .readingHead:
                    if entry.since + head <= now { found.append(.headTimedOut(entry.channel)); entries[id] = nil }
                case .readingBody:
                    if entry.since + body <= now {
                        found.append(.bodyTimedOut(entry.channel))
                        entries[id]?.phase = .responding
                        entries[id]?.since = now
                    }
                }
            }
            return found
        }
    }

    /// Lower ranks are closed first: refused, then idle, then slow heads; older before newer.
    private static func evictionRank(_ entry: Entry) -> (Int, NIODeadline) {
        let order = switch entry.phase {
        case .refused: 0
        case .idle: 1
        default: 2
        }
        return (order, entry.since)
    }
}
