import Crypto
import Foundation

/// Signs and checks short strings with HMAC-SHA256, so sessions, CSRF tokens and flash messages
/// live in cookies and forms rather than in one server's memory.
struct Signer: Sendable {
    private let keyed: KeyedSHA256

    init(secret: [UInt8]) { keyed = KeyedSHA256(key: secret) }

    /// What a value sealed with `sealed` is for. The signed message is the purpose's name, a
    /// colon and the value: the names differ, from each other and from `sessionName`, and hold
    /// no colon, so no two purposes' messages are ever equal, and a value sealed for one purpose
    /// opens for no other, whatever text a visitor puts in it (a flash names the item it speaks
    /// of). A session is sealed by `sessionSeal` only: its visitor holds both halves of its HMAC
    /// (cookie and form token), which together would be a whole signature.
    enum Purpose: String, CaseIterable {
        case flash, editor, position
    }

    /// The name a session's message begins with (`sessionSeal`).
    static let sessionName = "session"

    /// The signature of `message` (base64url, no padding): HMAC-SHA256 (RFC 2104) of its UTF-8.
    func sign(_ message: String) -> String { mac(message) { Self.base64URL($0) } }

    /// `body` given the HMAC-SHA256 of `message` (32 bytes).
    private func mac<Result>(_ message: String, _ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        // Both hashes start from copies that have taken in the padded key, so a signature hashes
        // only the message and the inner digest. On `SHA256` itself: `HMAC<SHA256>`'s generic
        // code runs unspecialized outside swift-crypto and costs more than the hashing
        // (docs/performance.md, "A new visitor's warm page").
        var inner = keyed.inner
        var message = message
        message.withUTF8 { inner.update(bufferPointer: UnsafeRawBufferPointer($0)) }
        var outer = keyed.outer
        inner.finalize().withUnsafeBytes { outer.update(bufferPointer: $0) }
        return outer.finalize().withUnsafeBytes(body)
    }

    /// A session cookie's value for `id` and the session's form token, both from one HMAC of
    /// the id as a session's message (`sessionName`): its first 16 bytes sign the cookie
    /// (`id.signature`, as `sealed` writes), its last 16 are the token. Neither half tells anything of the other, and
    /// 128 bits are beyond guessing (RFC 2104 §5 allows half the hash). A new visitor's first
    /// page needs both: one HMAC makes them (docs/performance.md).
    func sessionSeal(_ id: String) -> (sealed: String, csrf: String) {
        let (signature, csrf) = sessionMAC(id)
        return (Self.text(sealing: id, with: signature), csrf)
    }

    /// The id and form token of a session cookie `sessionSeal` made, or `nil` when its
    /// signature does not match.
    func openedSession(_ sealed: some StringProtocol) -> (id: String, csrf: String)? {
        guard let (id, signature) = Self.parts(of: sealed) else { return nil }
        let expected = sessionMAC(id)
        return Self.constantTimeEquals(Array(expected.signature.utf8), Array(signature.utf8)) ? (id, expected.csrf) : nil
    }

    /// The two halves of the HMAC of `id` as a session's message, in base64url.
    private func sessionMAC(_ id: String) -> (signature: String, csrf: String) {
        mac(Self.message(id, named: Self.sessionName)) { digest in
            let half = digest.count / 2
            return (Self.base64URL(UnsafeRawBufferPointer(rebasing: digest[..<half])), Self.base64URL(UnsafeRawBufferPointer(rebasing: digest[half...])))
        }
    }

    /// What is signed to seal `value` for the purpose `name` (a `Purpose`'s, or `sessionName`).
    private static func message(_ value: String, named name: String) -> String {
        name + ":" + value
    }

    /// A sealed cookie's text: `value` in base64url, a dot, its signature (`parts(of:)` reads it).
    private static func text(sealing value: String, with signature: String) -> String {
        base64URL(value.utf8) + "." + signature
    }

    /// Whether `signature` is the signature of `message`, compared in constant time.
    func isValid(_ signature: some StringProtocol, for message: String) -> Bool {
        Self.constantTimeEquals(Array(sign(message).utf8), Array(signature.utf8))
    }

