import Logging

/// swift-log's standard-error handler, given a logger's metadata only when an entry is written.
/// The stream handler formats all of its metadata whenever one entry is set, and Hummingbird sets
/// a request id on every request's logger: about 5,000 instructions a request, though at the
/// server's usual level (`notice`) a request logs nothing. Entries read as the stream handler's.
public struct LazyMetadataLogHandler: LogHandler {
    private var stream: StreamLogHandler
    public var metadata: Logger.Metadata = [:]

    /// A handler writing to standard error, as `StreamLogHandler.standardError(label:)` does.
    public init(label: String) {
        stream = StreamLogHandler.standardError(label: label)
    }

    /// A handler writing to `output` (for tests).
    package init(label: String, output: any TextOutputStream & Sendable) {
        stream = StreamLogHandler(label: label, stream: output)
    }

    public var logLevel: Logger.Level {
        get { stream.logLevel }
        set { stream.logLevel = newValue }
    }

    public var metadataProvider: Logger.MetadataProvider? {
        get { stream.metadataProvider }
        set { stream.metadataProvider = newValue }
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var stream = self.stream
        stream.metadata = metadata
        stream.log(event: event)
    }
}
