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

    /// Fills `store` with the demo data when it holds nothing yet.
    public static func seedIfEmpty(_ store: any DataStore) async throws {
        if try await store.isEmpty() { try await store.load(try data(), replacing: true) }
    }
}
