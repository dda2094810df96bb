/// How long a connection may take at each step, and how many may be open at once. The defaults
/// suit a server on the open internet; every one is a `tablestack serve` option.
public struct ConnectionLimits: Sendable, Hashable {
    /// Seconds from a request's first byte to the end of its head; past it the client gets 408.
    public var headerTimeout: Double = 10
    /// Seconds from a request's head to the end of its body; past it the client gets 408.
    public var bodyTimeout: Double = 30
    /// Seconds a connection may stay open with nothing moving in either direction (waiting for
    /// a next request, or for a client that stopped reading its response).
    public var idleTimeout: Double = 60
    /// How many connections may be open at once. When a new one comes and the cap is reached,
    /// the connection idle longest is closed to make room; when none is idle, the newcomer is
    /// answered 503 at once. The server lowers the cap to fit the process's descriptor limit.
    public var maximumConnections: Int = 1_000
    /// The largest request body accepted; a larger declared `Content-Length` is refused with
    /// 413 before any of the body is read.
    public var maximumBodySize: Int = 1 << 20

    /// Makes limits; every value has the default above.
    public init(headerTimeout: Double = 10, bodyTimeout: Double = 30, idleTimeout: Double = 60,
                maximumConnections: Int = 1_000, maximumBodySize: Int = 1 << 20) {
        self.headerTimeout = headerTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.maximumConnections = maximumConnections
        self.maximumBodySize = maximumBodySize
    }

    /// The cap on connections that fits `descriptors` open files: some are kept for the
    /// database, logs and the listening socket, so the process never runs out and spins on
    /// failed accepts.
    public func connectionCap(descriptors: Int) -> Int {
        max(8, min(maximumConnections, descriptors - DescriptorLimit.reserved))
    }
}
