import Foundation
import NIOCore
import NIOConcurrencyHelpers

/// Session ids ended by signing out. Sessions are signed cookies that any server can check
/// without state, so a copy of one taken before sign-out would stay good until it expires (twelve
/// hours for an editor's); the ids kept here are refused until then. Kept in memory: each server
/// of several knows only the sign-outs it handled.
final class RevokedSessions: @unchecked Sendable {
    private let lock = NIOLock()
    private var expiries: [String: Date] = [:]
    /// How long an id is kept: as long as any cookie of the session can be valid.
    let lifetime: TimeInterval

    init(lifetime: TimeInterval = 12 * 3600) { self.lifetime = lifetime }

    /// Ends the session `id` on this server.
    func revoke(_ id: String, now: Date = Date()) {
        lock.withLock {
            expiries = expiries.filter { $0.value > now }
            expiries[id] = now.addingTimeInterval(lifetime)
        }
    }

    /// Whether the session `id` was ended.
    func contains(_ id: String, now: Date = Date()) -> Bool {
        lock.withLock { expiries[id].map { $0 > now } ?? false }
    }
}
