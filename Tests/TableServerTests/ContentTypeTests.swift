import HTTPTypes
import Testing
@testable import TableServer

@Suite("Content-Type: the media type, and UTF-8 only")
struct ContentTypeTests {
    @Test("parameters are read as RFC 9110 writes them: a quoted value is one, whatever it holds", arguments: [
        ("application/x-www-form-urlencoded", "application/x-www-form-urlencoded", [String]()),
        ("Application/JSON ; Charset = UTF-8", "application/json", ["utf-8"]),
        ("application/x-www-form-urlencoded; foo=\"a;charset=latin1\"", "application/x-www-form-urlencoded", []),
        ("application/json; charset=\"utf\\-8\"", "application/json", ["utf-8"]),
        ("text/plain;;charset=latin1;", "text/plain", ["latin1"]),
        ("application/json; charset=latin1; charset=utf-8", "application/json", ["latin1", "utf-8"]),
        ("application/json; charset", "application/json", []),
        ("application/json; charset=\"\"", "application/json", [""]),
        ("application/json; charset=\"unterminated", "application/json", ["unterminated"]),
    ])
    func parameters(header: String, type: String, charsets: [String]) {
        let read = ContentType(header)
        #expect(read.mediaType == type && read.charsets == charsets, "\(read.mediaType) \(read.charsets)")
    }

    @Test("a body of the expected type is read in UTF-8 or ASCII; another character set is a 415, two types a 400", arguments: [
        (["application/x-www-form-urlencoded"], 0),
        (["application/x-www-form-urlencoded; charset=\"UTF-8\"; foo=\"a;charset=latin1\""], 0),
        (["application/x-www-form-urlencoded; charset=US-ASCII"], 0),
        (["application/x-www-form-urlencoded; charset="], 0),
        (["application/x-www-form-urlencoded; charset=\"\""], 0),
        (["application/x-www-form-urlencoded; charset=utf-8; charset=latin1"], 415),
        (["application/x-www-form-urlencoded; charset=latin1; charset=utf-8"], 415),
        (["application/x-www-form-urlencoded; charset=\"utf-16\""], 415),
        (["application/x-www-form-urlencoded-plus"], 415),
        ([], 415),
        (["application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=latin1"], 400),
    ])
    func required(values: [String], status: Int) {
        var fields = HTTPFields()
        for value in values { fields.append(HTTPField(name: .contentType, value: value)) }
        do {
            try ContentType.require(fields, is: "application/x-www-form-urlencoded") { "expected a form, got \($0)" }
            #expect(status == 0)
        } catch {
            #expect(error.status.code == status, "\(error)")
        }
    }
}
