import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOHTTPTypes

/// Answers requests for warm pages on the connection's event loop.
///
/// Hummingbird hands every request from the event loop to a task and its response back, through
/// its router and middleware. For a page the cache holds unchanged, that costs more than the
/// answer. `answer` (`SiteServer.warmAnswer`) gives the router's answer, but for the headers
/// every response gets on its way out (written here), or `nil`, and a `nil` sends the request on
/// to the router as before.
///
/// Responses leave in the order their requests came: while a request passed on is unanswered,
/// every later one is passed on too (the router answers a connection's requests in turn). A
/// connection whose output is full, or that a passed-on request asked to close, is left to the
/// router, which waits for the client and closes as asked.
final class WarmPageHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let answer: @Sendable (HTTPRequest) -> PreparedResponse?
    /// The Server field's line, its value checked once; empty for none.
    private let serverLine: ByteBuffer
    /// Where each answered request is logged, as the router's middleware logs it; `nil` when
    /// requests are not logged.
    private let logger: Logger?
    /// Tells the server's own requests at its start, which are not logged.
    private let warmUp: StartupWarmUp
    /// Requests passed on to the router whose responses have not ended.
    private var passedOn = 0
    /// Whether a request passed on asked for the connection to close.
    private var isClosing = false
    /// The answer to the request being read and the encoder that writes it, once the request's
    /// end has come (so the connection's guard sees the request whole before its response).
    private var pending: (answer: PreparedResponse, encoder: ResponseEncoder)?
    /// The connection's response encoder, which takes an answer's bytes from here (`write`);
    /// without one, every request goes to the router.
    private var encoder: ResponseEncoder?

    init(serverName: String?, logger: Logger?, warmUp: StartupWarmUp, answer: @escaping @Sendable (HTTPRequest) -> PreparedResponse?) {
        var serverLine = ByteBuffer()
        if let serverName { ResponseEncoder.append(HTTPField(name: .server, value: serverName), to: &serverLine) }
        self.serverLine = serverLine
        self.logger = logger
        self.warmUp = warmUp
        self.answer = answer
    }

    func handlerAdded(context: ChannelHandlerContext) {
        encoder = try? context.pipeline.syncOperations.handler(type: ResponseEncoder.self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(head):
            if let encoder, passedOn == 0, !isClosing, context.channel.isWritable, let answer = answer(head) {
                if let logger, !warmUp.isWarmUp(head.headerFields) {
                    logger.info("Request", metadata: ["hb.request.id": .stringConvertible(RequestID()),
                                                      "hb.request.method": .string(head.method.rawValue),
                                                      "hb.request.path": .string(head.path ?? "")])
                }
                pending = (answer, encoder)
                return
            }
            passedOn += 1
            if head.headerFields.mayAskToClose { isClosing = true }
        case .body:
            if pending != nil { return }
        case .end:
            if let (answer, encoder) = pending.take() {
                write(answer, to: encoder, context: context)
                return
            }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { passedOn = max(0, passedOn - 1) }
        context.write(data, promise: promise)
    }

    /// Writes `answer` with the headers the router's responses get from `SiteResponder` (the
    /// security headers) and Hummingbird (Date, Server), in their order. Its fields and body go
    /// to the encoder as bytes, and through the guard as a head without fields and an end: the
    /// guard needs no more to follow the response, and each write through it and the encoder
    /// costs more than writing the fields as bytes (docs/performance.md).
    private func write(_ answer: PreparedResponse, to encoder: ResponseEncoder, context: ChannelHandlerContext) {
        // Appended: a prepared answer carries none of them. Nor a Connection field, which the
        // guard reads from the head it sees.
        assert(!answer.headers.contains(.date) && !answer.headers.contains(.server) && !answer.headers.contains(.contentSecurityPolicy)
            && !answer.headers.contains(.connection))
        var fields = ResponseEncoder.fieldLines(of: answer.headers, status: answer.status, allocator: context.channel.allocator)
        fields.writeImmutableBuffer(SecurityHeaders.fieldLines)
        fields.writeImmutableBuffer(HTTPDate.shared.nowLine)
        fields.writeImmutableBuffer(serverLine)
        encoder.encodedNext = ResponseEncoder.Encoded(fields: fields, body: answer.body)
        // (Taken by the head's write, which reaches the encoder within this call; cleared in case it did not.)
        defer { encoder.encodedNext = nil }
        context.write(wrapOutboundOut(.head(HTTPResponse(status: answer.status))), promise: nil)
        assert(encoder.encodedNext == nil, "a handler between the warm-page handler and the encoder held the head back")
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
    }
}
