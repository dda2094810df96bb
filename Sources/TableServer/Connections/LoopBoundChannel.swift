import HummingbirdCore
import Logging
import NIOCore

/// Runs each connection's task on the connection's own event loop rather than on the task pool.
///
/// Hummingbird reads a request on the event loop, hands it to the connection's task on the task
/// pool, and the response back to the event loop: two thread wake-ups a request, and an edit
/// adds two more for its commit. With the event loop as the task's preferred executor, the task
/// runs where its connection's bytes arrive. `SiteServer.respond` sends every request whose
/// work may grow with a list (pages, JSON batches, live streams, a form's post on a list that
/// is long or not yet seen) back to the task pool, so that the loop keeps reading and writing
/// its other connections meanwhile; a form's post on a short list stays here, and its commit
/// resumes it here.
struct LoopBoundChannel<Inner: ServerChildChannel>: ServerChildChannel {
    let inner: Inner

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Inner.Value> {
        inner.setup(channel: channel, logger: logger)
    }

    func handle(value: Inner.Value, logger: Logger) async {
        await withTaskExecutorPreference(EventLoopTaskExecutor(loop: value.channel.eventLoop)) {
            await inner.handle(value: value, logger: logger)
        }
    }
}
