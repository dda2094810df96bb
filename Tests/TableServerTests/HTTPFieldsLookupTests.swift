import HTTPTypes
import Testing
@testable import TableServer

@Suite("Header lookups")
struct HTTPFieldsLookupTests {
    @Test("a lookup gives what the subscript gives: nothing, one value, or several joined")
    func sameAsSubscript() {
        var fields: HTTPFields = [.contentType: "text/html", .acceptEncoding: "gzip"]
        #expect(fields.value(of: .connection) == nil)
        #expect(fields.value(of: .contentType) == "text/html")
        fields.append(HTTPField(name: .acceptEncoding, value: "br"))
        #expect(fields.value(of: .acceptEncoding) == "gzip, br")
        #expect(fields.value(of: .acceptEncoding) == fields[.acceptEncoding])
        fields.append(HTTPField(name: HTTPField.Name("X-Empty")!, value: ""))
        #expect(fields.value(of: HTTPField.Name("x-empty")!) == "")
        // Cookie fields are joined by semicolons.
        fields.append(HTTPField(name: .cookie, value: "a=1"))
        fields.append(HTTPField(name: .cookie, value: "b=2"))
        #expect(fields.value(of: .cookie) == "a=1; b=2")
        for name in [HTTPField.Name.connection, .contentType, .acceptEncoding, HTTPField.Name("X-Empty")!, .cookie] {
            #expect(fields.value(of: name) == fields[name])
        }
    }
}
