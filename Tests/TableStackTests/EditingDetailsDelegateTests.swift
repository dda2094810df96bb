import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TableStack
import Testing

/// Issue 17's selection and editing details answered by a Swift developer's own controller, as
/// UIKit's data source and delegate answer them: the page, the posts, the JSON twin and the
/// export all follow.
@Suite("A custom controller's selection and editing details")
struct EditingDetailsDelegateTests {
    /// Mail folders kept in memory.
    final class Folders: @unchecked Sendable {
        private let lock = NSLock()
        private var stored = ["Inbox", "Drafts", "Sent", "Archive"]
        var names: [String] {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    /// The folders: no swipe, an Archive button, Inbox fixed and flush while editing, an insert
    /// control on the last row, rows that open only in editing mode.
    struct FolderList: TableViewController {
        let folders: Folders
        /// The names as the actions since the controller was read left them.
        var edited: [String]?
        var names: [String] { edited ?? folders.names }

        var title: String { "Folders" }
        var allowsSwipeToDelete: Bool { false }
        var allowsSelection: Bool { false }
        var allowsSelectionDuringEditing: Bool { true }
        var commitsEditing: Bool { true }
        var movesRows: Bool { true }

        func numberOfRows(inSection section: Int) -> Int { names.count }
        func cell(at indexPath: IndexPath) -> Cell {
            Cell(key: names[indexPath.row].lowercased(), text: names[indexPath.row], selectionStyle: .none)
        }
        func canEditRow(at indexPath: IndexPath) -> Bool { indexPath.row > 0 }
        func canMoveRow(at indexPath: IndexPath) -> Bool { indexPath.row > 0 }
        func editingStyle(forRowAt indexPath: IndexPath) -> EditingStyle { indexPath.row == names.count - 1 ? .insert : .delete }
        func titleForDeleteConfirmationButton(forRowAt indexPath: IndexPath) -> String? { "Archive \(names[indexPath.row])" }
        func shouldIndentWhileEditingRow(at indexPath: IndexPath) -> Bool { indexPath.row > 0 }
        func targetIndexPath(forMoveFrom source: IndexPath, toProposed proposed: IndexPath) -> IndexPath {
            proposed.row == 0 ? IndexPath(row: 1, section: 0) : proposed
        }
        func didSelectRow(at indexPath: IndexPath) -> SelectionOutcome { .push(scene: "folder", itemKey: names[indexPath.row].lowercased()) }
        func viewController(for outcome: SelectionOutcome) async throws -> (any TableViewController)? {
            guard case let .push(_, key) = outcome else { return nil }
            return Folder(name: key)
        }

        mutating func commit(_ editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws(TableKitError) {
            var sections = [names]
            try sections.commit(editingStyle, at: indexPath, inserting: "Folder \(names.count + 1)")
            edited = sections[0]
        }
        mutating func moveRow(from source: IndexPath, to destination: IndexPath) throws(TableKitError) {
            var sections = [names]
            try sections.moveRow(from: source, to: destination)
            edited = sections[0]
        }
        mutating func save(basedOn revisionToken: String) async throws {
            if let edited { folders.names = edited }
        }
    }

    /// One folder's (empty) page.
    struct Folder: TableViewController {
        let name: String
        var title: String { name.capitalized }
        func numberOfRows(inSection section: Int) -> Int { 0 }
        func cell(at indexPath: IndexPath) -> Cell { Cell(key: "none", text: "") }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    static func server(_ folders: Folders) throws -> TableStackServer {
        var server = TableStackServer(root: FolderList(folders: folders), title: "Mail")
        server.templatesFolder = repository.appendingPathComponent("Templates").path
        server.publicFolder = repository.appendingPathComponent("Public").path
        return server
    }

    /// The `<li>` of the row `key` in `html`.
    static func row(_ key: String, in html: String) -> String {
        guard let start = html.range(of: "data-key=\"\(key)\""),
              let end = html[start.upperBound...].range(of: "</li>") else { return "" }
        return String(html[start.lowerBound..<end.upperBound])
    }

    @Test("the delegate's answers shape the page, its posts and its JSON twin")
    func servedPage() async throws {
        let folders = Folders()
        let app = Application(router: try Self.server(folders).makeServer().router())
        try await app.test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let html = String(buffer: page.body)
            #expect(!html.contains("data-swipe-delete"), "allowsSwipeToDelete false")
            #expect(!html.contains("class=\"row__action\" href="), "allowsSelection false: no row opens outside editing mode")
            let csrf = String(try #require(html.firstMatch(of: /name="csrf" value="([^"]*)"/)).1)
            func post(_ action: String, _ body: String) async throws -> HTTPResponse.Status {
                try await client.execute(uri: "/_/\(action)", method: .post,
                                         headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                                         body: ByteBuffer(string: "csrf=\(csrf)&revision=&" + body)).status
            }
            #expect(try await post("delete", "key=drafts") == .unprocessableContent, "no swipe deletion")

            let editing = String(buffer: try await client.execute(uri: "/?editing=1&delete=sent", method: .get, headers: [.cookie: cookie]).body)
            #expect(Self.row("sent", in: editing).contains(">Archive Sent</button>"))
            #expect(Self.row("drafts", in: editing).contains("class=\"row__action\" href=\"/drafts/\""), "selectable during editing")
            #expect(editing.contains("row--no-highlight row--no-editing-indent row--indent-0\" id=\"row-inbox\""))
            #expect(editing.contains("row--no-highlight row--indent-0\" id=\"row-drafts\""))
            #expect(!Self.row("drafts", in: editing).contains(">Move up"), "Inbox's place is not one a row may take")
            #expect(Self.row("drafts", in: editing).contains(">Move down"))
            #expect(!Self.row("archive", in: editing).contains(">Move down"))
            #expect(Self.row("archive", in: editing).contains("aria-label=\"Insert after Archive\""))

            let json = String(buffer: try await client.execute(uri: "/?editing=1", method: .get, headers: [.accept: "application/json"]).body)
            #expect(json.contains("\"deleteConfirmationTitle\" : \"Archive Drafts\""))
            #expect(json.contains("\"insertionPlacement\" : \"after\""))

            #expect(try await post("insert", "editing=1&key=archive") == .seeOther)
            #expect(folders.names == ["Inbox", "Drafts", "Sent", "Archive", "Folder 5"], "after the row, as its label said")
            #expect(try await post("move-up", "editing=1&key=drafts") == .unprocessableContent)
            // Sent is not beside Inbox: this controller keeps no revision, so others' moves cannot
            // be told from a forged neighbour, and the page is shown again as a conflict.
            #expect(try await post("move-up", "editing=1&key=sent&past=inbox") == .conflict)
            #expect(folders.names == ["Inbox", "Drafts", "Sent", "Archive", "Folder 5"])
            #expect(try await post("delete", "editing=1&key=sent") == .seeOther)
            #expect(folders.names == ["Inbox", "Drafts", "Archive", "Folder 5"])
        }
    }

    @Test("the export leads only where selection does outside editing: nowhere")
    func export() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-folders-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let summary = try await Self.server(Folders()).export(to: folder.path)
        #expect(summary.problems.isEmpty, "\(summary.problems)")
        #expect(summary.pages == ["/"])
        let root = try String(contentsOf: folder.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(!root.contains("data-swipe-delete") && !root.contains("class=\"row__action\" href="))
        #expect(root.contains("row--no-highlight"))
    }
}
