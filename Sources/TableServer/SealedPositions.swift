import Synchronization

/// The signed change-log position each answer hands the browser (see `SiteServer.markSeen`), kept
/// for the position last signed: every answer between two commits carries the same one, and
/// signing it for each cost an HMAC.
final class SealedPositions: Sendable {
    private let last = Mutex<(sequence: Int, sealed: String)?>(nil)

    /// `sequence` sealed by `signer` (always the server's one signer).
    func sealed(_ sequence: Int, signer: Signer) -> String {
        if let last = last.withLock({ $0 }), last.sequence == sequence { return last.sealed }
        let sealed = signer.sealed(String(sequence))
        last.withLock { $0 = (sequence, sealed) }
        return sealed
    }
}
