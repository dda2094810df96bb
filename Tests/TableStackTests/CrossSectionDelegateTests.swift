import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TableStack
import Testing

/// A developer's own two-section list whose delegate retargets moves across sections: a task
/// moved into Done always goes to the top of it, the way a to-do app files the latest first.
@Suite("A custom delegate retargets moves between sections")
struct CrossSectionDelegateTests {
    /// Tasks to do and done, in memory.
    final class Tasks: @unchecked Sendable {
        private let lock = NSLock()
        private var sections = [["Write", "Test", "Ship"], ["Plan", "Design"]]
        var state: [[String]] { lock.withLock { sections } }

        func move(from source: IndexPath, to destination: IndexPath) {
            lock.withLock {
                let task = sections[source.section].remove(at: source.row)
                sections[destination.section].insert(task, at: destination.row)
            }
        }
    }

    struct TaskList: TableViewController {
        let tasks: Tasks
        var rows: [[String]]
        private var moves: [(IndexPath, IndexPath)] = []

        init(tasks: Tasks) {
            self.tasks = tasks
            rows = tasks.state
        }

        var title: String { "Tasks" }
        var movesRows: Bool { true }
        func numberOfSections() -> Int { rows.count }
        func numberOfRows(inSection section: Int) -> Int { rows[section].count }
        func titleForHeader(inSection section: Int) -> String? { ["To Do", "Done"][section] }
        func cell(at indexPath: IndexPath) -> Cell {
            let text = rows[indexPath.section][indexPath.row]
            return Cell(key: text.lowercased(), text: text)
        }
        /// A task moved into Done lands at its top; within a section any place is fine.
        func targetIndexPath(forMoveFrom source: IndexPath, toProposed proposed: IndexPath) -> IndexPath {
            proposed.section == 1 && source.section == 0 ? IndexPath(row: 0, section: 1) : proposed
        }
        mutating func moveRow(from source: IndexPath, to destination: IndexPath) throws(TableKitError) {
            rows[destination.section].insert(rows[source.section].remove(at: source.row), at: destination.row)
            moves.append((source, destination))
        }
        mutating func save(basedOn revisionToken: String) async throws {
            for (source, destination) in moves { tasks.move(from: source, to: destination) }
        }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    @Test("the sheet offers only Done's top; a form post proposing Done's end lands at its top and says so")
    func retargetsAcrossSections() async throws {
        let tasks = Tasks()
        var server = TableStackServer(root: TaskList(tasks: tasks), title: "Tasks")
        server.templatesFolder = Self.repository.appendingPathComponent("Templates").path
        server.publicFolder = Self.repository.appendingPathComponent("Public").path
        let app = Application(router: try server.makeServer().router())
        try await app.test(.router) { client in
            let page = try await client.execute(uri: "/?editing=1", method: .get)
            let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let csrf = try #require(String(buffer: page.body).firstMatch(of: /name="csrf" value="([^"]*)"/)).1
            let sheet = String(buffer: try await client.execute(uri: "/?editing=1&move=test", method: .get, headers: [.cookie: cookie]).body)
            let labels = sheet.matches(of: /<option value="[^"]+"[^>]*>([^<]+)</).map { String($0.1) }
            #expect(labels == ["Row 1 of To Do", "Where it is now (row 2)", "Row 3 of To Do", "Row 1 of Done"])
            let moved = try await client.execute(uri: "/_/move", method: .post,
                                                 headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                                                 body: ByteBuffer(string: "csrf=\(csrf)&revision=&key=test&to=after:design&editing=1"))
            #expect(moved.status == .seeOther)
            #expect(tasks.state == [["Write", "Ship"], ["Test", "Plan", "Design"]])
            let location = try #require(moved.headers[.location])
            #expect(location == "/?editing=1#row-test")
            let flash = try #require(moved.headers[values: .setCookie].first { $0.hasPrefix("tablestack_flash=") }?
                .split(separator: ";").first.map(String.init))
            let landed = String(buffer: try await client.execute(uri: "/?editing=1", method: .get,
                                                                 headers: [.cookie: cookie + "; " + flash]).body)
            #expect(landed.contains("Moved Test to row 1 of Done (the nearest allowed place)."))
        }
    }
}
