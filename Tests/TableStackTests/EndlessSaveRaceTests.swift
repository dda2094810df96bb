import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TableStack
import Testing

/// A Swift developer's controller whose data keeps being written by others between each read and
/// its save: the post is tried again on fresh reads, and when every try loses the race it is
/// refused as a conflict the person can retry, never answered as the server's own error.
@Suite("A save that loses every race")
struct EndlessSaveRaceTests {
    /// How many saves were tried.
    final class Tries: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var value: Int { lock.withLock { count } }
        func add() { lock.withLock { count += 1 } }
    }

    /// Two rows that can be moved; every save finds that someone else wrote first.
    struct Contested: TableViewController {
        let tries: Tries
        let keys = ["first", "second"]
        var title: String { "Contested" }
        var revisionToken: String { "1" }
        var movesRows: Bool { true }

        func numberOfRows(inSection section: Int) -> Int { keys.count }
        func cell(at indexPath: IndexPath) -> Cell { Cell(key: keys[indexPath.row], text: keys[indexPath.row].capitalized) }
        mutating func moveRow(from source: IndexPath, to destination: IndexPath) throws(TableKitError) {}
        mutating func save(basedOn revisionToken: String) async throws {
            tries.add()
            throw SaveRace()
        }
    }

    @Test("every try raced: 409 with a way to try again, after the server's tries, and nothing said of an error of its own")
    func refusedAsConflict() async throws {
        let tries = Tries()
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        var server = TableStackServer(root: Contested(tries: tries), title: "Contested")
        server.templatesFolder = repository.appendingPathComponent("Templates").path
        server.publicFolder = repository.appendingPathComponent("Public").path
        let app = Application(router: try server.makeServer().router())
        try await app.test(.router) { client in
            let page = try await client.execute(uri: "/?editing=1", method: .get)
            let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let csrf = try #require(String(buffer: page.body).firstMatch(of: /name="csrf" value="([^"]*)"/)).1
            let moved = try await client.execute(uri: "/_/move", method: .post,
                                                 headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                                                 body: ByteBuffer(string: "csrf=\(csrf)&revision=1&key=second&to=0.0"))
            #expect(moved.status == .conflict)
            let text = String(buffer: moved.body)
            #expect(text.contains("kept changing while your change was saved; nothing was changed. Try again."))
            #expect(!text.contains("went wrong"))
            #expect(tries.value == 8, "tried again on fresh reads until the server's eight tries ran out")
        }
    }
}
