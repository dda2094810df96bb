import HTTPTypes
import Hummingbird

/// The request context: Hummingbird's basics and the body size TableStack accepts.
public struct ServerContext: RequestContext {
    public var coreContext: CoreRequestContextStorage

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
    }

    /// Bodies over 1 MiB are refused with 413.
    public var maxUploadSize: Int { 1 << 20 }
}
