import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import NIOPosix
import Testing
import TestSupport
@testable import TableServer

@Suite("Requests answered on their connection's event loop")
struct LoopBoundChannelTests {
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

    @Test("a form's post stays on the loop once a post found its page short; batches, pages and long or unseen pages never")
    func whichRequests() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        let server = demo.server
        let delete = RequestPath.action(["groceries"], name: "delete")
        #expect(!server.isAnsweredOnItsLoop(.post, delete), "a page no post has read yet")
        try await demo.browse { browser in
            let page = try await browser.get("/groceries/?editing=1")
            let (csrf, revision) = browser.tokens(of: page)
            let answer = try await browser.post("/groceries/_/delete", [("csrf", csrf), ("revision", revision), ("key", "milk"), ("editing", "1")],
                                                follow: false)
            #expect(answer.status == 303)
        }
        #expect(server.isAnsweredOnItsLoop(.post, delete), "the post read the page whole and found it short")
        #expect(server.isAnsweredOnItsLoop(.post, .action(["groceries"], name: "move")))
        #expect(!server.isAnsweredOnItsLoop(.post, .action(["groceries"], name: "batch")), "a batch answers with its whole list")
        #expect(!server.isAnsweredOnItsLoop(.get, .page(["groceries"])))
        #expect(!server.isAnsweredOnItsLoop(.get, .live(["groceries"])))
        #expect(!server.isAnsweredOnItsLoop(.post, nil))
        #expect(server.isAnsweredOnItsLoop(.post, .signIn))
        server.shortLists.note(["groceries"], rows: server.shortLists.longest + 1)
        #expect(!server.isAnsweredOnItsLoop(.post, delete), "a page a post found long")
    }

    @Test("a served connection's requests reach the responder on the connection's event loop")
    func servedOnTheLoop() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        let seen = LoopsSeen()
        var logger = Logger(label: "loop-bound-tests") { _ in LoopRecorder(seen: seen) }
        logger.logLevel = .info
        let (ports, ready) = AsyncStream<Int>.makeStream()
        let application = demo.server.application(logger: logger) { port in ready.yield(port) }
        let task = Task { try await application.runService(gracefulShutdownSignals: []) }
        defer { task.cancel() }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        // A post the router answers (there is no such action): `SiteResponder` logs it first.
        let (status, _, _) = try await HTTPFetch.fetch("http://127.0.0.1:\(port)/groceries/_/nothing", method: "POST", body: "")
        task.cancel()
        _ = await task.result
        #expect(status == 404 || status == 403)
        #expect(seen.requests > 0 && seen.requests == seen.onALoop)
    }
}

/// How many "Request" lines were logged, and how many of them on an event loop's thread.
private final class LoopsSeen: @unchecked Sendable {  // read and written under `lock`
    private let lock = NSLock()
    private var counts = (requests: 0, onALoop: 0)
    var requests: Int { lock.withLock { counts.requests } }
    var onALoop: Int { lock.withLock { counts.onALoop } }
    func note(onALoop: Bool) { lock.withLock { counts.requests += 1; counts.onALoop += onALoop ? 1 : 0 } }
}

private struct LoopRecorder: LogHandler {
    let seen: LoopsSeen
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        guard event.message.description == "Request" else { return }
        seen.note(onALoop: MultiThreadedEventLoopGroup.currentEventLoop != nil)
    }
}
