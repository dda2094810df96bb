import Foundation
import TableApp
import TableServer
import TableStore

/// An app file of a test's own, served from a fresh database holding `document`.
struct ServedApp: ServedSite {
    let folder: URL
    let server: SiteServer
    let store: SQLiteStore

    init(_ yaml: String, _ document: DataDocument) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-served-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try SQLiteStore(path: folder.appendingPathComponent("app.sqlite").path, durability: .normal)
        try await store.load(document, replacing: true)
        let site = try Self.site(try AppFileLoader.parse(yaml, file: "test.yaml"), store: store)
        server = SiteServer(site: site, configuration: ServerConfiguration(host: "127.0.0.1", port: 0,
                                                                           publicFolder: ServedDemo.repository.appendingPathComponent("Public").path))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}
