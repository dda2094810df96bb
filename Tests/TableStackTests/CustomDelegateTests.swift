import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TableStack
import Testing

/// A Swift developer's own controllers whose delegate refuses one row, sends another's
/// selection elsewhere and retargets moves: the served page, the form posts and the export all
/// go the way the delegate says, through TableStack's public API.
@Suite("A custom delegate decides pages, posts and the export")
struct CustomDelegateTests {
    /// Peaks in memory, each with routes in an order people change.
    final class Peaks: @unchecked Sendable {
        private let lock = NSLock()
        private var routes: [String: [String]] = ["rainier": ["Disappointment Cleaver", "Emmons", "Liberty Ridge", "Kautz"]]
        private var revision = 1
        private(set) var favourite = "rainier"

        var state: (routes: [String: [String]], revision: Int) { lock.withLock { (routes, revision) } }

        func move(_ route: String, of peak: String, to place: Int, basedOn expected: Int) -> Bool {
            lock.withLock {
                guard expected == revision, var list = routes[peak], let from = list.firstIndex(of: route) else { return false }
                list.insert(list.remove(at: from), at: place)
                routes[peak] = list
                revision += 1
                return true
            }
        }

        func choose(_ peak: String) { lock.withLock { favourite = peak } }
    }

    /// The root: a selection of peaks. Its delegate refuses "closed" and sends "alias" to Rainier.
    struct PeakList: TableViewController {
        let peaks: Peaks
        let keys = ["rainier", "closed", "alias", "baker"]
        var title: String { "Peaks" }
        var selectionMode: SelectionList.Mode? { nil }

        func numberOfRows(inSection section: Int) -> Int { keys.count }
        func cell(at indexPath: IndexPath) -> Cell {
            Cell(key: keys[indexPath.row], text: keys[indexPath.row].capitalized, accessory: .disclosureIndicator)
        }
        func willSelectRow(at indexPath: IndexPath) -> IndexPath? {
            switch keys[indexPath.row] {
            case "closed": nil
            case "alias": IndexPath(row: 0, section: 0)
            default: indexPath
            }
        }
        func didSelectRow(at indexPath: IndexPath) -> SelectionOutcome { .push(scene: "routes", itemKey: keys[indexPath.row]) }
        func viewController(for outcome: SelectionOutcome) async throws -> (any TableViewController)? {
            guard case let .push(_, key) = outcome else { return nil }
            return RouteList(peaks: peaks, peak: key)
        }
    }

    /// The favourite peak, a selection list whose delegate refuses "closed" and turns a choice of
    /// "alias" into one of Rainier.
    struct Favourite: TableViewController {
        let peaks: Peaks
        let keys = ["rainier", "closed", "alias", "baker"]
        var title: String { "Favourite" }
        var selectionMode: SelectionList.Mode? { .exclusive }

        func numberOfRows(inSection section: Int) -> Int { keys.count }
        func cell(at indexPath: IndexPath) -> Cell {
            Cell(key: keys[indexPath.row], text: keys[indexPath.row].capitalized,
                 accessory: peaks.favourite == keys[indexPath.row] ? .checkmark : .none)
        }
        func willSelectRow(at indexPath: IndexPath) -> IndexPath? {
            switch keys[indexPath.row] {
            case "closed": nil
            case "alias": IndexPath(row: 0, section: 0)
            default: indexPath
            }
        }
        func didSelectRow(at indexPath: IndexPath) -> SelectionOutcome { .toggleCheckmark }
        mutating func setCheckmark(_ isChecked: Bool, forRowAt indexPath: IndexPath) throws(TableKitError) {
            if isChecked { peaks.choose(keys[indexPath.row]) }
        }
    }

    /// A peak's routes, reorderable; the delegate keeps the first route first (any proposal above
    /// row 1 lands on row 1).
    struct RouteList: TableViewController {
        let peaks: Peaks
        let peak: String
        let routes: [String]
        let revision: Int
        private var move: (route: String, place: Int)?

        init(peaks: Peaks, peak: String) {
            self.peaks = peaks
            self.peak = peak
            let state = peaks.state
            routes = state.routes[peak] ?? []
            revision = state.revision
        }

        var title: String { peak.capitalized }
        var revisionToken: String { String(revision) }
        var movesRows: Bool { true }

        func numberOfRows(inSection section: Int) -> Int { routes.count }
        func cell(at indexPath: IndexPath) -> Cell {
            Cell(key: routes[indexPath.row].lowercased().replacingOccurrences(of: " ", with: "-"), text: routes[indexPath.row])
        }
        func canMoveRow(at indexPath: IndexPath) -> Bool { indexPath.row > 0 }
        func targetIndexPath(forMoveFrom source: IndexPath, toProposed proposed: IndexPath) -> IndexPath {
            IndexPath(row: max(1, proposed.row), section: 0)
        }
        mutating func moveRow(from source: IndexPath, to destination: IndexPath) throws(TableKitError) {
            move = (routes[source.row], destination.row)
        }
        mutating func save(basedOn revisionToken: String) async throws {
            guard let move else { return }
            guard let expected = Int(revisionToken), peaks.move(move.route, of: peak, to: move.place, basedOn: expected) else {
                throw SaveConflict("the routes changed")
            }
        }
    }

