import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import NIOPosix
import Testing
@testable import TableServer

@Suite("Connections answered on their event loops")
struct LoopBoundTests {
    @Test("a task preferring an event loop runs on it, and comes back to it after a wait another thread ends")
    func runsOnTheLoop() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let (before, after) = await withTaskExecutorPreference(EventLoopTaskExecutor(loop: loop)) {
            let before = loop.inEventLoop
            // Resumed from a thread of its own, as the committing thread resumes an edit.
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                Thread.detachNewThread { continuation.resume() }
            }
            return (before, loop.inEventLoop)
        }
        let outside = loop.inEventLoop
        try await group.shutdownGracefully()
        #expect(before && after)
        #expect(!outside, "the preference ends with its closure")
    }

    @Test("form posts are answered on their connection's loop; pages and JSON batches on the task pool")
    func whichRequests() {
        func request(_ method: HTTPRequest.Method, _ path: String) -> Request {
            Request(head: HTTPRequest(method: method, scheme: "http", authority: "localhost", path: path), body: RequestBody(buffer: ByteBuffer()))
        }
        #expect(SiteResponder.isAnsweredOnItsLoop(request(.post, "/groceries/_/delete")))
        #expect(SiteResponder.isAnsweredOnItsLoop(request(.post, "/_login")))
        #expect(!SiteResponder.isAnsweredOnItsLoop(request(.post, "/groceries/_/batch")))
        #expect(!SiteResponder.isAnsweredOnItsLoop(request(.get, "/groceries/")))
        #expect(!SiteResponder.isAnsweredOnItsLoop(request(.get, "/groceries/_live")))
    }
}
