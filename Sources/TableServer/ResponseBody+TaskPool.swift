import Hummingbird

extension ResponseBody {
    /// A body whose `write` runs on the task pool. A body is written after its answer returns,
    /// in the connection's task, which runs on the connection's event loop (`LoopBoundChannel`):
    /// one that renders as it goes (a long list, a live page's updates) would hold the loop.
    static func onTheTaskPool(_ write: @escaping @Sendable (inout any ResponseBodyWriter) async throws -> Void) -> ResponseBody {
        ResponseBody { writer in
            try await withTaskExecutorPreference(globalConcurrentExecutor) { try await write(&writer) }
        }
    }
}