    static func server(_ peaks: Peaks) throws -> SiteServer {
        var server = TableStackServer(root: PeakList(peaks: peaks), title: "Peaks")
        server.templatesFolder = repository.appendingPathComponent("Templates").path
        server.publicFolder = repository.appendingPathComponent("Public").path
        return try server.makeServer()
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    static func hrefs(_ html: String) -> [String] {
        html.matches(of: /<a class="row__action[^"]*" href="([^"]*)"/).map { String($0.1) }
    }

    @Test("the page links only where the delegate lets selection lead; refused and redirected paths are not pages")
    func servedPage() async throws {
        let app = Application(router: try Self.server(Peaks()).router())
        try await app.test(.router) { client in
            let root = try await client.execute(uri: "/", method: .get)
            #expect(root.status == .ok)
            let html = String(buffer: root.body)
            #expect(Self.hrefs(html) == ["/rainier/", "/rainier/", "/baker/"], "closed leads nowhere; alias leads to Rainier's page")
            #expect(try await client.execute(uri: "/rainier/", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/closed/", method: .get).status == .notFound)
            #expect(try await client.execute(uri: "/alias/", method: .get).status == .notFound)
        }
    }

    @Test("a move posted as a form lands where targetIndexPath puts it, and the Move to… sheet offers only those places")
    func retargetedMove() async throws {
        let peaks = Peaks()
        let app = Application(router: try Self.server(peaks).router())
        try await app.test(.router) { client in
            let page = try await client.execute(uri: "/rainier/?editing=1", method: .get)
            let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let html = String(buffer: page.body)
            let csrf = try #require(html.firstMatch(of: /name="csrf" value="([^"]*)"/)).1
            let sheet = String(buffer: try await client.execute(uri: "/rainier/?editing=1&move=kautz", method: .get,
                                                                 headers: [.cookie: cookie]).body)
            #expect(sheet.matches(of: /<option value="([^"]+)"/).map { String($0.1) } == ["before:emmons", "before:liberty-ridge", "here"],
                    "rows 2 to 4, named by the row each stands before (its own place, row 4, as here); row 1 is not offered")
            let moved = try await client.execute(uri: "/rainier/_/move", method: .post,
                                                 headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                                                 body: ByteBuffer(string: "csrf=\(csrf)&revision=1&key=kautz&to=0.0"))
            #expect(moved.status == .seeOther)
            #expect(moved.headers[.location] == "/rainier/?editing=1#row-kautz")
            #expect(peaks.state.routes["rainier"] == ["Disappointment Cleaver", "Kautz", "Emmons", "Liberty Ridge"])
            let stale = try await client.execute(uri: "/rainier/_/move", method: .post,
                                                 headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                                                 body: ByteBuffer(string: "csrf=\(csrf)&revision=1&key=emmons&to=0.3"))
            #expect(stale.status == .conflict, "a move based on the page before the last one is refused")
            #expect(String(buffer: stale.body).contains("Your change was not applied: the routes changed. This is the list as it is now."),
                    "the notice says what the controller's SaveConflict says")
        }
    }

    @Test("a choice posted for a refused row is refused; one for a redirected row checks the row it is sent to")
    func redirectedChoice() async throws {
        let peaks = Peaks()
        peaks.choose("baker")
        var server = TableStackServer(root: Favourite(peaks: peaks))
        server.templatesFolder = Self.repository.appendingPathComponent("Templates").path
        server.publicFolder = Self.repository.appendingPathComponent("Public").path
        let app = Application(router: try server.makeServer().router())
        try await app.test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let html = String(buffer: page.body)
            let csrf = try #require(html.firstMatch(of: /name="csrf" value="([^"]*)"/)).1
            #expect(html.matches(of: /role="radio"/).count == 3, "the refused row offers no choice")
            func choose(_ key: String) async throws -> HTTPResponse.Status {
                try await client.execute(uri: "/_/select", method: .post,
                                         headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                                         body: ByteBuffer(string: "csrf=\(csrf)&revision=&key=\(key)")).status
            }
            #expect(try await choose("closed") == .unprocessableContent)
            #expect(peaks.favourite == "baker")
            #expect(try await choose("alias") == .seeOther)
            #expect(peaks.favourite == "rainier")
        }
    }

    @Test("the export writes the pages the delegate leads to, and no others")
    func export() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-custom-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        var server = TableStackServer(root: PeakList(peaks: Peaks()), title: "Peaks")
        server.templatesFolder = Self.repository.appendingPathComponent("Templates").path
        server.publicFolder = Self.repository.appendingPathComponent("Public").path
        let summary = try await server.export(to: folder.path)
        #expect(summary.pages == ["/", "/baker/", "/rainier/"])
        #expect(summary.problems.isEmpty, "\(summary.problems)")
        let root = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(Self.hrefs(root) == ["./rainier/index.html", "./rainier/index.html", "./baker/index.html"])
    }
}
