import Foundation

/// Sealed cookies this server has opened, by their whole text, with what they hold. A browser
/// sends the same session cookie with every request: checking its signature and making its form
/// token were two HMACs of every request, a page from the cache or an edit alike.
///
/// Only cookies whose signature checked are kept, and a lookup needs the whole sealed text,
/// signature included, so the memo tells nobody anything the signature would not. At most
/// `capacity` cookies of each kind; a full memo starts afresh, so a flood of distinct cookies
/// costs what it cost without one. Revocation is not kept here: `Session` asks every time.
final class OpenedCookies: @unchecked Sendable {  // every field is read and written under the lock
    /// A session cookie's id and the form token made from it.
    struct Session: Equatable, Sendable {
        let id: String
        let csrf: String
    }

    private let lock = NSLock()
    private var sessions: [String: Session] = [:]
    private var values: [String: String] = [:]
    let capacity: Int

    init(capacity: Int = 4_096) { self.capacity = capacity }

    /// The session `sealed` names, or `nil` when its signature does not check.
    func session(_ sealed: String, signer: Signer) -> Session? {
        recall(sealed, in: \.sessions) {
            signer.opened(sealed).map { Session(id: $0, csrf: signer.sign("csrf:" + $0)) }
        }
    }

    /// The value `sealed` holds, or `nil` when its signature does not check.
    func value(_ sealed: String, signer: Signer) -> String? {
        recall(sealed, in: \.values) { signer.opened(sealed) }
    }

    private func recall<Value>(_ sealed: String, in memo: ReferenceWritableKeyPath<OpenedCookies, [String: Value]>,
                               open: () -> Value?) -> Value? {
        if let known = lock.withLock({ self[keyPath: memo][sealed] }) { return known }
        // Opened outside the lock: two requests with one new cookie may both open it, and both
        // keep the same value.
        guard let opened = open() else { return nil }
        lock.withLock {
            if self[keyPath: memo].count >= capacity { self[keyPath: memo].removeAll(keepingCapacity: true) }
            self[keyPath: memo][sealed] = opened
        }
        return opened
    }
}
