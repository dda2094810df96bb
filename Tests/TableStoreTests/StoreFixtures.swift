import Foundation
import TableStore

/// A fresh database in its own temporary folder, removed when the test is done.
struct TemporaryStore {
    let folder: URL
    let store: SQLiteStore

    init(durability: SQLiteStore.Durability = .normal) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try SQLiteStore(path: folder.appendingPathComponent("test.sqlite").path, durability: durability)
    }

    var path: String { store.path }

    func remove() { try? FileManager.default.removeItem(at: folder) }
}

extension DataDocument {
    /// Regions with trails, as in SimpleDrillDown.
    static let trails = DataDocument(lists: [("regions", [
        .init(key: "north", attributes: ["name": .string("North")], lists: [("trails", [
            .init(key: "cascade-pass", attributes: ["name": .string("Cascade Pass"), "miles": .number(7.4)]),
            .init(key: "maple-pass", attributes: ["name": .string("Maple Pass"), "miles": .number(7.2)]),
        ])]),
        .init(key: "south", attributes: ["name": .string("South")], lists: [("trails", [
            .init(key: "mount-st-helens", attributes: ["name": .string("Mount St. Helens")]),
        ])]),
    ])])
}

extension StoredList {
    var keys: [String] { items.map(\.key) }
}
