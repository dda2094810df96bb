import Foundation

/// A loopback port that takes connections and never answers, as a hung server or a stuck proxy
/// would: the kernel completes each handshake into the listening socket's backlog, and nothing
/// reads. Closed when released.
public final class SilentListener: @unchecked Sendable {
    public let port: Int
    private let socketFD: Int32

    public init() throws {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, length) } }
        guard socketFD >= 0, bound == 0, listen(socketFD, 64) == 0 else {
            if socketFD >= 0 { close(socketFD) }
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot listen on 127.0.0.1: errno \(errno)"])
        }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) } }
        port = Int(UInt16(bigEndian: address.sin_port))
        self.socketFD = socketFD
    }

    deinit { close(socketFD) }
}
