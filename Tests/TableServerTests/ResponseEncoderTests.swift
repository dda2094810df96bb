import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import Testing
@testable import TableServer

/// The bytes a response becomes on the wire: its framing by status, length and the method of the
/// request it answers, the same as NIO's own encoder and the HTTP-types codec write.
@Suite("Responses written as HTTP/1.1")
struct ResponseEncoderTests {
    /// A connection's pipeline as the server builds it, up to the handlers that answer.
    private func connection() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try TableHTTP1Channel.addHTTPHandlers(to: channel.pipeline.syncOperations)
        return channel
    }

    /// The same, connected (an embedded channel is active only once connected), for the tests
    /// that see it close.
    private func openConnection() throws -> EmbeddedChannel {
        let channel = try connection()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 8080)).wait()
        #expect(channel.isActive)
        return channel
    }

    /// NIO's HTTP/1 layer as Hummingbird builds it, the reference for the bytes.
    private func nioConnection() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false,
                                                                         withOutboundHeaderValidation: false)
        try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
        return channel
    }

    /// Sends `methods` requests for `/list/?x=1` as HTTP/`version` and returns the requests as the handlers above receive them.
    @discardableResult
    private func ask(_ channel: EmbeddedChannel, _ methods: [String], version: String = "1.1") throws -> [HTTPRequest] {
        let text = methods.map { "\($0) /list/?x=1 HTTP/\(version)\r\nHost: example.test\r\nCookie: a=1; b=2\r\n\r\n" }.joined()
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

    @Test("to HTTP/1.0, a response without a length is the bare body, ended by closing; one with a length keeps the connection")
    func http10() throws {
        let channel = try openConnection()
        // (Without keep-alive, NIO's decoder takes an HTTP/1.0 request for the connection's last.)
        let request = "GET / HTTP/1.0\r\nHost: example.test\r\nConnection: keep-alive\r\n\r\n"
        try channel.writeInbound(ByteBuffer(string: request + request))
        while try channel.readInbound(as: HTTPRequestPart.self) != nil {}
        #expect(try answer(channel, .ok, [.contentLength: "2"], body: ["ok"]) == "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        #expect(channel.isActive, "a length ends the body: the connection may stay (the guard closes it when the client asked)")
        #expect(try answer(channel, .ok, [.contentType: "text/html", .connection: "keep-alive", .transferEncoding: "chunked"],
                           body: ["<p>", "", "a</p>"])
            == "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nconnection: close\r\n\r\n<p>a</p>")
        #expect(!channel.isActive, "the end of a body without a length is the connection's end")
    }

    @Test("to HTTP/1.0, a HEAD's answer without a length has the GET's fields and closes as the GET would")
    func http10Head() throws {
        let channel = try openConnection()
        try ask(channel, ["HEAD"], version: "1.0")
        #expect(try answer(channel, .ok, [.contentType: "text/html"]) == "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nconnection: close\r\n\r\n")
        #expect(!channel.isActive)
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

    @Test("a CONNECT's answer has no body fields, and a body written to it is refused")
    func connect() throws {
        let channel = try connection()
        try channel.writeInbound(ByteBuffer(string: "CONNECT example.test:443 HTTP/1.1\r\nHost: example.test:443\r\n\r\n"))
        while try channel.readInbound(as: HTTPRequestPart.self) != nil {}
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .methodNotAllowed, headerFields: [.contentLength: "3", .allow: "GET"])))
        let refused = channel.eventLoop.makePromise(of: Void.self)
        channel.writeAndFlush(HTTPResponsePart.body(ByteBuffer(string: "no!")), promise: refused)
        #expect(throws: ResponseEncoder.BodyNotAllowed.self) { try refused.futureResult.wait() }
        try channel.writeOutbound(HTTPResponsePart.end(nil))
        #expect(try written(channel) == "HTTP/1.1 405 Method Not Allowed\r\nAllow: GET\r\n\r\n")
    }

    @Test("a 101 answers its request, unlike other 1xx: the next answer is the next request's")
    func switchingProtocols() throws {
        let channel = try connection()
        try ask(channel, ["HEAD", "GET"])
        try channel.writeOutbound(HTTPResponsePart.head(HTTPResponse(status: .switchingProtocols, headerFields: [.upgrade: "x"])))
        #expect(try written(channel) == "HTTP/1.1 101 Switching Protocols\r\nUpgrade: x\r\n\r\n")
        #expect(try answer(channel, .ok, [:], body: ["ab"]) == "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n")
    }

    @Test("a head longer than the first buffer, a long reason phrase among it, is written whole")
    func longHead() throws {
        let channel = try connection()
        try ask(channel, ["GET"])
        let reason = String(repeating: "r", count: 1_500), value = String(repeating: "v", count: 3_000)
        let fields: HTTPFields = [.contentLength: "0", HTTPField.Name("X-Long")!: value, .setCookie: "a=b; Path=/"]
        #expect(try answer(channel, HTTPResponse.Status(code: 299, reasonPhrase: reason), fields)
            == "HTTP/1.1 299 \(reason)\r\nContent-Length: 0\r\nX-Long: \(value)\r\nSet-Cookie: a=b; Path=/\r\n\r\n")
    }

    @Test("a response handed over as bytes (a warm page's) is framed as one with its fields: HEAD, 304, HTTP/1.0 kept alive, the head's own fields after")
    func encodedResponses() throws {
        let channel = try openConnection()
        let encoder = try channel.pipeline.syncOperations.handler(type: ResponseEncoder.self)
        func send(_ status: HTTPResponse.Status, _ fields: HTTPFields, body: [String] = [], own: HTTPFields = [:]) throws -> String {
            encoder.encodedNext = ResponseEncoder.Encoded(fields: ResponseEncoder.fieldLines(of: fields, status: status, allocator: channel.allocator),
                                                          body: body.map { ByteBuffer(string: $0) })
            defer { #expect(encoder.encodedNext == nil, "taken by the head") }
            return try answer(channel, status, own)
        }
        try ask(channel, ["GET", "HEAD", "GET", "GET", "GET"])
        #expect(try send(.ok, [.contentType: "text/html", .contentLength: "5"], body: ["he", "", "llo"])
            == "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\n\r\nhello")
        #expect(try send(.ok, [.contentLength: "5"], body: ["hello"]) == "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", "HEAD: no body")
        #expect(try send(.notModified, [.eTag: "\"a\"", .contentLength: "0", .transferEncoding: "chunked"])
            == "HTTP/1.1 304 Not Modified\r\nETag: \"a\"\r\n\r\n", "no length where no body may be, no coding ever")
        #expect(try send(.ok, [.contentLength: "2"], body: ["ok"], own: [.connection: "close"])
            == "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
        // The next response, written with its fields, owes nothing to the ones before.
        #expect(try answer(channel, .ok, [.contentType: "text/plain"], body: ["x"]) == "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\ntransfer-encoding: chunked\r\n\r\n1\r\nx\r\n0\r\n\r\n")

        let old = try openConnection()
        let oldEncoder = try old.pipeline.syncOperations.handler(type: ResponseEncoder.self)
        try old.writeInbound(ByteBuffer(string: "GET / HTTP/1.0\r\nHost: example.test\r\nConnection: keep-alive\r\n\r\n"))
        while try old.readInbound(as: HTTPRequestPart.self) != nil {}
        oldEncoder.encodedNext = ResponseEncoder.Encoded(fields: ResponseEncoder.fieldLines(of: [.contentLength: "2"], status: .ok, allocator: old.allocator),
                                                         body: [ByteBuffer(string: "ok")])
        #expect(try answer(old, .ok, [:]) == "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
        #expect(old.isActive, "HTTP/1.0 kept alive: the length ends the body, not the connection")
    }

    @Test("the end of a response with a length completes its promise, after the writes before it")
    func endPromise() throws {
        let channel = try connection()
        try ask(channel, ["GET"])
        let head = channel.eventLoop.makePromise(of: Void.self), end = channel.eventLoop.makePromise(of: Void.self)
        channel.write(HTTPResponsePart.head(HTTPResponse(status: .ok, headerFields: [.contentLength: "2"])), promise: head)
        channel.write(HTTPResponsePart.body(ByteBuffer(string: "ok")), promise: nil)
        channel.writeAndFlush(HTTPResponsePart.end(nil), promise: end)
        // (An embedded channel writes at once: both are complete here, or the test fails on them.)
        try end.futureResult.wait()
        try head.futureResult.wait()
        #expect(try written(channel) == "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok")
    }

    @Test("a HEAD the guard refuses (no Host) gets its 400 with the length and without the body")
    func refusedHead() throws {
        let channel = try connection()
        try channel.pipeline.syncOperations.addHandler(ConnectionGuard(registry: ConnectionRegistry(limits: ConnectionLimits())))
        try channel.writeInbound(ByteBuffer(string: "HEAD / HTTP/1.1\r\n\r\n"))
        let text = try written(channel)
        #expect(text.hasPrefix("HTTP/1.1 400 Bad Request\r\n") && text.contains("Content-Length: ") && text.hasSuffix("\r\n\r\n"), "\(text)")
        #expect(!text.contains("Host"), "no sentence of the body sent: \(text)")
    }

    /// Every status kind, with a length, with none, with a coding given, with a body or none, to
    /// a GET and to a HEAD, and with trailers: the bytes NIO's layer writes, but for the reason
    /// phrase (NIO writes its own for the codes it knows).
    @Test("the same bytes as NIO's encoder, case by case")
    func sameAsNIO() throws {
        let statuses: [HTTPResponse.Status] = [.ok, .created, .noContent, .notModified, .notFound, .contentTooLarge]
        let fieldSets: [HTTPFields] = [
            [.contentType: "text/html", .contentLength: "5"], [.contentType: "text/event-stream"],
            [.transferEncoding: "gzip", .eTag: "\"e\""], [.contentLength: "5", .transferEncoding: "chunked", .vary: "Cookie"],
        ]
        var cases = 0
        for method in ["GET", "HEAD"] {
            for status in statuses {
                for fields in fieldSets {
                    for body in [[], ["hello"], ["he", "", "llo"]] {
                        for trailers in [nil, [HTTPField.Name("X-Sum")!: "1"] as HTTPFields] {
                            let ours = try exchange(try connection(), method, status, fields, body, trailers)
                            let theirs = try exchange(try nioConnection(), method, status, fields, body, trailers)
                            #expect(ours == theirs, "\(method) \(status.code) \(fields) \(body) \(String(describing: trailers))")
                            cases += 1
                        }
                    }
                }
            }
        }
        #expect(cases == 288)
    }

    /// One request and its answer on `channel`; the bytes with the status line's reason set aside.
    private func exchange(_ channel: EmbeddedChannel, _ method: String, _ status: HTTPResponse.Status, _ fields: HTTPFields,
                          _ body: [String], _ trailers: HTTPFields?) throws -> String {
        try channel.writeInbound(ByteBuffer(string: "\(method) / HTTP/1.1\r\nHost: example.test\r\n\r\n"))
        while try channel.readInbound(as: HTTPRequestPart.self) != nil {}
        channel.write(HTTPResponsePart.head(HTTPResponse(status: status, headerFields: fields)), promise: nil)
        // (A body to a HEAD is refused by both: its promise fails, and nothing is written.)
        for part in body { channel.write(HTTPResponsePart.body(ByteBuffer(string: part)), promise: nil) }
        channel.writeAndFlush(HTTPResponsePart.end(trailers), promise: nil)
        let text = try written(channel)
        // ("\r\n" is one Character.)
        guard let lineEnd = text.firstIndex(of: "\r\n") else { return text }
        return "HTTP/1.1 \(status.code)" + text[lineEnd...]
    }
}
