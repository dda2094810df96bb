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
            #expect(Signer.data(base64URL: expected) == Data(bytes))
        }
        #expect(Signer.data(base64URL: "a") == nil, "one character is never whole bytes")
        #expect(Signer.data(base64URL: "ab.c") == nil)
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

    @Test("session ids are 32 random hex digits")
    func randomIDs() {
        let ids = (0..<50).map { _ in Signer.randomID() }
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) && $0 == $0.lowercased() })
    }
}
