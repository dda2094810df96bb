import Foundation
import Testing
import TestSupport

/// A running server shares its database with other writers (`tablestack import` here): what
/// they write shows on the next page, never a page cached from before.
@Suite("Writers beside the server")
struct OtherWritersTests {
    static func importing(_ csv: String, list: String, into database: String, folder: URL) async throws -> (status: Int32, output: String) {
        let file = folder.appendingPathComponent("\(list)-\(UUID().uuidString).csv")
        try Data(csv.utf8).write(to: file)
        let completed = try await SpawnedProcess.run(RunningServer.binary, ["import", file.path, "--db", database, "--list", list])
        return (completed.status, completed.output + completed.errors)
    }

    @Test("an import into a served list shows on the next page and its JSON twin, not a cached page from before")
    func importIsNoticed() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("shared.sqlite").path
        let server = try await RunningServer.started(database: database)
        defer { server.stop() }
        func rows() throws -> [String] {
            let (_, text) = try RequestOriginTests.send(server, "GET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            return text.matches(of: /class="cell__text">([^<]*)</).map { String($0.1) }
        }
        #expect(try rows() == ["Milk", "Eggs", "Bread", "Butter"])
        #expect(try rows() == ["Milk", "Eggs", "Bread", "Butter"], "now from the cache")
        let imported = try await Self.importing("name,quantity\nTea,1\n", list: "groceries", into: database, folder: folder)
        #expect(imported.status == 0, "\(imported.output)")
        #expect(try rows() == ["Milk", "Eggs", "Bread", "Butter", "Tea"])
        let (_, json) = try RequestOriginTests.send(server, "GET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n")
        #expect(json.contains("\"Tea\""))
    }

    @Test("an import into a database no one else has open leaves no log for the next command to read back")
    func importLeavesNoLog() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("alone.sqlite").path
        for name in ["Tea", "Jam"] {
            let imported = try await Self.importing("name,quantity\n\(name),1\n", list: "pantry", into: database, folder: folder)
            #expect(imported.status == 0, "\(imported.output)")
            #expect(!FileManager.default.fileExists(atPath: database + "-wal"), "the commit is in the database file")
        }
        let dumped = try await SpawnedProcess.run(RunningServer.binary, ["dump", "--db", database])
        #expect(dumped.status == 0 && dumped.output.contains("\"Tea\"") && dumped.output.contains("\"Jam\""), "\(dumped.output)")
    }

    @Test("a server stopped as an operator stops it leaves its commits in the database file and no log")
    func stoppedServerLeavesNoLog() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("served.sqlite").path
        let server = try await RunningServer.started(database: database)
        let (status, _) = try RequestOriginTests.send(server, "GET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        #expect(status == 200)
        #expect(FileManager.default.fileExists(atPath: database + "-wal"), "the demo's data is in the log while the server runs")
        #expect(server.stop() == 0)
        #expect(!FileManager.default.fileExists(atPath: database + "-wal"))
        let dumped = try await SpawnedProcess.run(RunningServer.binary, ["dump", "--db", database])
        #expect(dumped.status == 0 && dumped.output.contains("\"Milk\""), "\(dumped.output)")
    }

    @Test("keys are unique per list: names another list has import into a list of their own")
    func keysPerList() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("keys.sqlite").path
        let first = try await Self.importing("name\nalpha-0\nbeta\n", list: "first", into: database, folder: folder)
        let second = try await Self.importing("name\nalpha-0\ngamma\n", list: "second", into: database, folder: folder)
        #expect(first.status == 0 && second.status == 0, "\(first.output) \(second.output)")
    }
}
