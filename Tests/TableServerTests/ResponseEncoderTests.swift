import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import Testing
@testable import TableServer

/// The bytes a response becomes on the wire: its framing by status, length and the method of the
/// request it answers, as NIO's own encoder gave it before `ResponseEncoder` took its place.
@Suite("Responses written as HTTP/1.1")
struct ResponseEncoderTests {
    /// A connection's pipeline as the server builds it, up to the handlers that answer.
    private func connection() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
        try channel.pipeline.syncOperations.addHandler(ResponseEncoder())
        try channel.pipeline.syncOperations.addHandler(RequestConversion())
        return channel
    }

    /// Sends `method` requests for `/` and returns the requests as the handlers above receive them.
    @discardableResult
    private func ask(_ channel: EmbeddedChannel, _ methods: [String]) throws -> [HTTPRequest] {
        let text = methods.map { "\($0) /list/?x=1 HTTP/1.1\r\nHost: example.test\r\nCookie: a=1; b=2\r\n\r\n" }.joined()
        try channel.writeInbound(ByteBuffer(string: text))
        var requests: [HTTPRequest] = []
        while let part = try channel.readInbound(as: HTTPRequestPart.self) {
            if case let .head(request) = part { requests.append(request) }
        }
        return requests
    }

    private func answer(_ channel: EmbeddedChannel, _ status: HTTPResponse.Status, _ fields: HTTPFields, body: [String] = [],
                        end: HTTPFields? = nil) throws -> String {
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: status, headerFields: fields)))
        for part in body { try channel.writeOutbound(HTTPResponsePart.body(ByteBuffer(string: part))) }
        try channel.writeOutbound(HTTPResponsePart.end(end))
        return try written(channel)
    }

    private func written(_ channel: EmbeddedChannel) throws -> String {
        var text = ""
        while let buffer = try channel.readOutbound(as: IOData.self) {
            guard case let .byteBuffer(bytes) = buffer else { Issue.record("a file region"); continue }
            text += String(buffer: bytes)
        }
        return text
    }

    @Test("a response with a length: its fields in order and as spelled, then the body as it is")
    func withLength() throws {
        let channel = try connection()
        let requests = try ask(channel, ["GET"])
        #expect(requests.first?.method == .get && requests.first?.path == "/list/?x=1" && requests.first?.authority == "example.test")
        #expect(requests.first?.headerFields[.cookie] == "a=1; b=2", "one Cookie field, as sent")
        let fields: HTTPFields = [.contentType: "text/plain", .contentLength: "5", HTTPField.Name("X-Custom")!: "é ok"]
        #expect(try answer(channel, .ok, fields, body: ["hello"])
            == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\nX-Custom: é ok\r\n\r\nhello")
    }

    @Test("a response without a length is sent in chunks; an empty part sends nothing; trailers follow the last chunk")
    func chunks() throws {
        let channel = try connection()
        try ask(channel, ["GET", "GET"])
        #expect(try answer(channel, .ok, [.contentType: "text/event-stream", .transferEncoding: "gzip"], body: ["data: 1\n\n", "", "ab"])
            == "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\ntransfer-encoding: chunked\r\n\r\n"
            + "9\r\ndata: 1\n\n\r\n2\r\nab\r\n0\r\n\r\n")
        #expect(try answer(channel, .ok, [:], body: [String(repeating: "z", count: 300)], end: [HTTPField.Name("X-Sum")!: "7"])
            == "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n12c\r\n" + String(repeating: "z", count: 300) + "\r\n0\r\nX-Sum: 7\r\n\r\n")
    }

    @Test("a length given beside a coding wins; a 204 and a 304 carry neither")
    func framingFields() throws {
        let channel = try connection()
        try ask(channel, ["GET", "GET", "GET"])
        #expect(try answer(channel, .ok, [.transferEncoding: "chunked", .contentLength: "2"], body: ["ok"])
            == "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        #expect(try answer(channel, .noContent, [.contentLength: "0", .transferEncoding: "chunked", .eTag: "\"a\""])
            == "HTTP/1.1 204 No Content\r\nETag: \"a\"\r\n\r\n")
        #expect(try answer(channel, .notModified, [.contentLength: "10", .eTag: "\"a\""])
            == "HTTP/1.1 304 Not Modified\r\nETag: \"a\"\r\n\r\n")
    }

    @Test("a HEAD's answer keeps a GET's fields and sends no body; the GET pipelined behind it gets its own")
    func headThenGet() throws {
        let channel = try connection()
        try ask(channel, ["HEAD", "GET"])
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .ok, headerFields: [.contentLength: "5"])))
        let refused = channel.eventLoop.makePromise(of: Void.self)
        channel.write(HTTPResponsePart.body(ByteBuffer(string: "hello")), promise: refused)
        channel.flush()
        #expect(throws: ResponseEncoder.BodyNotAllowed.self) { try refused.futureResult.wait() }
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        #expect(try written(channel) == "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n")
        // Without a length, a HEAD's answer says it would be chunked, and sends no chunk.
        try ask(channel, ["HEAD"])
        #expect(try answer(channel, .ok, [.contentLength: "2"], body: ["ok"]) == "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok",
                "the GET asked before the second HEAD")
        #expect(try answer(channel, .ok, [:]) == "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n")
    }

    @Test("an interim 100 does not answer the request: the HEAD's final answer still has no body")
    func interim() throws {
        let channel = try connection()
        try ask(channel, ["HEAD"])
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .continue)))
        #expect(try written(channel) == "HTTP/1.1 100 Continue\r\n\r\n")
        #expect(try answer(channel, .ok, [:]) == "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n")
    }

    @Test("a CONNECT's answer has no body fields and no body")
    func connect() throws {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes)))
        try channel.pipeline.syncOperations.addHandler(ResponseEncoder())
        try channel.writeInbound(ByteBuffer(string: "CONNECT example.test:443 HTTP/1.1\r\nHost: example.test:443\r\n\r\n"))
        while try channel.readInbound(as: HTTPServerRequestPart.self) != nil {}
        #expect(try answer(channel, .methodNotAllowed, [.contentLength: "3", .allow: "GET"])
            == "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET\r\n\r\n")
    }
}
