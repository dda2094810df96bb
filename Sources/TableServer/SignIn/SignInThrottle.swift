import Foundation
import NIOConcurrencyHelpers

/// Limits password guessing: per client address and for the editor account as a whole, a run
/// of wrong passwords earns a wait that doubles with each further one. An attempt during the wait
/// is refused before the password is hashed, so guessing costs the server almost nothing.
/// Attempts still being checked count as wrong ones until they are known, so a burst sent at
/// once gets no more tries than the same guesses sent one by one. A right password ends the run.
/// Kept in memory: each server of several counts its own.
final class SignInThrottle: @unchecked Sendable {
    /// How many wrong passwords in a row are free, and how the wait grows after them.
    struct Policy: Sendable {
        /// Wrong passwords in a row from one address before waits begin.
        var freePerAddress = 10
        /// Wrong passwords in a row from all addresses together before everyone waits (higher,
        /// since a guesser spread over many addresses would otherwise lock the editor out at once).
        var freePerAccount = 100
        /// The first wait; each further wrong password doubles it.
        var firstDelay: TimeInterval = 1
        var longestDelay: TimeInterval = 15 * 60
        /// A run of wrong passwords is forgotten after this long without one.
        var forgetAfter: TimeInterval = 60 * 60
        /// Addresses remembered at most; the least recent are forgotten first.
        var addressCapacity = 10_000
    }

    /// What the throttle says about an attempt.
    enum Decision: Equatable {
        case allowed
        /// Refused unheard; try again after this many seconds.
        case wait(TimeInterval)
    }

    private struct Run {
        var failures = 0
        /// Attempts admitted and not yet judged.
        var pending = 0
        var lastFailure = Date.distantPast
        var blockedUntil = Date.distantPast
    }

    let policy: Policy
    /// The time now; a test sets a clock of its own so that a loaded machine cannot let a
    /// wait pass between two attempts.
    let clock: @Sendable () -> Date
    private let lock = NIOLock()
    private var addresses: [String: Run] = [:]
    private var account = Run()

    init(policy: Policy = Policy(), clock: @escaping @Sendable () -> Date = { Date() }) {
        self.policy = policy
        self.clock = clock
    }

    /// Whether an attempt from `address` may be heard now. An allowed attempt must be followed
    /// by `failed`, `succeeded` or `abandoned`.
    func admit(address: String, now: Date? = nil) -> Decision {
        let now = now ?? clock()
        return lock.withLock {
            let run = addresses[address] ?? Run()
            let waits = [run.blockedUntil, account.blockedUntil].filter { $0 > now }
            if let until = waits.max() { return .wait(until.timeIntervalSince(now)) }
            // Attempts in flight may all turn out wrong: they use up free tries already, and once
            // those are spent, one attempt at a time is heard after each wait.
            if Self.isFull(run, free: policy.freePerAddress) || Self.isFull(account, free: policy.freePerAccount) {
                return .wait(policy.firstDelay)
            }
            if addresses[address] == nil, addresses.count >= policy.addressCapacity { forgetStaleAddresses() }
            addresses[address, default: Run()].pending += 1
            account.pending += 1
            return .allowed
        }
    }

    /// Records a wrong password from `address`.
    func failed(address: String, now: Date? = nil) {
        let now = now ?? clock()
        lock.withLock {
            var run = addresses[address] ?? Run()
            run.pending = max(0, run.pending - 1)
            account.pending = max(0, account.pending - 1)
            addresses[address] = fail(run, free: policy.freePerAddress, now: now)
            account = fail(account, free: policy.freePerAccount, now: now)
        }
    }

    /// Records the right password from `address`: its run, and the account's, end.
    func succeeded(address: String) {
        lock.withLock {
            addresses[address] = nil
            account = Run(pending: max(0, account.pending - 1))
        }
    }

    /// Records that an admitted attempt was not judged (the server was too busy to check it).
    func abandoned(address: String) {
        lock.withLock {
            if let pending = addresses[address]?.pending { addresses[address]?.pending = max(0, pending - 1) }
            account.pending = max(0, account.pending - 1)
        }
    }

    /// Whether a run can take no further attempt until one in flight is judged.
    private static func isFull(_ run: Run, free: Int) -> Bool {
        run.failures < free ? run.failures + run.pending >= free : run.pending > 0
    }

    private func forgetStaleAddresses() {
        let stale = addresses.filter { $0.value.pending == 0 }.sorted { $0.value.lastFailure < $1.value.lastFailure }
            .prefix(max(1, policy.addressCapacity / 10))
        for (key, _) in stale { addresses[key] = nil }
    }

    private func fail(_ run: Run, free: Int, now: Date) -> Run {
        var run = run
        if now.timeIntervalSince(run.lastFailure) > policy.forgetAfter { run = Run(pending: run.pending) }
        run.failures += 1
        run.lastFailure = now
        if run.failures >= free {
            let doublings = Double(min(run.failures - free, 30))
            run.blockedUntil = now.addingTimeInterval(min(policy.firstDelay * pow(2, doublings), policy.longestDelay))
        }
        return run
    }
}
