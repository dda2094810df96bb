import NIOCore

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
