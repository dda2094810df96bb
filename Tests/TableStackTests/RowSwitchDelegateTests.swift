import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TableStack
import Testing

/// A Swift controller whose rows each carry their own switch (`switchChanged(_:forRowAt:)`)
/// and show a chevron instead in editing mode (`editingAccessory`).
@Suite("A custom controller's switch per row")
struct RowSwitchDelegateTests {
    final class Lights: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String: Bool] = ["hall": false, "porch": true]
        var states: [String: Bool] {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }

    struct LightList: TableViewController {
        let lights: Lights
        var changed: [String: Bool] = [:]
        let keys = ["hall", "porch"]
        var title: String { "Lights" }
        var movesRows: Bool { true }

        func numberOfRows(inSection section: Int) -> Int { keys.count }
        func cell(at indexPath: IndexPath) -> Cell {
            let key = keys[indexPath.row]
            return Cell(key: key, text: key.capitalized, accessory: .toggle(isOn: changed[key] ?? lights.states[key] ?? false),
                        editingAccessory: .disclosureIndicator, selectionStyle: .none)
        }
        mutating func moveRow(from source: IndexPath, to destination: IndexPath) throws(TableKitError) {}
        mutating func switchChanged(_ isOn: Bool, forRowAt indexPath: IndexPath) throws(TableKitError) {
            changed[keys[indexPath.row]] = isOn
        }
        mutating func save(basedOn revisionToken: String) async throws {
            lights.states.merge(changed) { _, new in new }
        }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    @Test("each row's switch posts its own state; editing mode shows the editing accessory instead")
    func switchPerRow() async throws {
        let lights = Lights()
        var server = TableStackServer(root: LightList(lights: lights), title: "Home")
        server.templatesFolder = Self.repository.appendingPathComponent("Templates").path
        server.publicFolder = Self.repository.appendingPathComponent("Public").path
        let app = Application(router: try server.makeServer().router())
        try await app.test(.router) { client in
            let page = try await client.execute(uri: "/", method: .get)
            let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let html = String(buffer: page.body)
            #expect(html.matches(of: /role="switch"/).count == 2)
            let csrf = String(try #require(html.firstMatch(of: /name="csrf" value="([^"]*)"/)).1)
            let posted = try await client.execute(uri: "/_/toggle", method: .post,
                                                  headers: [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"],
                                                  body: ByteBuffer(string: "csrf=\(csrf)&revision=&key=hall&on-hall=on"))
            #expect(posted.status == .seeOther)
            #expect(lights.states == ["hall": true, "porch": true])
            let editing = String(buffer: try await client.execute(uri: "/?editing=1", method: .get).body)
            #expect(editing.matches(of: /data-accessory="disclosure-indicator"/).count == 2 && !editing.contains("role=\"switch\""))
        }
    }
}
