import Crypto
import Foundation
import Testing
@testable import TableServer

@Suite("Signed cookies and tokens")
struct SignerTests {
    @Test("base64url matches RFC 4648 §5 for every length and round-trips")
    func base64URL() {
        for length in 0..<70 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + length) }
            let expected = Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
            #expect(Signer.base64URL(bytes) == expected)
            #expect(Signer.bytes(base64URL: expected) == bytes)
        }
        #expect(Signer.bytes(base64URL: "a") == nil, "one character is never whole bytes")
        #expect(Signer.bytes(base64URL: "ab.c") == nil)
        // One text a value: no padding, no standard-alphabet digits, no stray low bits.
        #expect(Signer.bytes(base64URL: "QQ") == [0x41])
        for other in ["QQ==", "QR", "QZ", "+w", "/w", "Q Q"] { #expect(Signer.bytes(base64URL: other) == nil, "\(other)") }
    }

    @Test("signatures are HMAC-SHA256 (RFC 4231 test case 2), the same however many tasks sign at once")
    func signaturesAreHMACSHA256() async {
        let signer = Signer(secret: Array("Jefe".utf8))
        // RFC 4231 §4.3: HMAC-SHA256("Jefe", "what do ya want for nothing?").
        let expected = Signer.base64URL(hexBytes("5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"))
        #expect(signer.sign("what do ya want for nothing?") == expected)
        let signatures = await withTaskGroup(of: [String].self) { group in
            for task in 0..<8 {
                group.addTask { (0..<200).map { signer.sign("message \($0 % 7) \(task % 2)") } }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        for message in Set((0..<7).flatMap { n in (0..<2).map { "message \(n) \($0)" } }) {
            let reference = Signer(secret: Array("Jefe".utf8)).sign(message)
            #expect(signer.sign(message) == reference)
        }
        #expect(Set(signatures).count == 14, "one signature per distinct message, none garbled by sharing")
        #expect(signer.sign("what do ya want for nothing?") == expected)
    }

    @Test("signatures equal swift-crypto's HMAC<SHA256> for keys shorter than, as long as and longer than a block")
    func signaturesMatchCryptoHMAC() {
        // RFC 4231 §4.7, test case 6: a 131-byte key, hashed before use.
        let longKey = Signer(secret: [UInt8](repeating: 0xaa, count: 131))
        #expect(longKey.sign("Test Using Larger Than Block-Size Key - Hash Key First")
            == Signer.base64URL(hexBytes("60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54")))
        let messages = ["", "a", "csrf:0123456789abcdef0123456789abcdef", String(repeating: "é", count: 40), String(repeating: "x", count: 200)]
        for length in [0, 1, 31, 32, 63, 64, 65, 128, 200] {
            let key = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 7) }
            let signer = Signer(secret: key)
            for message in messages {
                let reference = HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: SymmetricKey(data: key))
                #expect(signer.sign(message) == reference.withUnsafeBytes { Signer.base64URL($0) }, "key of \(length) bytes")
            }
        }
    }

    private func hexBytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    @Test("a sealed value opens only with its own signature, secret and purpose")
    func sealing() {
        let signer = Signer(secret: Array("one secret".utf8))
        let sealed = signer.sealed("session-7", for: .flash)
        #expect(signer.opened(sealed, for: .flash) == "session-7")
        #expect(Signer(secret: Array("another".utf8)).opened(sealed, for: .flash) == nil)
        #expect(signer.opened(sealed.replacingOccurrences(of: ".", with: "x."), for: .flash) == nil)
        #expect(signer.opened(Signer.base64URL(Array("session-8".utf8)) + "." + sealed.split(separator: ".")[1], for: .flash) == nil)
        for purpose in [Signer.Purpose.editor, .position] {
            #expect(signer.opened(sealed, for: purpose) == nil, "sealed for a flash, opened for \(purpose)")
        }
        // The names are told apart by the colon after them.
        let names = Signer.Purpose.allCases.map(\.rawValue) + [Signer.sessionName]
        #expect(Set(names).count == names.count && !names.contains { $0.contains(":") })
    }

    @Test("a flash whose text a visitor chose opens as no session and no editor's cookie")
    func purposesKeptApart() {
        let signer = Signer(secret: Array("one secret".utf8))
        // A notice that begins with an item's name: "session:…" or "editor:…" in it changes nothing.
        let id = "0123456789abcdef0123456789abcdef"
        for text in ["session:" + id, "editor:" + id + ":9999999999", id + ":9999999999", "flash:x", ":" + id] {
            let flash = signer.sealed(text, for: .flash)
            #expect(signer.openedSession(flash) == nil && signer.opened(flash, for: .editor) == nil && signer.opened(flash, for: .position) == nil,
                    "\(text)")
        }
        // Nor does the first half of a flash's signature sign a session cookie, whatever the
        // flash says: a session's message is another than any flash's.
        for text in ["session:" + id, id] {
            let signature = Signer.bytes(base64URL: signer.sealed(text, for: .flash).split(separator: ".")[1])!
            #expect(signer.openedSession(Signer.base64URL(id.utf8) + "." + Signer.base64URL(signature[..<16])) == nil, "\(text)")
        }
        // Nor does a session cookie open as anything else, nor an editor's as a session.
        #expect(signer.opened(signer.sessionSeal(id).sealed, for: .flash) == nil)
        #expect(signer.openedSession(signer.sealed(id, for: .editor)) == nil)
    }

    @Test("a session's cookie and form token are the two halves of one HMAC, and the cookie opens only with its own half and secret")
    func sessionSeal() {
        let key = Array("one secret".utf8)
        let signer = Signer(secret: key)
        let id = "0123456789abcdef0123456789abcdef"
        let seal = signer.sessionSeal(id)
        let reference = Array(HMAC<SHA256>.authenticationCode(for: Array(("session:" + id).utf8), using: SymmetricKey(data: key)))
        #expect(seal.sealed == Signer.base64URL(id.utf8) + "." + Signer.base64URL(reference[..<16]))
        #expect(seal.csrf == Signer.base64URL(reference[16...]))
        #expect(signer.openedSession(seal.sealed).map { [$0.id, $0.csrf] } == [id, seal.csrf])
        #expect(Signer(secret: Array("another".utf8)).openedSession(seal.sealed) == nil)
        let value = seal.sealed.prefix { $0 != "." }
        for forged in [value + "." + seal.csrf, signer.sealed(id, for: .flash), String(seal.sealed.dropLast()), seal.sealed + "A", String(value),
                       Signer.base64URL("0123456789abcdef0123456789abcdee".utf8) + "." + seal.sealed.split(separator: ".")[1]] {
            #expect(signer.openedSession(forged) == nil, "\(forged)")
        }
    }

    @Test("session ids are 32 random hex digits, none repeated across the pool's refills")
    func randomIDs() {
        // 256 ids empty the shared pool of 4,096 bytes; 1,000 take it through three refills.
        let ids = (0..<1000).map { _ in Signer.randomID() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) && $0 == $0.lowercased() })
        let digits = Set(ids.joined())
        #expect(digits.count == 16, "every hex digit appears: \(digits.sorted())")
    }
}
