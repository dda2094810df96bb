import HummingbirdCore
import Logging
import NIOCore

/// Runs each connection's task on the connection's own event loop rather than on the task pool.
///
/// Hummingbird reads a request on the event loop, hands it to the connection's task on the task
/// pool, and the response back to the event loop: two thread wake-ups a request, and an edit
/// adds two more for its commit. With the event loop as the task's preferred executor, the task
/// runs where its connection's bytes arrive; an edit's commit still waits on the committing
/// thread, which resumes the task on the event loop.
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

/// An event loop as a task executor: jobs run on the loop's thread, in the order given.
final class EventLoopTaskExecutor: TaskExecutor {
    private let loop: any EventLoop

    init(loop: any EventLoop) {
        self.loop = loop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
