import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Hummingbird's HTTP/1 channel with responses written by `ResponseEncoder` in place of NIO's
/// response encoder and the HTTP-types codec (its comment says why). Requests are decoded by NIO
/// with Hummingbird's default limits and reach the handlers given, then the router.
struct TableHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    /// Made again for every connection: the guard and the warm-page handler hold its state.
    let handlers: @Sendable () -> [any RemovableChannelHandler]

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let pipeline = channel.pipeline.syncOperations
            try Self.addHTTPHandlers(to: pipeline)
            try pipeline.addHandlers(handlers())
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    /// The HTTP/1 layer: NIO's request decoder with Hummingbird's default limits, the response
    /// encoder right after it, and the requests checked (`RequestHeadCheck`) and turned into
    /// `HTTPRequest` parts.
    static func addHTTPHandlers(to pipeline: ChannelPipeline.SynchronousOperations) throws {
        let defaults = HTTP1Channel.Configuration.DecoderConfiguration()
        var limits = NIOHTTPDecoderLimitConfiguration()
        limits.maxHeaderFieldSize = defaults.maxHeaderFieldSize
        limits.maxHeaderListSize = defaults.maxHeaderListSize
        limits.maxHeaderFieldCount = defaults.maxHeaderFieldCount
        try pipeline.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: limits)))
        try pipeline.addHandler(ResponseEncoder())
        try pipeline.addHandler(RequestConversion())
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: asyncChannel, logger: logger)
    }
}
