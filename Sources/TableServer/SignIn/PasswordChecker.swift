import Dispatch
import NIOConcurrencyHelpers

/// Checks passwords one at a time on a thread of its own: each check is a deliberately slow
/// hash (about 200 ms), and on the shared pool a burst of them would hold up every page. When
/// more checks wait than `maximumWaiting`, further ones are turned away at once.
final class PasswordChecker: @unchecked Sendable {
    private let queue = DispatchQueue(label: "tablestack.password-checks")
    private let lock = NIOLock()
    private var waiting = 0
    let maximumWaiting: Int

    init(maximumWaiting: Int = 8) { self.maximumWaiting = maximumWaiting }

    /// Whether `password` matches `hash`; `nil` when too many checks are already waiting.
    func verify(_ password: String, against hash: PasswordHash) async -> Bool? {
        let admitted = lock.withLock {
            guard waiting < maximumWaiting else { return false }
            waiting += 1
            return true
        }
        guard admitted else { return nil }
        return await withCheckedContinuation { continuation in
            queue.async {
                let matches = hash.verify(password)
                self.lock.withLock { self.waiting -= 1 }
                continuation.resume(returning: matches)
            }
        }
    }
}
