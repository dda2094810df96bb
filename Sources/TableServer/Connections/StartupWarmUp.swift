import Foundation
import Glibc
import HTTPTypes
import NIOCore

/// The requests a server makes to itself once it listens and before it says it is serving.
///
/// A process's first request costs some thirty times a later one (docs/performance.md has the
/// counts): most of it is Swift's runtime looking up, once each, which types conform to which
/// protocols (NIO's handlers, Hummingbird's responder, the templates' contexts), scanning every
/// conformance the binary holds. Asked first by the server itself, the first
/// visitor after a start or a restart finds those answers kept, and the front page rendered.
///
/// Each request goes on a connection of its own, so the second finds the page kept, as a second
/// visitor would. They are HTTP/1.0 requests without a `Host`, which every host policy answers
/// (the names a server answers to may all be public ones), with no cookie and with `token`,
/// which keeps them out of the request log. The page's GET changes nothing.
struct StartupWarmUp: Sendable {
    /// The header that carries the token.
    static let header = HTTPField.Name("X-TableStack-Warm-Up")!

    /// Random, this process's own: a client that sends the header is logged like any other.
    let token: String
    /// How long the requests may take in all; past it, the server says it is serving anyway.
    static let deadline: Duration = .seconds(2)

    init() {
        var generator = SystemRandomNumberGenerator()
        token = String(generator.next() as UInt64, radix: 16) + String(generator.next() as UInt64, radix: 16)
    }

    /// Whether every answer came, with a status that is no error (2xx or 3xx).
    static func allAnswered(_ statusLines: [String]) -> Bool {
        !statusLines.isEmpty && statusLines.allSatisfy { line in
            line.split(separator: " ").dropFirst().first.map { $0.hasPrefix("2") || $0.hasPrefix("3") } == true
        }
    }

    /// Whether `fields` are those of a warm-up request of this server's.
    func isWarmUp(_ fields: HTTPFields) -> Bool {
        fields[Self.header] == token
    }

    /// Asks for `path` at `address` (the listening socket's; a wildcard one is asked on loopback)
    /// plainly, then gzipped; the status line of each answer, "" for one that did not come.
    func run(address: SocketAddress, path: String) async -> [String] {
        guard let target = Self.reachable(address) else { return [] }
        let requests = ["", "Accept-Encoding: gzip\r\n"].map { encoding in
            "GET \(path) HTTP/1.0\r\nAccept: text/html\r\n\(encoding)\(Self.header.rawName): \(token)\r\n\r\n"
        }
        let ends = ContinuousClock.now + Self.deadline
        return await withCheckedContinuation { continuation in
            // Blocking reads, on a thread of their own: the cooperative pool serves the answers.
            Thread.detachNewThread {
                continuation.resume(returning: requests.map { Self.statusLine(asking: $0, at: target, before: ends) })
            }
        }
    }

    /// The address a client reaches a listener on `address` at.
    static func reachable(_ address: SocketAddress) -> SocketAddress? {
        guard let port = address.port else { return nil }
        switch address.ipAddress {
        case "0.0.0.0": return try? SocketAddress(ipAddress: "127.0.0.1", port: port)
        case "::": return try? SocketAddress(ipAddress: "::1", port: port)
        case .some: return address
        case nil: return nil
        }
    }

    /// How much of an answer is read: all of a page of usual length, the beginning of a long
    /// list's (sent while it is read), whose first rows have made every first lookup by then.
    static let readLimit = 1 << 20

    /// Sends `request` on a new connection to `address` and reads the answer to its end (the
    /// server closes an HTTP/1.0 connection after it), `readLimit` bytes of it or until `ends`;
    /// the answer's first line.
    private static func statusLine(asking request: String, at address: SocketAddress, before ends: ContinuousClock.Instant) -> String {
        let socket = Glibc.socket(Int32(address.protocol.rawValue), Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard socket >= 0 else { return "" }
        defer { close(socket) }
        let left = ends - ContinuousClock.now
        guard left > .zero else { return "" }
        // At least a microsecond: a timeout of zero would mean none.
        var timeout = timeval(tv_sec: Int(left.components.seconds), tv_usec: max(1, Int(left.components.attoseconds / 1_000_000_000_000)))
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(socket, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = address.withSockAddr { pointer, length in connect(socket, pointer, socklen_t(length)) }
        guard connected == 0 else { return "" }
        let bytes = Array(request.utf8)
        guard bytes.withUnsafeBytes({ send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else { return "" }
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var read = 0
        while read < readLimit, ContinuousClock.now < ends {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            read += count
            if head.count < 256 { head += buffer[..<min(count, 256 - head.count)] }
        }
        return String(decoding: head.prefix { $0 != UInt8(ascii: "\r") }, as: UTF8.self)
    }
}
