import Foundation
import HTTPTypes
import Testing
import TableRender
@testable import TableServer

/// Signing in as an editor: guessing is slowed before it costs the server a hash, a sign-in
/// starts a new session, and signing out ends it.
@Suite("Signing in and out")
struct SignInTests {
    static let password = "correct horse"

    static func demo() async throws -> ServedDemo {
        try await ServedDemo(editorPassword: try PasswordHash.make(password: password, rounds: 210_000))
    }

    @Test("the 11th wrong password in a row waits, unheard; after the wait the right one signs in")
    func throttled() async throws {
        // The throttle's clock stands still until the test moves it: ten costly hashes on a
        // loaded machine could otherwise let the one-second wait pass before the eleventh try.
        let clock = TestClock()
        let demo = try await ServedDemo(editorPassword: try PasswordHash.make(password: Self.password, rounds: 210_000),
                                        signInClock: { clock.now })
        defer { demo.remove() }
        try await demo.browse { browser in
            let form = try await browser.get("/_login")
            #expect(form.root?.first { $0.name == "input" && $0.attributes["name"] == "password" }?.attributes["type"] == "password")
            let csrf = form.field("csrf") ?? ""
            for attempt in 1...10 {
                let wrong = try await browser.post("/_login", [("csrf", csrf), ("password", "guess \(attempt)")])
                #expect(wrong.status == 403 && wrong.text.contains("That password is not right."), "attempt \(attempt)")
            }
            let eleventh = try await browser.post("/_login", [("csrf", csrf), ("password", Self.password)])
            #expect(eleventh.status == 429, "even the right password waits: it is not checked during the wait")
            #expect(eleventh.text.contains("Too many wrong passwords: try again in 1 second."))
            let wait = try #require(eleventh.headers[.retryAfter].flatMap(Double.init))
            clock.advance(by: wait + 0.1)
            let signedIn = try await browser.post("/_login", [("csrf", csrf), ("password", Self.password)])
            #expect(signedIn.status == 200 && signedIn.notice == "Signed in: you can edit now.")
        }
    }

