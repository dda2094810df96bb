import Foundation
import TableStore
import TableStorePostgres
import Testing
import TestSupport

/// The databases every store test runs on.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite, postgresql
    var testDescription: String { rawValue }
}

/// A fresh database, removed (SQLite) or left to the throwaway cluster (PostgreSQL) when the
/// test is done.
struct TemporaryStore {
    let kind: StoreKind
    let folder: URL
    let store: any DatabaseStore
    /// Where another store can open the same database: a file path or a URL.
    let location: String

    init(_ kind: StoreKind = .sqlite, durability: SQLiteStore.Durability = .normal) async throws {
        self.kind = kind
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-store-\(UUID().uuidString)")
        switch kind {
        case .sqlite:
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            location = folder.appendingPathComponent("test.sqlite").path
            store = try SQLiteStore(path: location, durability: durability)
        case .postgresql:
            // Each test's store holds four connections and a cluster forks a process for each:
            // a few stores at a time, so a busy machine does not time out connecting.
            await Self.postgresStores.acquire()
            do {
                location = try await PostgresCluster.running().newDatabase()
                store = try await PostgresStore(address: PostgresAddress(url: location), readers: 1)
            } catch {
                Self.postgresStores.release()
                throw error
            }
        }
    }

    /// PostgreSQL stores open at once in this test process.
    static let postgresStores = TestSemaphore(count: 6)

    /// SQLite's file (for the SQLite-only tests).
    var path: String { location }

    /// A second store on the same database, as a second process or server would open it.
    func another() async throws -> any DatabaseStore {
        switch kind {
        case .sqlite: try SQLiteStore(path: location)
        case .postgresql: try await PostgresStore(address: PostgresAddress(url: location), readers: 1)
        }
    }

    func remove() {
        if let store = store as? PostgresStore {
            Task {
                await store.close()
                Self.postgresStores.release()
            }
        }
        try? FileManager.default.removeItem(at: folder)
    }
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
