import Crypto
import Foundation

/// Signs and checks short strings with HMAC-SHA256, so sessions, CSRF tokens and flash messages
/// live in cookies and forms rather than in one server's memory.
struct Signer: Sendable {
    private let secret: [UInt8]

    init(secret: [UInt8]) { self.secret = secret }

    /// The signature of `message` (base64url, no padding).
    func sign(_ message: String) -> String {
        Self.base64URL(Data(HMAC<SHA256>.authenticationCode(for: Data(message.utf8), using: SymmetricKey(data: secret))))
    }

    /// Whether `signature` is the signature of `message`, compared in constant time.
    func isValid(_ signature: String, for message: String) -> Bool {
        Self.constantTimeEquals(Array(sign(message).utf8), Array(signature.utf8))
    }

    /// Whether two byte strings are equal, taking the same time wherever they first differ, so that
    /// timing tells an attacker nothing about a signature or a password hash.
    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// `value.signature`, for a cookie.
    func sealed(_ value: String) -> String { Self.base64URL(Data(value.utf8)) + "." + sign(value) }

    /// The value of a sealed cookie, or `nil` when the signature does not match.
    func opened(_ sealed: String) -> String? {
        let parts = sealed.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let data = Self.data(base64URL: String(parts[0])) else { return nil }
        let value = String(decoding: data, as: UTF8.self)
        return isValid(String(parts[1]), for: value) ? value : nil
    }

    static func base64URL(_ data: Data) -> String {
        data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func data(base64URL text: String) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64)
    }

    /// Random bytes as hex, for session ids.
    static func randomID() -> String {
        (0..<16).map { _ in String(format: "%02x", UInt8.random(in: 0...255)) }.joined()
    }
}
