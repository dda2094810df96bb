import HTTPTypes
import Hummingbird
import Testing
import TestSupport
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

    @Test("names are found whatever their case: a lookup, a search from a position, a cookie")
    func namesInAnyCase() {
        var fields: HTTPFields = [HTTPField.Name("X-Tracking")!: "1", .connection: "keep-alive"]
        #expect(fields.value(of: HTTPField.Name("x-tracking")!) == "1")
        fields.append(HTTPField(name: HTTPField.Name("CONNECTION")!, value: "close"))
        #expect(fields.value(of: .connection) == "keep-alive, close" && fields.value(of: .connection) == fields[.connection])
        #expect(fields.value(of: HTTPField.Name("x-request-id")!) == nil)
        fields.append(HTTPField(name: HTTPField.Name("COOKIE")!, value: "a=1"))
        #expect(fields.cookie("a") == "1")
        // Positions: 0 X-Tracking, 1 Connection, 2 CONNECTION, 3 COOKIE.
        #expect(fields.firstIndex(named: .connection, from: 0) == 1)
        #expect(fields.firstIndex(named: .connection, from: 2) == 2)
        #expect(fields.firstIndex(named: .connection, from: 3) == nil, "one before the start is not found")
        #expect(fields.firstIndex(named: .cookie, from: fields.endIndex) == nil)
        #expect(HTTPFields().firstIndex(named: .cookie, from: 0) == nil)
    }

    @Test("a request may ask to close when its Connection value says close anywhere, in any case")
    func mayAskToClose() {
        #expect(!HTTPFields().mayAskToClose)
        #expect(!([.connection: "keep-alive"] as HTTPFields).mayAskToClose)
        for value in ["close", "Close", "keep-alive, CLOSE"] {
            #expect(([.connection: value] as HTTPFields).mayAskToClose, "\(value)")
        }
        var two: HTTPFields = [.connection: "keep-alive"]
        two.append(HTTPField(name: HTTPField.Name("CONNECTION")!, value: "close"))
        #expect(two.mayAskToClose)
    }

    @Test("has(_:) answers as contains(_:), names of one length and of others, in fields with and without them")
    func hasIsContains() {
        // "referrer-policy", "x-frame-options" and "x-custom-header" are 15 bytes; "connection" and "x-tracking" 10.
        let names: [HTTPField.Name] = [.contentType, .contentLength, .connection, .transferEncoding, .cookie, .referrerPolicy,
                                       .frameOptions, HTTPField.Name("X-Custom-Header")!, HTTPField.Name("x-tracking")!,
                                       HTTPField.Name("CONTENT-TYPE")!]
        let sets: [HTTPFields] = [
            [:],
            [.contentType: "text/html", .connection: "close"],
            [HTTPField.Name("X-Custom-Header")!: "1", HTTPField.Name("x-tracking")!: "2", .cookie: "a=1", .cookie: "b=2"],
            HTTPFields(names.map { HTTPField(name: $0, value: "v") }),
        ]
        for fields in sets {
            for name in names {
                #expect(fields.has(name) == fields.contains(name), "\(name) in \(fields)")
            }
        }
    }

    @Test("a cookie is read as Hummingbird's Cookies reads it")
    func cookiesAsHummingbirdReadsThem() {
        var fields: HTTPFields = [.cookie: "tablestack_session=abc.def"]
        fields.append(HTTPField(name: .cookie, value: "other=1;  tablestack_flash=x=y; tablestack_flash=second; empty=;novalue"))
        #expect(fields.cookie("tablestack_session") == "abc.def")
        #expect(fields.cookie("tablestack_flash") == "x=y", "the first of a name, with the = signs after the first")
        #expect(fields.cookie("empty") == "")
        #expect(fields.cookie("novalue") == nil && fields.cookie("missing") == nil && fields.cookie("tablestack") == nil)
        var generator = SeededGenerator(seed: 3)
        let pieces = ["a", "b", "ab", "=", ";", " ", "\t", "; ", "x=1", "é", "%41", "."]
        for _ in 0..<5_000 {
            let header = (0..<Int.random(in: 0...10, using: &generator)).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
            guard !header.isEmpty else { continue }
            let headers = HTTPFields([HTTPField(name: .cookie, value: header)])
            for name in ["a", "b", "ab", "é"] {
                let ours = headers.cookie(name), theirs = Cookies(from: headers[values: .cookie])[name]?.value
                // Where the value is empty or starts with "=", Hummingbird's split drops empty pieces
                // (no cookie, or the value after the run of "="); RFC 6265 takes all after the first
                // "=", as we do. Neither is a sealed value, so the session reads none either way.
                #expect(ours == theirs || ours == "" || ours?.hasPrefix("=") == true, "\(header) \(name)")
            }
        }
    }
}
