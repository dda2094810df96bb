import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
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
            #expect(Signer.data(base64URL: expected) == Data(bytes))
        }
        #expect(Signer.data(base64URL: "a") == nil, "one character is never whole bytes")
        #expect(Signer.data(base64URL: "ab.c") == nil)
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

    private func hexBytes(_ hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
    }

    @Test("a sealed value opens only with its own signature and secret")
    func sealing() {
        let signer = Signer(secret: Array("one secret".utf8))
        let sealed = signer.sealed("session-7")
        #expect(signer.opened(sealed) == "session-7")
        #expect(Signer(secret: Array("another".utf8)).opened(sealed) == nil)
        #expect(signer.opened(sealed.replacingOccurrences(of: ".", with: "x.")) == nil)
        #expect(signer.opened(Signer.base64URL(Array("session-8".utf8)) + "." + sealed.split(separator: ".")[1]) == nil)
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

    @Test("the random pool gives each byte out once and draws again when it runs dry")
    func randomPool() {
        let pool = RandomPool(size: 32)
        func draw() -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: 16)
            bytes.withUnsafeMutableBytes { pool.fill($0) }
            return bytes
        }
        // Two draws empty the pool, the third refills it: 48 bytes, 384 random bits, never equal
        // in any two draws unless bytes were handed out twice or the refill did not happen.
        let draws = [draw(), draw(), draw(), draw(), draw()]
        #expect(Set(draws).count == draws.count)
        #expect(draws.allSatisfy { $0 != [UInt8](repeating: 0, count: 16) })
    }

    @Test("Set-Cookie values are written out in one order, Secure only over HTTPS")
    func setCookieText() throws {
        let signer = Signer(secret: Array("one secret".utf8))
        func session(forwardedProto: String?) -> Session {
            var head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/docs/")
            if let forwardedProto { head.headerFields[.forwardedProto] = forwardedProto }
            return Session(request: Request(head: head, body: RequestBody(buffer: ByteBuffer())), signer: signer, revoked: RevokedSessions())
        }
        let plain = session(forwardedProto: nil), secure = session(forwardedProto: "https")
        #expect(plain.setCookie("tablestack_flash", "abc.def", basePath: "/docs/", maxAge: 60)
            == "tablestack_flash=abc.def; Max-Age=60; Path=/docs/; HttpOnly; SameSite=Lax")
        #expect(secure.setCookie("tablestack_editor", "", basePath: "/", maxAge: 0)
            == "tablestack_editor=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax")
        var headers = HTTPFields()
        plain.store(on: &headers, signer: signer, basePath: "/docs/")
        let stored = try #require(headers[values: .setCookie].first)
        #expect(headers[values: .setCookie].count == 1)
        #expect(stored == "tablestack_session=" + signer.sealed(plain.id) + "; Path=/docs/; HttpOnly; SameSite=Lax")
        #expect(plain.isNew && plain.id.count == 32)
    }
}
