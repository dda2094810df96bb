import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Turns the decoder's HTTP/1 request parts into `HTTPRequest` parts, as the inbound half of
/// `HTTP1ToHTTPServerCodec` does; responses pass by it untouched, to `ResponseEncoder`.
final class RequestConversion: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPRequestPart

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case let .head(head):
            do {
                context.fireChannelRead(wrapInboundOut(.head(try HTTPRequest(head, secure: false, splitCookie: false))))
            } catch {
                context.fireErrorCaught(error)
            }
        case let .body(body):
            context.fireChannelRead(wrapInboundOut(.body(body)))
        case let .end(trailers):
            context.fireChannelRead(wrapInboundOut(.end(trailers.map { HTTPFields($0, splitCookie: false) })))
        }
    }
}
