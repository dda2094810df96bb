import HTTPTypes
import Hummingbird
import NIOCore

/// The request context: Hummingbird's basics and the address the request came from.
public struct ServerContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The client's IP address (without the port), for limits kept per client; empty when unknown.
    public let clientAddress: String
    /// Completes when the request's connection closes (a live stream ends then).
    let connectionClosed: EventLoopFuture<Void>

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        clientAddress = source.channel.remoteAddress?.ipAddress ?? ""
        connectionClosed = source.channel.closeFuture
    }
}
