import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A TCP connection to 127.0.0.1 driven byte by byte, as a slow, silent or hostile client
/// drives it: any `Host` header, a head in pieces, a body that never comes. Every read waits at
/// most `timeout` seconds, so a server that never answers fails the test instead of hanging it.
final class RawConnection {
    enum Failure: Error { case connect(Int32), send(Int32) }

    private let descriptor: Int32

    init(port: Int, timeout: Double) throws {
        // Close-on-exec: a server another test starts meanwhile must not hold this connection open.
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var wait = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw Failure.connect(code)
        }
    }

    deinit { Glibc.close(descriptor) }

    /// Ends the connection as a client going away does; the descriptor is freed with the object.
    func hangUp() { Glibc.shutdown(descriptor, Int32(SHUT_RDWR)) }

    /// Sends `text` as it is.
    func send(_ text: String) throws {
        try send(bytes: Array(text.utf8))
    }

    /// Sends `bytes`, which need not be UTF-8.
    func send(bytes: [UInt8]) throws {
        guard bytes.withUnsafeBytes({ Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == bytes.count else {
            throw Failure.send(errno)
        }
    }

    /// The bytes of one read: empty when the server closed or the read waited past the timeout.
    func receiveSome() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    /// What the server sends until it closes the connection, or until a read waits longer than
    /// the timeout: the text, and whether the server closed.
    func receive() -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                received += buffer[0..<count]
            } else {
                return (String(decoding: received, as: UTF8.self), count == 0 || errno == ECONNRESET)
            }
        }
    }

    /// What the server sends until `marker` has arrived (counted after what was read before, in
    /// `seen`), the server closes, or `timeout` seconds pass; for following a stream.
    func receive(until marker: String, seen: inout String, timeout: Double) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        let start = seen.endIndex
        var buffer = [UInt8](repeating: 0, count: 16_384)
        while Date() < deadline {
            if seen[start...].contains(marker) { return true }
            let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if count == 0 { break }
            if count > 0 { seen += String(decoding: buffer[0..<count], as: UTF8.self) }
        }
        return seen[start...].contains(marker)
    }

    /// The status code of the first response in `text` ("HTTP/1.1 408 …" → 408).
    static func status(of text: String) -> Int? {
        guard text.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }
}