    @Test("signing in renews the session id; signing out ends the editor's rights and renews it again")
    func sessionRenewal() async throws {
        let demo = try await Self.demo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let form = try await browser.get("/_login")
            let before = browser.cookie(named: "tablestack_session")
            _ = try await browser.post("/_login", [("csrf", form.field("csrf") ?? ""), ("password", Self.password)])
            let signedIn = browser.cookie(named: "tablestack_session")
            #expect(before != nil && signedIn != nil && before != signedIn, "a session id seen before signing in is worth nothing after")

            let root = try await browser.get("/")
            let signOutLink = try #require(root.root?.first { $0.name == "a" && $0.normalizedText == "Sign Out" })
            let sheet = try await browser.get(signOutLink.attributes["href"] ?? "")
            #expect(sheet.status == 200)
            let out = try await browser.post("/_logout", [("csrf", sheet.field("csrf") ?? "")])
            #expect(out.notice == "Signed out.")
            #expect(browser.cookie(named: "tablestack_editor") == nil)
            #expect(browser.cookie(named: "tablestack_session") != signedIn)
            let page = try await browser.get("/groceries/")
            #expect(page.root?.first { $0.attributes["id"] == "table-actions" } == nil, "read-only again")
            #expect(page.root?.first { $0.name == "a" && $0.normalizedText == "Sign In" } != nil)
        }
    }

    @Test("a sign-in or sign-out that is not a form is 415, and signs nobody in or out")
    func notAForm() async throws {
        let demo = try await Self.demo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let csrf = try await browser.get("/_login").field("csrf") ?? ""
            let body = "csrf=\(csrf)&password=" + Browser.encode(Self.password)
            for type in ["text/plain", "application/json"] {
                #expect(try await browser.post("/_login", body: body, contentType: type).status == 415)
            }
            #expect(browser.cookie(named: "tablestack_editor") == nil, "not signed in")
            #expect(try await browser.post("/_login", body: body, contentType: "application/x-www-form-urlencoded").notice == "Signed in: you can edit now.")
            let signOut = try await browser.post("/_logout", body: "csrf=\(csrf)", contentType: "text/plain")
            #expect(signOut.status == 415 && browser.cookie(named: "tablestack_editor") != nil, "still signed in")
        }
    }

    @Test("thirty wrong passwords sent at once get no more checks than ten sent one by one")
    func concurrentGuesses() async throws {
        // A clock that stands still, as in `throttled`: on a loaded machine thirty requests can
        // take longer to arrive than the one-second wait after the tenth.
        let clock = TestClock()
        let demo = try await ServedDemo(editorPassword: try PasswordHash.make(password: Self.password, rounds: 210_000),
                                        signInClock: { clock.now })
        defer { demo.remove() }
        try await demo.browse { browser in
            let csrf = try await browser.get("/_login").field("csrf") ?? ""
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for attempt in 0..<30 {
                    group.addTask { try await browser.post("/_login", [("csrf", csrf), ("password", "guess \(attempt)")]).status }
                }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(statuses.filter { $0 == 403 }.count <= 10, "checked and found wrong: \(statuses.sorted())")
            #expect(statuses.allSatisfy { [403, 429, 503].contains($0) })
        }
    }

    @Test("after signing out, cookies copied before it neither edit nor sign in again")
    func signOutRevokes() async throws {
        let demo = try await Self.demo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let form = try await browser.get("/_login")
            _ = try await browser.post("/_login", [("csrf", form.field("csrf") ?? ""), ("password", Self.password)])
            let page = try await browser.get("/groceries/?editing=1")
            let (csrf, revision) = browser.tokens(of: page)
            let copied = browser.cookieHeader
            _ = try await browser.post("/_logout", [("csrf", (try await browser.get("/_logout")).field("csrf") ?? "")])
            let thief = Browser(client: browser.client)
            thief.setCookies(copied)
            let replay = try await thief.post("/groceries/_/delete", [("csrf", csrf), ("revision", revision), ("editing", "1"), ("key", "milk")])
            #expect(replay.status == 403)
            #expect(try await thief.get("/groceries/").rowTexts.contains("Milk"))
        }
    }

    @Test("without an editor password there is no sign-in page")
    func noPassword() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { (browser: Browser) async throws in
            #expect(try await browser.get("/_login").status == 404)
            #expect(try await browser.get("/_logout").status == 404)
        }
    }

    @Test("the throttle doubles each wait past the free tries, forgets a run after an hour, and ends it on success")
    func throttleRules() {
        let throttle = SignInThrottle()
        let start = Date(timeIntervalSince1970: 1_000_000)
        for _ in 0..<9 { throttle.failed(address: "a", now: start) }
        #expect(throttle.admit(address: "a", now: start) == .allowed)
        throttle.failed(address: "a", now: start)
        #expect(throttle.admit(address: "a", now: start) == .wait(1))
        #expect(throttle.admit(address: "b", now: start) == .allowed, "another address is not held up")
        throttle.failed(address: "a", now: start.addingTimeInterval(1))
        #expect(throttle.admit(address: "a", now: start.addingTimeInterval(1)) == .wait(2))
        #expect(throttle.admit(address: "a", now: start.addingTimeInterval(3)) == .allowed)
        throttle.failed(address: "a", now: start.addingTimeInterval(2 * 3600))
        #expect(throttle.admit(address: "a", now: start.addingTimeInterval(2 * 3600)) == .allowed, "a run is forgotten after an hour")
        for _ in 0..<20 { throttle.failed(address: "c", now: start) }
        throttle.succeeded(address: "c")
        #expect(throttle.admit(address: "c", now: start) == .allowed)
    }

    @Test("guesses spread over many addresses make everyone wait once the account's free tries are spent")
    func accountWide() {
        let throttle = SignInThrottle()
        let now = Date(timeIntervalSince1970: 2_000_000)
        for number in 0..<100 { throttle.failed(address: "10.0.0.\(number)", now: now) }
        #expect(throttle.admit(address: "192.168.1.1", now: now) == .wait(1))
    }
}

/// A clock that moves only when told to.
final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var time = Date(timeIntervalSince1970: 1_800_000_000)

    var now: Date { lock.withLock { time } }

    func advance(by seconds: TimeInterval) { lock.withLock { time += seconds } }
}
