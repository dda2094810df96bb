import HTTPTypes
import Hummingbird
import NIOCore

/// The request context: Hummingbird's basics and the address the request came from.
public struct ServerContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// The request's connection.
    private let channel: any Channel

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }

    /// The client's IP address (without the port), for limits kept per client; empty when unknown.
    /// Written out when asked (by sign-in alone), not for every request.
    public var clientAddress: String { channel.remoteAddress?.ipAddress ?? "" }

    /// Completes when the request's connection closes (a live stream ends then).
    var connectionClosed: EventLoopFuture<Void> { channel.closeFuture }
}
