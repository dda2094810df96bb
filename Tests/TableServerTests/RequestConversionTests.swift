import HTTPTypes
import NIOHTTP1
import NIOHTTPTypesHTTP1
import Testing
import TestSupport
@testable import TableServer

@Suite("Requests converted from NIO's heads")
struct RequestConversionTests {
    /// NIO's own conversion, which the server's must equal.
    private func theirs(_ head: HTTPRequestHead) throws -> HTTPRequest { try HTTPRequest(head, secure: false, splitCookie: false) }

    @Test("the same request as NIO's conversion, for targets with and without a leading slash")
    func sameAsNIO() throws {
        var targets = ["/", "/groceries/", "/a/b?x=1&y=%20", "//evil.example/path", "/a:b", "/?q", "/%zz", "/a b", "/ü", "/a#frag",
                       "*", "http://example.test/list/?x=1", "http://example.test", "https://h:8080?x", "a:b", "example.test:443", ""]
        var random = SeededGenerator(seed: 7)
        let alphabet = Array("/:?#%@ ab.-_=&[]~!$'()*+,;ü")
        for _ in 0..<2_000 {
            let length = Int.random(in: 0...14, using: &random)
            targets.append(String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }))
        }
        for target in targets {
            for method in [HTTPMethod.GET, .POST, .HEAD, .RAW(value: "PURGE")] {
                var headers: HTTPHeaders = ["Host": "example.test", "Cookie": "a=1; b=2", "X-Two": "1"]
                headers.add(name: "X-Two", value: "2")
                headers.add(name: "Host", value: "second.example")
                let head = HTTPRequestHead(version: .http1_1, method: method, uri: target, headers: headers)
                #expect(try RequestConversion.request(from: head) == theirs(head), "\(method) \(target)")
            }
        }
        let bare = HTTPRequestHead(version: .http1_0, method: .GET, uri: "/x", headers: [:])
        #expect(try RequestConversion.request(from: bare) == theirs(bare), "no Host")
    }
}
