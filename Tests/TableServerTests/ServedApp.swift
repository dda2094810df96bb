import Foundation
import Hummingbird
import HummingbirdTesting
import TableApp
import TableRender
import TableServer
import TableSite
import TableStore

/// An app file of a test's own, served from a fresh database holding `document`.
struct ServedApp {
    let folder: URL
    let server: SiteServer
    let store: SQLiteStore

    init(_ yaml: String, _ document: DataDocument) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-served-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try SQLiteStore(path: folder.appendingPathComponent("app.sqlite").path, durability: .normal)
        try await store.load(document, replacing: true)
        let templates = try TemplateSet(folder: ServedDemo.repository.appendingPathComponent("Templates").path)
        let site = Site(storyboard: AppRuntime(app: try AppFileLoader.parse(yaml, file: "test.yaml"), store: store),
                        renderer: PageRenderer(templates: templates), urls: URLBuilder())
        server = SiteServer(site: site, configuration: ServerConfiguration(host: "127.0.0.1", port: 0,
                                                                           publicFolder: ServedDemo.repository.appendingPathComponent("Public").path))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Runs `body` with a browser talking to the server through Hummingbird's router test client.
    func browse(_ body: @escaping @Sendable (Browser) async throws -> Void) async throws {
        let app = Application(router: server.router())
        try await app.test(.router) { client in try await body(Browser(client: client)) }
    }
}
