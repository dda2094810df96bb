import Foundation

/// Sealed cookies this server has opened, by their whole text, with what they hold. A browser
/// sends the same session cookie with every request, and opening it (checking its signature,
/// which gives its form token too) is an HMAC; remembered, it is one dictionary lookup.
///
/// Only cookies whose signature checked are kept, and a lookup needs the whole sealed text,
/// signature included, so the memo tells nobody anything the signature would not. Only short
/// ASCII texts are kept: compared as strings they are compared byte for byte, and the memo
/// stays small (a sealed value has one text, see `Signer.bytes(base64URL:)`). At most `capacity`
/// cookies of each kind; a full memo starts afresh, so a flood of distinct cookies costs what it
/// would without one. Revocation is not kept here: `Session` asks every time.
final class OpenedCookies: @unchecked Sendable {  // every field is read and written under the lock
    /// A session cookie's id and the form token made from it.
    struct OpenedSession: Equatable, Sendable {
        let id: String
        let csrf: String
    }

    private let signer: Signer
    private let lock = NSLock()
    private var sessions: [String: OpenedSession] = [:]
    private var editors: [String: String] = [:]
    let capacity: Int
    /// The longest sealed text kept: a session cookie is 66 bytes, an editor's about 100.
    static let longestKept = 160

    init(signer: Signer, capacity: Int = 4_096) {
        self.signer = signer
        self.capacity = capacity
    }

    /// The session `sealed` names, or `nil` when its signature does not check.
    func session(_ sealed: String) -> OpenedSession? {
        recall(sealed, in: \.sessions) {
            signer.openedSession(sealed).map { OpenedSession(id: $0.id, csrf: $0.csrf) }
        }
    }

    /// The value an editor's cookie `sealed` holds ("id:expiry"), or `nil` when its signature
    /// does not check.
    func editor(_ sealed: String) -> String? {
        recall(sealed, in: \.editors) { signer.opened(sealed, for: .editor) }
    }

    /// How many cookies are kept, of both kinds.
    var count: Int { lock.withLock { sessions.count + editors.count } }

    private func recall<Value>(_ sealed: String, in memo: ReferenceWritableKeyPath<OpenedCookies, [String: Value]>,
                               open: () -> Value?) -> Value? {
        guard sealed.utf8.count <= Self.longestKept, sealed.utf8.allSatisfy({ $0 < 0x80 }) else { return open() }
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
