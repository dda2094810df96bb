import NIOCore

extension ChannelHandlerContext {
    /// Writes `data` and everything before it, then closes the channel once it is written (or
    /// the write failed); `promise`, when given, hears of the write as usual.
    func writeAndFlushThenClose(_ data: NIOAny, promise: EventLoopPromise<Void>? = nil) {
        let channel = self.channel
        let written = promise ?? eventLoop.makePromise()
        written.futureResult.whenComplete { _ in channel.close(promise: nil) }
        writeAndFlush(data, promise: written)
    }
}
