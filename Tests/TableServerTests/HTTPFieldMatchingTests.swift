import HTTPTypes
import Testing
@testable import TableServer

@Suite("Header names matched by their lengths first")
struct HTTPFieldMatchingTests {
    /// Names of one length and of others, spelt in several cases: "referrer-policy",
    /// "x-frame-options" and "x-custom-header" are all 15 bytes, "connection" and "x-tracking"
    /// 10, "content-type" and "x-request-id" 12.
    private static let names: [HTTPField.Name] = [
        .contentType, .contentLength, .connection, .transferEncoding, .cookie, .setCookie, .date, .server, .eTag,
        .referrerPolicy, .frameOptions, .contentSecurityPolicy, .xContentTypeOptions, .cacheControl, .vary,
        HTTPField.Name("X-Custom-Header")!, HTTPField.Name("x-tracking")!, HTTPField.Name("X-Request-ID")!,
        HTTPField.Name("CONTENT-TYPE")!, HTTPField.Name("Connection")!, HTTPField.Name("a")!, HTTPField.Name("b")!,
    ]

    @Test("a name matches another exactly when == says they are equal")
    func matchesIsEquality() {
        for name in Self.names {
            for other in Self.names {
                #expect(name.matches(other) == (name == other), "\(name) and \(other)")
            }
        }
    }

    @Test("a name is an ASCII token: none with other bytes is made, so equal names are equal bytes")
    func namesAreASCII() {
        #expect(HTTPField.Name("x-café") == nil)
        #expect(HTTPField.Name("x-cafe\u{301}") == nil)
        #expect(HTTPField.Name("x tracking") == nil)
        for name in Self.names {
            #expect(name.canonicalName.utf8.allSatisfy { $0 < 0x80 } && name.canonicalName == name.canonicalName.lowercased(), "\(name)")
        }
    }
}
