import NIOHTTP1

/// Checks a request's head as it was sent, before it becomes the server's request
/// (`RequestConversion` asks): HTTP/1.1 requires exactly one `Host` with a valid value (RFC 9112
/// §3.2), refused otherwise (the guard answers 400); an absolute-form target (`GET
/// http://host/path`) names the host itself, so its authority becomes the `Host` the rest of the
/// server judges; and a request that asks to close the connection, however it asks, says
/// `Connection: close` as Hummingbird reads it.
enum RequestHeadCheck {
    /// Why a head was refused: `ConnectionGuard` answers it, after any response owed before it.
    struct Refusal: Error {
        var message: String
    }

    /// `head` as the server is to read it, or the refusal of it.
    static func checked(_ head: HTTPRequestHead) throws(Refusal) -> HTTPRequestHead {
        var head = head
        if let absolute = absoluteTarget(head.uri) {
            head.headers.replaceOrAdd(name: "Host", value: absolute.authority)
            head.uri = absolute.path
        }
        // Hummingbird ends a connection after a request only on `Connection: close` spelt so.
        if asksToClose(head) { head.headers.replaceOrAdd(name: "Connection", value: "close") }
        let hosts = head.headers["Host"]
        if hosts.count > 1 {
            throw Refusal(message: "The request has more than one Host header.")
        } else if hosts.isEmpty, head.version.major * 10 + head.version.minor >= 11 {
            throw Refusal(message: "An HTTP/1.1 request must name its host in a Host header.")
        } else if let host = hosts.first, HostPolicy.split(host) == nil {
            throw Refusal(message: "The Host header is not a host name.")
        }
        return head
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
