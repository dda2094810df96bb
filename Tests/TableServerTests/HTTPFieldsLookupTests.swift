import HTTPTypes
import Testing
@testable import TableServer

@Suite("Header lookups")
struct HTTPFieldsLookupTests {
    @Test("a lookup gives what the subscript gives: nothing, one value, or several joined")
    func sameAsSubscript() {
        var fields: HTTPFields = [.contentType: "text/html", .acceptEncoding: "gzip"]
        #expect(fields[ifPresent: .connection] == nil)
        #expect(fields[ifPresent: .contentType] == "text/html")
        fields.append(HTTPField(name: .acceptEncoding, value: "br"))
        #expect(fields[ifPresent: .acceptEncoding] == "gzip, br")
        #expect(fields[ifPresent: .acceptEncoding] == fields[.acceptEncoding])
        fields.append(HTTPField(name: HTTPField.Name("X-Empty")!, value: ""))
        #expect(fields[ifPresent: HTTPField.Name("x-empty")!] == "")
        for name in [HTTPField.Name.connection, .contentType, .acceptEncoding, HTTPField.Name("X-Empty")!] {
            #expect(fields[ifPresent: name] == fields[name])
        }
    }
}
