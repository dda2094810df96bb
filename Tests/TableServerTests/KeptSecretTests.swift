import Foundation
import Testing
import TestSupport

/// A server started without `--secret-file` on a SQLite database keeps the key that signs its
/// cookies beside the database: a restart leaves the forms of pages shown before it valid.
@Suite("The cookie key kept beside a SQLite database")
struct KeptSecretTests {
    @Test("a form from a page shown before a restart is taken by the restarted server; the key is 32 bytes only its owner reads")
    func restartKeepsForms() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("data.sqlite").path
        let visitor = SharedDatabaseTests.Visitor()
        let first = try await RunningServer.started(database: database)
        let tokens = try await visitor.editingTokens(first)
        #expect(!tokens.csrf.isEmpty)
        first.stop()

        let key = try FileManager.default.attributesOfItem(atPath: database + "-secret")
        #expect(key[.size] as? Int == 32 && (key[.posixPermissions] as? Int ?? 0) & 0o077 == 0)
        let second = try await RunningServer.started(database: database)
        defer { second.stop() }
        let added = try await visitor.post(second, "/groceries/_/add", [("csrf", tokens.csrf), ("revision", tokens.revision), ("name", "Tea"), ("quantity", "1")])
        #expect(added.status == 200 && added.html.contains("Tea"), "\(added.status)")
    }

    @Test("a key file that is not a key is left as it is: the server says so and serves with a key of its own")
    func unusableKeyFile() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("data.sqlite").path
        try Data("short".utf8).write(to: URL(fileURLWithPath: database + "-secret"))
        let server = try await RunningServer.started(database: database, standardError: .withOutput)
        defer { server.stop() }
        #expect(server.banner.contains("data.sqlite-secret: the key that signs cookies cannot be kept there (it holds 5 bytes, not a key of 32)"),
                "\(server.banner)")
        #expect(try String(contentsOfFile: database + "-secret", encoding: .utf8) == "short")
        #expect(await SharedDatabaseTests.Visitor().add("Tea", on: server) == 200)
    }
}
