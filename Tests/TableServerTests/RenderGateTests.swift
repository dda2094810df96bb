import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing
@testable import TableServer
import TableStore

/// Requests that arrive together for a page the cache does not hold share one render of it.
@Suite("One render for readers arriving together")
struct RenderGateTests {
    static let yaml = """
        title: Library
        root: books
        scenes:
          books:
            title: Books
            list: books
            cell: { style: subtitle, text: "{title}", detail: "{author}" }
        """

    static func document(books: Int) -> DataDocument {
        DataDocument(lists: [("books", (0..<books).map { number in
            .init(key: "book-\(number)", attributes: ["title": .string("Book \(number)"), "author": .string("Author \(number % 97)")])
        })])
    }

    /// `count` GETs of `uri` sent at once, each from a visitor of its own; their statuses and bodies.
    static func together(_ count: Int, _ uri: String, accept: String, client: any TestClientProtocol) async throws -> [(status: Int, body: String)] {
        try await withThrowingTaskGroup(of: (status: Int, body: String).self) { group in
            for _ in 0..<count {
                group.addTask {
                    let response = try await client.execute(uri: uri, method: .get, headers: [.accept: accept])
                    return (Int(response.status.code), String(buffer: response.body))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
    }

    /// `html` with the value of every form token taken out.
    static func withoutTokens(_ html: String) -> String {
        html.replacingOccurrences(of: #"name="csrf" value="[^"]*""#, with: #"name="csrf""#, options: .regularExpression)
    }

    @Test("eight readers of a long list's JSON twin, then of its editing page, then of the twin after a commit: one render each time, the same page for all")
    func readersShareOneRender() async throws {
        let app = try await ServedApp(Self.yaml, Self.document(books: 3_000))
        defer { app.remove() }
        try await app.browse { browser in
            for (uri, accept) in [("/", "application/json"), ("/?editing=1", "text/html")] {
                let before = app.server.renderCounts
                let answers = try await Self.together(8, uri, accept: accept, client: browser.client)
                let after = app.server.renderCounts
                #expect(answers.allSatisfy { $0.status == 200 }, "\(uri)")
                // The same bytes but for each visitor's own form token.
                #expect(Set(answers.map { Self.withoutTokens($0.body) }).count == 1, "every reader of \(uri) gets the same page")
                #expect(answers[0].body.contains("Book 2999"))
                #expect(after.renders - before.renders == 1, "\(uri) is rendered once; \(after.waits - before.waits) readers waited for it")
            }

            try await app.store.apply([.update(key: "book-7", attributes: ["title": .string("Renamed Seven"), "author": .string("Author 7")])],
                                      to: .root("books"), basedOn: nil)
            let before = app.server.renderCounts
            let answers = try await Self.together(8, "/", accept: "application/json", client: browser.client)
            #expect(app.server.renderCounts.renders - before.renders == 1, "the list changed: rendered again, once")
            #expect(answers.allSatisfy { $0.status == 200 && $0.body.contains("Renamed Seven") && !$0.body.contains("\"Book 7\"") })
        }
    }

    @Test("readers of a page that is not there each get the 404: whoever waited finds nothing kept and asks for the page itself")
    func missingPagesAreNotShared() async throws {
        let app = try await ServedApp(Self.yaml, Self.document(books: 10))
        defer { app.remove() }
        try await app.browse { browser in
            let before = app.server.renderCounts
            let answers = try await Self.together(6, "/no-such-book/", accept: "text/html", client: browser.client)
            #expect(answers.allSatisfy { $0.status == 404 })
            // Whoever waited found nothing kept and asked for the page itself.
            #expect(app.server.renderCounts.renders - before.renders == 6)
        }
    }

    /// What a render hands the requests waiting on it: held until the test lets it go.
    final class Held: Sendable {
        let stream: AsyncStream<Void>
        let go: AsyncStream<Void>.Continuation
        init() { (stream, go) = AsyncStream.makeStream() }
        func wait() async { for await _ in stream { return } }
    }

    /// The page a cache keeps, shared by the requests of a test.
    final class Kept: Sendable {
        private let page = Mutex<String?>(nil)
        var value: String? { page.withLock { $0 } }
        func keep(_ value: String) { page.withLock { $0 = value } }
    }

    /// Waits until `gate` counts `waits` waiting requests.
    static func waiting(_ waits: Int, at gate: RenderGate) async {
        while gate.counts.waits < waits { try? await Task.sleep(for: .milliseconds(1)) }
    }

    @Test("the gate: one render while others wait; a render that fails lets each render itself; a stuck one holds no one past its patience")
    func gateByItself() async throws {
        // Seven requests arrive while the first renders: each waits, then takes what it kept.
        // The patience is long: on a loaded machine the requests can take seconds to arrive.
        let gate = RenderGate(patience: .seconds(600))
        let kept = Kept()
        let held = Held()
        let answers = try await withThrowingTaskGroup(of: String.self) { group in
            for number in 0..<8 {
                group.addTask {
                    try await gate.answer(for: "page", kept: { kept.value }, render: {
                        await held.wait()
                        kept.keep("rendered")
                        return "rendered"
                    })
                }
                if number == 0 { while gate.counts.renders == 0 { try await Task.sleep(for: .milliseconds(1)) } }
            }
            await Self.waiting(7, at: gate)
            held.go.yield()
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(answers == Array(repeating: "rendered", count: 8))
        #expect(gate.counts.renders == 1 && gate.counts.waits == 7)

        // The render fails and keeps nothing: the first request gets its error, the others render.
        let failing = RenderGate(patience: .seconds(600))
        let heldFailure = Held()
        struct Failure: Error {}
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for number in 0..<4 {
                group.addTask {
                    (try? await failing.answer(for: "page", kept: { nil as String? }, render: {
                        if number == 0 {
                            await heldFailure.wait()
                            throw Failure()
                        }
                        return "own"
                    })) != nil
                }
                if number == 0 { while failing.counts.renders == 0 { try? await Task.sleep(for: .milliseconds(1)) } }
            }
            await Self.waiting(3, at: failing)
            heldFailure.go.yield()
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(outcomes.filter { $0 }.count == 3 && failing.counts.renders == 4)

        // A render that does not end: a request waits out its patience, then renders for itself.
        let patient = RenderGate(patience: .milliseconds(50))
        let stuck = Held()
        let first = Task { try await patient.answer(for: "page", kept: { nil as String? }, render: { await stuck.wait(); return "late" }) }
        while patient.counts.renders == 0 { try await Task.sleep(for: .milliseconds(1)) }
        let second = try await patient.answer(for: "page", kept: { nil as String? }, render: { "own" })
        #expect(second == "own" && patient.counts.waits == 1)
        stuck.go.yield()
        #expect(try await first.value == "late")
    }
}