    /// Whether two byte strings are equal, taking the same time wherever they first differ, so that
    /// timing tells an attacker nothing about a signature or a password hash.
    static func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        var difference: UInt8 = 0
        for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
        return difference == 0
    }

    /// `value.signature`, for a cookie that holds `value` for `purpose`.
    func sealed(_ value: String, for purpose: Purpose) -> String {
        Self.text(sealing: value, with: sign(Self.message(value, named: purpose.rawValue)))
    }

    /// The value of a cookie sealed for `purpose`, or `nil` when the signature does not match.
    func opened(_ sealed: some StringProtocol, for purpose: Purpose) -> String? {
        guard let (value, signature) = Self.parts(of: sealed) else { return nil }
        return isValid(signature, for: Self.message(value, named: purpose.rawValue)) ? value : nil
    }

    /// The value a sealed text holds and its signature, or `nil` unless it is one base64url
    /// value, one dot and a signature.
    private static func parts<Text: StringProtocol>(of sealed: Text) -> (value: String, signature: Text.SubSequence)? {
        // Split at the one dot's byte: every request with a session reads one or two of these.
        let text = sealed.utf8
        guard let dot = text.firstIndex(of: UInt8(ascii: ".")) else { return nil }
        let signature = sealed[text.index(after: dot)...]
        guard !signature.utf8.contains(UInt8(ascii: ".")), let decoded = bytes(base64URL: sealed[..<dot]) else { return nil }
        return (String(decoding: decoded, as: UTF8.self), signature)
    }

    private static let base64Alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// `data` in base64url without padding (RFC 4648 §5), written directly: every request signs
    /// at least one token, and Foundation's base64 plus three replacements cost more than the HMAC.
    static func base64URL<Bytes: Collection<UInt8>>(_ data: Bytes) -> String {
        data.withContiguousStorageIfAvailable { base64URL(UnsafeRawBufferPointer($0)) } ?? Array(data).withUnsafeBytes { base64URL($0) }
    }

    /// The same, for bytes in memory: three bytes at a time into four digits, then what is left.
    static func base64URL(_ input: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: (input.count * 4 + 2) / 3) { out in
            base64Alphabet.withUnsafeBufferPointer { alphabet in
                var written = 0
                var index = 0
                while index + 3 <= input.count {
                    let value = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                    out[written] = alphabet[Int(value >> 18)]
                    out[written + 1] = alphabet[Int(value >> 12 & 63)]
                    out[written + 2] = alphabet[Int(value >> 6 & 63)]
                    out[written + 3] = alphabet[Int(value & 63)]
                    written += 4
                    index += 3
                }
                // One byte left is two digits, two bytes three.
                if index < input.count {
                    let hasSecond = index + 1 < input.count
                    let value = UInt32(input[index]) << 16 | (hasSecond ? UInt32(input[index + 1]) << 8 : 0)
                    out[written] = alphabet[Int(value >> 18)]
                    out[written + 1] = alphabet[Int(value >> 12 & 63)]
                    written += 2
                    if hasSecond {
                        out[written] = alphabet[Int(value >> 6 & 63)]
                        written += 1
                    }
                }
                return written
            }
        }
    }

    /// The bytes of `text`, or `nil` unless it is base64url as `base64URL` writes it: no padding,
    /// no `+` or `/`, and no bits set past the last whole byte. So one value has one text, and a
    /// sealed cookie cannot be written out in many forms that all pass (`OpenedCookies` keeps
    /// cookies by their text).
    static func bytes(base64URL text: some StringProtocol) -> [UInt8]? {
        var value: UInt32 = 0
        var bits = 0
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count * 3 / 4)
        for character in text.utf8 {
            guard let digit = base64Digit(character) else { return nil }
            value = value << 6 | UInt32(digit)
            bits += 6
            if bits >= 8 {
                bits -= 8
                output.append(UInt8(truncatingIfNeeded: value >> UInt32(bits)))
            }
        }
        return bits >= 6 || value & (1 << UInt32(bits) - 1) != 0 ? nil : output
    }

    private static func base64Digit(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// 128 random bits as 32 hex digits, for session ids.
    static func randomID() -> String {
        let digits: StaticString = "0123456789abcdef"
        return withUnsafeTemporaryAllocation(byteCount: 16, alignment: 1) { random in
            RandomPool.shared.fill(random)
            return String(unsafeUninitializedCapacity: 32) { hex in
                for (index, byte) in random.enumerated() {
                    hex[2 * index] = digits.utf8Start[Int(byte >> 4)]
                    hex[2 * index + 1] = digits.utf8Start[Int(byte & 15)]
                }
                return 32
            }
        }
    }
}

/// HMAC's two hashes after the key's block: the inner has taken in the key XOR 0x36 bytes, the
/// outer the key XOR 0x5c bytes, the key zero-padded to a block (hashed first when longer). They
/// are only ever copied, never changed: a `SHA256` is a value (its state copied before a copy's
/// first change), so each signature hashes on copies of its own and tasks may share these.
private struct KeyedSHA256: @unchecked Sendable {
    let inner: SHA256
    let outer: SHA256

    init(key secret: [UInt8]) {
        var key = secret.count > SHA256.blockByteCount ? Array(SHA256.hash(data: secret)) : secret
        key += repeatElement(0, count: SHA256.blockByteCount - key.count)
        var inner = SHA256()
        inner.update(data: key.map { $0 ^ 0x36 })
        var outer = SHA256()
        outer.update(data: key.map { $0 ^ 0x5c })
        self.inner = inner
        self.outer = outer
    }
}
