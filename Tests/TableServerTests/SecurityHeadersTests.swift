import HTTPTypes
import Testing
@testable import TableServer

@Suite("The security headers every response carries")
struct SecurityHeadersTests {
    private static let names: [HTTPField.Name] = [.contentSecurityPolicy, .xContentTypeOptions, .referrerPolicy, .frameOptions]

    @Test("appended after the fields there, in one order, when none of them is there; a name of the same length is another")
    func appended() throws {
        // "x-custom-header" is as long as "referrer-policy" and "x-frame-options".
        var headers: HTTPFields = [.contentType: "text/html", HTTPField.Name("X-Custom-Header")!: "1"]
        SecurityHeaders.add(to: &headers)
        #expect(headers.map(\.name) == [.contentType, HTTPField.Name("X-Custom-Header")!] + Self.names)
        #expect(headers[.frameOptions] == "DENY" && headers[.xContentTypeOptions] == "nosniff" && headers[.referrerPolicy] == "same-origin")
        #expect(headers[.contentSecurityPolicy] == SecurityHeaders.contentSecurityPolicy)
    }

    @Test("their names are as long as the lengths the search compares names at (15, 22 and 23 bytes)")
    func nameLengths() {
        #expect(Self.names.map(\.canonicalName.utf8.count).sorted() == [15, 15, 22, 23])
    }

    @Test("set in place of theirs already there, each once, the other fields left as they are")
    func replaced() throws {
        var headers: HTTPFields = [.frameOptions: "SAMEORIGIN", .contentType: "text/html"]
        headers.append(HTTPField(name: .contentSecurityPolicy, value: "default-src *"))
        SecurityHeaders.add(to: &headers)
        for name in Self.names { #expect(headers[fields: name].count == 1, "\(name)") }
        #expect(headers[.frameOptions] == "DENY" && headers[.contentSecurityPolicy] == SecurityHeaders.contentSecurityPolicy)
        #expect(headers[.contentType] == "text/html" && headers.count == 5)
    }
}
