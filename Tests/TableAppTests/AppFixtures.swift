import Foundation
import TableApp
import TableKit
import TableStore

/// The demo app over a fresh database of demo data.
struct DemoFixture {
    let folder: URL
    let store: SQLiteStore
    let runtime: AppRuntime

    init() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try SQLiteStore(path: folder.appendingPathComponent("demo.sqlite").path, durability: .normal)
        try await DemoApp.seedIfEmpty(store)
        runtime = AppRuntime(app: try DemoApp.definition(), store: store)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    func editor(_ path: [String]) async throws -> SceneEditor {
        SceneEditor(runtime: runtime, scene: try await runtime.resolve(path))
    }

    /// Carries out a table action on the scene at `path`, read now, based on `token`.
    @discardableResult
    func perform(_ action: TableAction, on path: [String], basedOn token: String) async throws -> TableActionResult {
        var scene = try await runtime.resolve(path)
        return try await scene.perform(action, basedOn: token)
    }

    func texts(_ path: [String]) async throws -> [[String]] {
        try await runtime.resolve(path).sections.map { $0.rows.map(\.cell.text) }
    }
}
