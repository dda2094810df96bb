import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Turns the decoder's HTTP/1 request parts into `HTTPRequest` parts, as the inbound half of
/// `HTTP1ToHTTPServerCodec` does, once `RequestHeadCheck` has checked each head; responses pass
/// by it untouched, to `ResponseEncoder`. A refused head goes to the guard as an error, which
/// answers it and closes the connection: nothing read after it is passed on. (One handler for
/// both: every handler a request passes costs a warm page some 2 k instructions.)
final class RequestConversion: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPRequestPart

    /// Set once a head is refused.
    private var hasRefused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !hasRefused else { return }
        switch unwrapInboundIn(data) {
        case let .head(head):
            let checked: HTTPRequestHead
            do {
                checked = try RequestHeadCheck.checked(head)
            } catch {
                hasRefused = true
                context.fireErrorCaught(error)
                return
            }
            do {
                context.fireChannelRead(wrapInboundOut(.head(try Self.request(from: checked))))
            } catch {
                context.fireErrorCaught(error)
            }
        case let .body(body):
            context.fireChannelRead(wrapInboundOut(.body(body)))
        case let .end(trailers):
            context.fireChannelRead(wrapInboundOut(.end(trailers.map { HTTPFields($0, splitCookie: false) })))
        }
    }

    /// `head` as `HTTPRequest(head, secure: false, splitCookie: false)` makes it. That conversion
    /// parses every target with Foundation's `URLComponents` to take the path out of an
    /// absolute-form one ("http://host/path"), and keeps any other as it is; a target that starts
    /// with "/" has no scheme, so it is kept here without the parse (3 k instructions a request).
    static func request(from head: HTTPRequestHead) throws -> HTTPRequest {
        guard head.uri.utf8.first == UInt8(ascii: "/") else { return try HTTPRequest(head, secure: false, splitCookie: false) }
        return HTTPRequest(method: try HTTPRequest.Method(head.method), scheme: "http", authority: head.headers["Host"].first,
                           path: head.uri, headerFields: HTTPFields(head.headers, splitCookie: false))
    }
}
