import Synchronization

/// The signed change-log position each answer hands the browser (see `SiteServer.markSeen`),
/// kept for the position last signed: every answer between two commits carries the same one,
/// which would otherwise cost an HMAC each.
final class LastSealedPosition: Sendable {
    private let signer: Signer
    private let last = Mutex<(sequence: Int, sealed: String)?>(nil)

    init(signer: Signer) { self.signer = signer }

    /// `sequence`, sealed.
    func sealed(_ sequence: Int) -> String {
        if let last = last.withLock({ $0 }), last.sequence == sequence { return last.sealed }
        let sealed = signer.sealed(String(sequence), for: .position)
        last.withLock { $0 = (sequence, sealed) }
        return sealed
    }
}
