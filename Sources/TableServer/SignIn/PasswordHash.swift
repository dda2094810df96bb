import _CryptoExtras
import Crypto
import Foundation

/// A salted, slow password hash (PBKDF2-HMAC-SHA256), stored as
/// `pbkdf2-sha256$ROUNDS$SALT$HASH` with base64 salt and hash. The plain password is never kept.
public struct PasswordHash: Sendable, Hashable, CustomStringConvertible {
    public let rounds: Int
    public let salt: [UInt8]
    public let hash: [UInt8]

    /// Hashes `password` with a fresh random salt.
    public static func make(password: String, rounds: Int = 310_000) throws -> PasswordHash {
        let salt = (0..<16).map { _ in UInt8.random(in: 0...255) }
        return PasswordHash(rounds: rounds, salt: salt, hash: try derive(password, salt: salt, rounds: rounds))
    }

    /// Parses the stored form; `nil` for anything else.
    public init?(_ text: String) {
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "$")
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]), rounds >= 210_000,
              let salt = Data(base64Encoded: String(parts[2])), let hash = Data(base64Encoded: String(parts[3])),
              salt.count >= 16, hash.count == 32 else { return nil }
        self.init(rounds: rounds, salt: Array(salt), hash: Array(hash))
    }

    private init(rounds: Int, salt: [UInt8], hash: [UInt8]) {
        self.rounds = rounds
        self.salt = salt
        self.hash = hash
    }

    public var description: String {
        "pbkdf2-sha256$\(rounds)$\(Data(salt).base64EncodedString())$\(Data(hash).base64EncodedString())"
    }

    /// Whether `password` matches, compared in constant time.
    public func verify(_ password: String) -> Bool {
        guard let candidate = try? Self.derive(password, salt: salt, rounds: rounds) else { return false }
        return Signer.constantTimeEquals(candidate, hash)
    }

    private static func derive(_ password: String, salt: [UInt8], rounds: Int) throws -> [UInt8] {
        let key = try KDF.Insecure.PBKDF2.deriveKey(from: Array(password.utf8), salt: salt, using: .sha256,
                                                    outputByteCount: 32, rounds: rounds)
        return key.withUnsafeBytes { Array($0) }
    }
}
