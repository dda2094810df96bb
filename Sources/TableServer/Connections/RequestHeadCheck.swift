import NIOCore
import NIOHTTP1

/// Checks a request's head as it was sent, before it becomes the server's request: HTTP/1.1
/// requires exactly one `Host` with a valid value (RFC 9112 §3.2), refused otherwise (the guard
/// answers 400); an absolute-form target (`GET http://host/path`) names the host itself, so its
/// authority becomes the `Host` the rest of the server judges; and a request that asks to close
/// the connection, however it asks, says `Connection: close` as Hummingbird reads it.
final class RequestHeadCheck: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart

    /// Why a head was refused: `ConnectionGuard` answers it, after any response owed before it.
    struct Refusal: Error {
        var message: String
    }

    /// Set once a request is refused: everything after it is dropped (the guard closes the connection).
    private var hasRefused = false

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !hasRefused else { return }
        guard case var .head(head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        if let absolute = Self.absoluteTarget(head.uri) {
            head.headers.replaceOrAdd(name: "Host", value: absolute.authority)
            head.uri = absolute.path
        }
        // Hummingbird ends a connection after a request only on `Connection: close` spelt so.
        if Self.asksToClose(head) { head.headers.replaceOrAdd(name: "Connection", value: "close") }
        let hosts = head.headers["Host"]
        let problem: String? = if hosts.count > 1 {
            "The request has more than one Host header."
        } else if hosts.isEmpty, head.version.major * 10 + head.version.minor >= 11 {
            "An HTTP/1.1 request must name its host in a Host header."
        } else if let host = hosts.first, HostPolicy.split(host) == nil {
            "The Host header is not a host name."
        } else {
            nil
        }
        if let problem {
            refuse(context, problem)
            return
        }
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// Has the guard answer 400 with `message`; the connection then closes.
    private func refuse(_ context: ChannelHandlerContext, _ message: String) {
        hasRefused = true
        context.fireErrorCaught(Refusal(message: message))
    }

    /// Whether the client asks for the connection to close after this request (RFC 9112, 9.3):
    /// as the parser read it (HTTP/1.0 without `keep-alive`, or `close`), or `close` among the
    /// options of a `Connection` header where the parser did not take it (a tab after it).
    static func asksToClose(_ head: HTTPRequestHead) -> Bool {
        // Nearly every request: without a Connection header, HTTP/1.1 keeps the connection.
        guard head.headers.contains(name: "Connection") else { return head.version.major == 1 && head.version.minor == 0 }
        if !head.isKeepAlive { return true }
        return head.headers["Connection"].contains { HeaderElements.lists("close", in: $0) }
    }

    /// The authority and the origin-form path of an absolute-form target, if `target` is one.
    static func absoluteTarget(_ target: String) -> (authority: String, path: String)? {
        if target.utf8.first == UInt8(ascii: "/") { return nil }  // origin-form, nearly every request
        let lowered = target.lowercased()
        guard let schemeEnd = ["http://", "https://"].first(where: { lowered.hasPrefix($0) })?.count else { return nil }
        let rest = target.dropFirst(schemeEnd)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        let path = rest[authorityEnd...]
        return (String(rest[..<authorityEnd]), path.hasPrefix("/") ? String(path) : "/" + path)
    }
}
