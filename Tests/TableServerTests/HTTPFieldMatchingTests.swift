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

    @Test("has(_:) answers as contains(_:) for every name, in fields with and without it")
    func hasIsContains() {
        let sets: [HTTPFields] = [
            [:],
            [.contentType: "text/html", .connection: "close"],
            [HTTPField.Name("X-Custom-Header")!: "1", HTTPField.Name("x-tracking")!: "2", .cookie: "a=1", .cookie: "b=2"],
            HTTPFields(Self.names.map { HTTPField(name: $0, value: "v") }),
        ]
        for fields in sets {
            for name in Self.names {
                #expect(fields.has(name) == fields.contains(name), "\(name) in \(fields)")
            }
        }
    }

    @Test("value(of:) gives the subscript's value, a lone field's or several joined, whatever the name's case")
    func valueOf() {
        var fields: HTTPFields = [HTTPField.Name("X-Tracking")!: "1", .connection: "keep-alive"]
        #expect(fields.value(of: HTTPField.Name("x-tracking")!) == "1")
        #expect(fields.value(of: .connection) == "keep-alive")
        fields.append(HTTPField(name: HTTPField.Name("CONNECTION")!, value: "close"))
        #expect(fields.value(of: .connection) == fields[.connection] && fields[.connection] == "keep-alive, close")
        #expect(fields.value(of: HTTPField.Name("x-request-id")!) == nil)
    }
}
