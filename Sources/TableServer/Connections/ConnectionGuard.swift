import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Watches one connection for the registry: when a request starts, when its head and body are
/// complete, when its response moves. It answers a connection over the cap with 503 itself, and
/// closes the connection after a response that says `Connection: close` (a 408 or 413 sent before
/// the body was read), so an unread body is never waited for. It answers a head that cannot be
/// read (`answer(toUnreadable:)`, a `RequestHeadCheck.Refusal` among them) after the responses
/// owed before it, and ends the connection after the response to a request that asked to close
/// it. A client that closes its side during an event stream (a live page gone) has its
/// connection closed at once, which ends the stream, instead of at the stream's next write.
final class ConnectionGuard: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let registry: ConnectionRegistry
    private var isRefused = false
    /// Whether the first byte of a head has come and the head is not whole yet: the header
    /// timeout runs from that byte, however slowly the rest trickles in.
    private var isReadingHead = false
    private var requestsInFlight = 0
    private var isReadingBody = false
    private var closesAfterResponse = false
    private var isSendingEventStream = false
    /// The answer to a head that could not be read, which came while an earlier request's
    /// response was owed: sent once that response ends.
    private var answerAfterResponse: (status: HTTPResponse.Status, message: String)?
    /// Whether a request read is the connection's last: it asked to close it (`RequestHeadCheck`
    /// spells every way of asking `close`), or the parser reads nothing after it. Its response
    /// says so and the connection then closes; nothing read after it is passed on.
    private var isLastRequest = false
    /// Whether a response's head or body was written since the last flush: its progress is
    /// noted when it is flushed (sent), once for all the parts written together. Every writer
    /// above the guard flushes through it (Hummingbird's channel after each batch, the warm-page
    /// handler with each answer's end); a writer that left its flush to a handler below would
    /// have its responses' progress go unnoted. Left set when the connection closes after a
    /// response: nothing is noted for it any more.
    private var wroteSinceFlush = false

    init(registry: ConnectionRegistry) {
        self.registry = registry
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let channel = context.channel
        isRefused = !registry.opened(channel)
        channel.closeFuture.whenComplete { [registry] _ in registry.closed(channel) }
        // The first byte of a request, before the HTTP decoder has a whole head.
        try? context.pipeline.syncOperations.addHandler(RequestStartWatcher(guard: self), position: .first)
    }

    /// Called by the watcher at the front of the pipeline for every read of raw bytes.
    fileprivate func bytesArrived(_ channel: any Channel) {
        guard requestsInFlight == 0, !isRefused, !isReadingHead else { return }
        isReadingHead = true
        registry.changed(channel, to: .readingHead)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let part = unwrapInboundIn(data)
        // Answered by the guard itself and closing: what else was sent goes unread.
        if closesAfterResponse, requestsInFlight == 0 { return }
        // After the connection's last request, or a head refused while a response was owed
        // (whose body and end the decoder passes on without it), nothing more is passed on.
        if isLastRequest, !isReadingBody { return }
        if answerAfterResponse != nil { return }
        if isRefused {
            if case .head = part { refuse(context) }
            return
        }
        switch part {
        case let .head(head):
            isReadingHead = false
            if head.headerFields.value(of: .connection) == "close" { isLastRequest = true }
            requestsInFlight += 1
            isReadingBody = true
            // A request pipelined behind one whose response is owed waits for it: the phase (and
            // its limit) stays the earlier one's until that response ends.
            if requestsInFlight == 1 { registry.changed(context.channel, to: .readingBody) }
        case .body:
            break
        case .end:
            isReadingBody = false
            // (Pipelined behind another, as above; a response may also have ended before the
            // body did: then nothing is owed.)
            if requestsInFlight <= 1 { registry.changed(context.channel, to: requestsInFlight == 1 ? .working : .idle) }
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        var data = data
        let part = unwrapOutboundIn(data)
        switch part {
        case var .head(head):
            if isLastRequest, requestsInFlight == 1, head.headerFields.value(of: .connection) != "close" {
                head.headerFields[.connection] = "close"
                data = wrapOutboundOut(.head(head))
            }
            if head.headerFields.value(of: .connection) == "close" { closesAfterResponse = true }
            isSendingEventStream = head.headerFields.value(of: .contentType)?.hasPrefix("text/event-stream") == true
            wroteSinceFlush = true
        case .body:
            wroteSinceFlush = true
        case .end:
            isSendingEventStream = false
            requestsInFlight = max(0, requestsInFlight - 1)
            if closesAfterResponse || (isLastRequest && requestsInFlight == 0) {
                context.writeAndFlushThenClose(data, promise: promise)
                return
            }
            if requestsInFlight == 0, let (status, message) = answerAfterResponse {
                answerAfterResponse = nil
                context.write(data, promise: promise)
                answer(context, status: status, message: message, fields: [:])
                return
            }
            // With a request pipelined behind it, the phase stays: this response's bytes may not be
            // sent yet (written here is not yet taken by the client), so the idle limit still holds.
            if requestsInFlight == 0 {
                registry.changed(context.channel, to: isReadingBody ? .readingBody : .idle)
                // `progressed` ignores both phases: the flush is spared the registry's lock.
                wroteSinceFlush = false
            }
        }
        context.write(data, promise: promise)
    }

    func flush(context: ChannelHandlerContext) {
        if wroteSinceFlush {
            wroteSinceFlush = false
            registry.progressed(context.channel)
        }
        context.flush()
    }

    /// The client took some of what was sent (the channel can take more), or stopped taking it.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        registry.drained(context.channel)
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        // Bytes after a request the parser took for the connection's last (its own reading of
        // `Connection`, or HTTP/1.0): that request's response is the last, and nothing is read after.
        if let error = error as? HTTPParserError, error == .closedConnection {
            if requestsInFlight == 0 { context.close(promise: nil) } else { isLastRequest = true }
            return
        }
        // A head that cannot be read is answered here with what is wrong, once the responses
        // owed before it are sent. In the middle of a body, the request's own handler hears of it.
        guard !isReadingBody, let (status, message) = Self.answer(toUnreadable: error) else {
            context.fireErrorCaught(error)
            return
        }
        isReadingHead = false
        // (When the connection closes after the response in hand, nothing after it is answered.)
        if closesAfterResponse { return }
        if requestsInFlight > 0 {
            answerAfterResponse = (status, message)
        } else {
            answer(context, status: status, message: message, fields: [:])
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        // The server allows half-closed connections (a client may close its side once its
        // request is sent); an event stream's reader never does, so this one has gone.
        if isSendingEventStream, let event = event as? ChannelEvent, event == .inputClosed {
            context.close(promise: nil)
            return
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Answers a connection over the cap: 503, try again shortly, and close.
    private func refuse(_ context: ChannelHandlerContext) {
        isRefused = false
        answer(context, status: .serviceUnavailable, message: "The server is at its connection limit; try again in a moment.",
               fields: [.retryAfter: "1"])
    }

    /// Answers `status` with `message` as text, then closes the connection; reads after it are dropped.
    private func answer(_ context: ChannelHandlerContext, status: HTTPResponse.Status, message: String, fields: HTTPFields) {
        closesAfterResponse = true
        let body = context.channel.allocator.buffer(string: message + "\n")
        var head = HTTPResponse(status: status, headerFields: [
            .connection: "close", .contentType: "text/plain; charset=utf-8", .contentLength: String(body.readableBytes),
        ])
        head.headerFields.append(contentsOf: fields)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: nil)
        context.writeAndFlushThenClose(wrapOutboundOut(.end(nil)))
    }
}

/// Sits before the HTTP decoder and tells the guard when bytes arrive, so the time a client
/// takes to send a head can be limited (the decoder says nothing until the head is whole).
private final class RequestStartWatcher: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer

    private let connectionGuard: ConnectionGuard

    init(guard connectionGuard: ConnectionGuard) {
        self.connectionGuard = connectionGuard
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        connectionGuard.bytesArrived(context.channel)
        context.fireChannelRead(data)
    }

    /// Writes a 408 straight to the socket (the HTTP encoder has no response in progress to
    /// frame it, since no head was decoded) and closes. Runs on the channel's loop.
    static func answerTimeout(on channel: any Channel) {
        let message = "The request's head did not arrive in time; nothing was read.\n"
        let text = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n"
            + "Content-Length: \(message.utf8.count)\r\n\r\n" + message
        guard let context = try? channel.pipeline.syncOperations.context(handlerType: RequestStartWatcher.self) else {
            channel.close(promise: nil)
            return
        }
        context.writeAndFlushThenClose(NIOAny(channel.allocator.buffer(string: text)))
    }
}

/// The error a request's body stream ends with when the body took longer than allowed.
struct RequestBodyTimedOut: Error {}

extension ConnectionRegistry {
    /// Acts on what a sweep found: closes idle connections, answers a head that took too long
    /// with 408 straight on the socket, and ends a slow body's stream with `RequestBodyTimedOut`
    /// so the request's handler answers 408.
    func closeExpired() {
        for expiry in expired() {
            switch expiry {
            case let .close(channel):
                channel.close(promise: nil)
            case let .headTimedOut(channel):
                channel.eventLoop.execute { RequestStartWatcher.answerTimeout(on: channel) }
            case let .bodyTimedOut(channel):
                channel.pipeline.fireErrorCaught(RequestBodyTimedOut())
            }
        }
    }
}
