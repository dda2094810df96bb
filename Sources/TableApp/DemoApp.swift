import Foundation
import TableStore

/// The built-in demo: the guide's examples, with their data, shipped inside the program.
public enum DemoApp {
    /// The demo's app file.
    public static var appFile: String {
        Bundle.module.url(forResource: "app", withExtension: "yaml", subdirectory: "Demo")?.path ?? "Demo/app.yaml"
    }

    /// The demo's data file.
    public static var dataFile: String {
        Bundle.module.url(forResource: "data", withExtension: "json", subdirectory: "Demo")?.path ?? "Demo/data.json"
    }

    /// The demo app definition.
    public static func definition() throws -> AppDefinition {
        try AppFileLoader.load(path: appFile)
    }

    /// The demo data.
    public static func data() throws -> DataDocument {
        try DataFileReader.read(path: dataFile)
    }

    /// Fills `store` with the demo data when it holds nothing yet (checked first without a write,
    /// so a server starting on a filled database takes no write lock; then again as it loads).
    public static func seedIfEmpty(_ store: any DataStore) async throws {
        if try await store.isEmpty() { _ = try await store.loadIntoEmpty(try data()) }
    }
}
