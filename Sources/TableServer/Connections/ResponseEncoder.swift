import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Writes responses as HTTP/1.1 bytes straight from `HTTPResponse`, and notes the method and
/// version of each request the decoder reads so that a response to `HEAD` or `CONNECT` goes out
/// without a body, and one to HTTP/1.0 without chunks.
///
/// It frames responses as NIO's `HTTPResponseEncoder` does (the same `Content-Length`,
/// `Transfer-Encoding` and body rules, `ResponseEncoderTests` compare the bytes), without turning
/// the fields into `HTTPHeaders` first and without a `ByteBuffer` call for each piece of a line:
/// that way cost a tenth of a warm page's instructions (docs/performance.md). It stands right
/// after the request decoder, before anything that may refuse a head, so that every head read
/// has its method noted in the order its response will come.
///
/// One rule differs from NIO's layer, which answered every request as HTTP/1.1: an HTTP/1.0
/// client does not read chunks, so a response without a length goes to it as the bare body,
/// ended by closing the connection (`Connection: close` says so).
final class ResponseEncoder: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = IOData

    /// What matters to a response's framing of a request still owed one (oldest first): its
    /// method, and whether it came as HTTP/1.0.
    private struct Asked {
        enum Method { case other, head, connect }
        var method = Method.other
        var isHTTP10 = false
    }
    private var owed = CircularBuffer<Asked>(initialCapacity: 2)
    /// Whether the response being written sends its body in chunks.
    private var isChunked = false
    /// Whether the response being written has no length and goes to an HTTP/1.0 client: its
    /// body ends when the connection closes, once its end is written.
    private var closesAtEnd = false
    /// Whether the response being written answers `HEAD` or `CONNECT`: it has no body at all.
    private var suppressesBody = false

    /// A response's fields and body already in HTTP/1.1 bytes, for the head written next: a
    /// warm page's answer (`WarmPageHandler`), which passes the guard as a head without fields
    /// and an end, two writes however many buffers its body has.
    struct Encoded {
        /// The field lines (`name: value\r\n`, `fieldLines(of:status:)`), without the blank line
        /// that ends the head; the Content-Length among them when the status allows a body.
        var fields: ByteBuffer
        var body: [ByteBuffer]
    }

    /// Set by the warm-page handler right before it writes a head, in the same call on the
    /// event loop, and taken by that head: its fields come after the status line, before the
    /// head's own (the guard's `connection: close`), and its body right after the head.
    var encodedNext: Encoded?

    /// A body written to the answer of a `HEAD` or `CONNECT`: the caller's mistake, refused
    /// rather than dropped unsaid (as NIO's encoder refuses it).
    struct BodyNotAllowed: Error {}

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case let .head(head) = unwrapInboundIn(data) {
            owed.append(Asked(method: head.method == .HEAD ? .head : head.method == .CONNECT ? .connect : .other,
                              isHTTP10: head.version == .http1_0))
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case let .head(response):
            writeHead(response, context: context, promise: promise)
        case let .body(buffer):
            if suppressesBody {
                promise?.fail(BodyNotAllowed())
            } else if isChunked, buffer.readableBytes > 0 {
                var size = context.channel.allocator.buffer(capacity: 12)
                size.writeString(String(buffer.readableBytes, radix: 16))
                size.writeStaticString("\r\n")
                context.write(wrapOutboundOut(.byteBuffer(size)), promise: nil)
                context.write(wrapOutboundOut(.byteBuffer(buffer)), promise: nil)
                context.write(wrapOutboundOut(.byteBuffer(Self.lineEnd)), promise: promise)
            } else {
                // (An empty chunk would end a chunked body: it is written as nothing, in order.)
                context.write(wrapOutboundOut(.byteBuffer(buffer)), promise: promise)
            }
        case let .end(trailers):
            suppressesBody = false
            if closesAtEnd {
                closesAtEnd = false
                context.writeAndFlushThenClose(wrapOutboundOut(.byteBuffer(context.channel.allocator.buffer(capacity: 0))), promise: promise)
            } else if isChunked {
                isChunked = false
                var last = context.channel.allocator.buffer(capacity: 64)
                last.writeStaticString("0\r\n")
                for field in trailers ?? [:] { Self.append(field, to: &last) }
                last.writeStaticString("\r\n")
                context.write(wrapOutboundOut(.byteBuffer(last)), promise: promise)
            } else if let promise {
                // Nothing to send, but the promise is kept in order with the writes before it.
                context.write(wrapOutboundOut(.byteBuffer(context.channel.allocator.buffer(capacity: 0))), promise: promise)
            }
        }
    }

    private static let lineEnd = ByteBuffer(staticString: "\r\n")

    private func writeHead(_ response: HTTPResponse, context: ChannelHandlerContext, promise: EventLoopPromise<Void>?) {
        let code = response.status.code
        // A 1xx before the final answer (101 aside) does not answer the request yet.
        let isInterim = (100..<200).contains(code) && code != 101
        var asked = Asked()
        if !isInterim {
            asked = owed.popFirst() ?? Asked()
            suppressesBody = asked.method != .other
        }
        let fields = response.headerFields
        let encoded = encodedNext.take()
        // The framing NIO's encoder gives: no length for an answer without a body (a CONNECT's
        // too); else the length given, or chunks when none is. A HEAD's answer keeps the fields
        // a GET's would have, without the body. HTTP/1.0 has no chunks: its body ends with the
        // connection instead. (Encoded fields carry their length.)
        let mayHaveBody = asked.method != .connect && Self.mayHaveBody(code)
        let lacksLength = mayHaveBody && encoded == nil && !fields.has(.contentLength)
        let chunks = lacksLength && !asked.isHTTP10
        let closes = lacksLength && asked.isHTTP10
        isChunked = chunks && !suppressesBody
        // (A HEAD's answer says it closes, as the GET's would, and does.)
        closesAtEnd = closes

        var buffer = context.channel.allocator.buffer(capacity: 1024 + (encoded?.fields.readableBytes ?? 0))
        var reason = response.status.reasonPhrase
        _ = reason.withUTF8 { reason in
            buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: 16 + reason.count) { out in
                var at = Self.copy("HTTP/1.1 ", to: out, at: 0)
                at = Self.copyDigits(of: code, to: out, at: at)
                out[at] = UInt8(ascii: " ")
                at = Self.copy(reason, to: out, at: at + 1)
                return Self.copy("\r\n", to: out, at: at)
            }
        }
        if let encoded { buffer.writeImmutableBuffer(encoded.fields) }
        var saysClose = false
        for field in fields where Self.isWritten(field, mayHaveBody: mayHaveBody) {
            if closes, field.name.matches(.connection) {
                // (The guard says `close` already when the client asked for it; a keep-alive cannot hold.)
                guard field.value.lowercased() == "close" else { continue }
                saysClose = true
            }
            Self.append(field, to: &buffer)
        }
        if chunks { buffer.writeStaticString("transfer-encoding: chunked\r\n") }
        if closes, !saysClose { buffer.writeStaticString("connection: close\r\n") }
        buffer.writeStaticString("\r\n")
        guard let encoded, mayHaveBody, !suppressesBody, let last = encoded.body.lastIndex(where: { $0.readableBytes > 0 }) else {
            context.write(wrapOutboundOut(.byteBuffer(buffer)), promise: promise)
            return
        }
        // (An empty part would be written as nothing: it is left out.)
        context.write(wrapOutboundOut(.byteBuffer(buffer)), promise: nil)
        for part in encoded.body[..<last] where part.readableBytes > 0 { context.write(wrapOutboundOut(.byteBuffer(part)), promise: nil) }
        context.write(wrapOutboundOut(.byteBuffer(encoded.body[last])), promise: promise)
    }

    /// Whether a response with status `code` may have a body (RFC 9110 §6.4.1): not a 1xx, 204 or 304.
    private static func mayHaveBody(_ code: Int) -> Bool { !((100..<200).contains(code) || code == 204 || code == 304) }

    /// Whether `field` is written as given: a coding given is dropped (or replaced by chunks), and
    /// a length where no body may be, as NIO's encoder does.
    private static func isWritten(_ field: HTTPField, mayHaveBody: Bool) -> Bool {
        !(field.name.matches(.transferEncoding) || (!mayHaveBody && field.name.matches(.contentLength)))
    }

    /// `fields` as the field lines `writeHead` writes for a response with `status` (to a request
    /// other than `CONNECT`), for `Encoded`.
    static func fieldLines(of fields: HTTPFields, status: HTTPResponse.Status, allocator: ByteBufferAllocator) -> ByteBuffer {
        var buffer = allocator.buffer(capacity: 1024)
        let mayHaveBody = mayHaveBody(status.code)
        for field in fields where isWritten(field, mayHaveBody: mayHaveBody) { append(field, to: &buffer) }
        return buffer
    }

    /// `name: value` and its line end, in one reservation (four of `writeString`'s cost more
    /// than the copying).
    static func append(_ field: HTTPField, to buffer: inout ByteBuffer) {
        var name = field.name.rawName, value = field.value
        _ = name.withUTF8 { name in
            value.withUTF8 { value in
                buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: name.count + value.count + 4) { out in
                    var at = copy(name, to: out, at: 0)
                    at = copy(": ", to: out, at: at)
                    at = copy(value, to: out, at: at)
                    return copy("\r\n", to: out, at: at)
                }
            }
        }
    }

    private static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to out: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return offset }
        // The callers reserve exactly what they copy. Checked in debug builds, where every test
        // runs (a check on every copy cost a warm page 1.5 k instructions in a release build).
        assert(offset + bytes.count <= out.count, "ResponseEncoder: more bytes than reserved")
        (out.baseAddress! + offset).copyMemory(from: base, byteCount: bytes.count)
        return offset + bytes.count
    }

    private static func copy(_ text: StaticString, to out: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        copy(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), to: out, at: offset)
    }

    /// A status code's three digits (the codes `HTTPResponse.Status` holds are 0 to 999).
    private static func copyDigits(of code: Int, to out: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        out[offset] = UInt8(ascii: "0") + UInt8(code / 100 % 10)
        out[offset + 1] = UInt8(ascii: "0") + UInt8(code / 10 % 10)
        out[offset + 2] = UInt8(ascii: "0") + UInt8(code % 10)
        return offset + 3
    }
}
