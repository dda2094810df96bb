import Foundation
import Testing
import TestSupport

/// An empty file where `--db` points (a copy that failed, say) holds no database: SQLite would
/// take it for a new one, and delete a log (`-wal`) beside it.
@Suite("An empty database file is refused as a missing one is")
struct EmptyDatabaseFileTests {
    @Test("an app's export from an empty file, with a log beside it or not, leaves the last site and both files as they were")
    func export() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = try CommandLineRefusalTests.write(
            "title: Fruit\nroot: fruit\nscenes:\n  fruit: { title: Fruit, list: fruit, cell: { text: \"{name}\" } }\n", to: "app.yaml", in: folder)
        let out = folder.appendingPathComponent("site").path
        let demo = try await CommandLineRefusalTests.run(["export", "--db", folder.appendingPathComponent("demo.sqlite").path, "--out", out, "--quiet"])
        #expect(demo.status == 0, "\(demo.errors)")
        let empty = folder.appendingPathComponent("empty.sqlite").path, log = Data("not replayed".utf8)
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        for withLog in [false, true] {
            if withLog { #expect(FileManager.default.createFile(atPath: empty + "-wal", contents: log)) }
            let refused = try await CommandLineRefusalTests.run(["export", "--app", app, "--db", empty, "--out", out, "--quiet"])
            #expect(refused.status == 1 && refused.errors.contains("\(empty) is an empty file, not a database yet; an export would make one"),
                    "\(refused.errors)")
            #expect(try FileManager.default.attributesOfItem(atPath: empty)[.size] as? Int == 0)
            #expect(FileManager.default.contents(atPath: empty + "-wal") == (withLog ? log : nil))
            #expect(FileManager.default.fileExists(atPath: out + "/groceries/index.html"))
        }
    }

    @Test("a dump of an empty file is refused and writes nothing into it")
    func dump() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let empty = folder.appendingPathComponent("empty.sqlite").path
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let refused = try await CommandLineRefusalTests.run(["dump", "--db", empty])
        #expect(refused.status == 1 && refused.errors.contains("\(empty) is an empty file, not a database yet"), "\(refused.errors)")
        #expect(try FileManager.default.attributesOfItem(atPath: empty)[.size] as? Int == 0)
        #expect(!FileManager.default.fileExists(atPath: empty + "-wal"))
    }
}
