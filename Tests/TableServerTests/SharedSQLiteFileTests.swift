import Foundation
import Testing
import TestSupport

/// Two `tablestack serve` processes on one SQLite file, and a `tablestack import` into it from a
/// third: each process commits without the others' feeds hearing of it.
@Suite("Several processes on one SQLite file")
struct SharedSQLiteFileTests {
    @Test("a page following its list live on one server receives an edit made on another server and an import")
    func liveAcrossProcesses() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let secret = folder.appendingPathComponent("secret")
        try Data((0..<48).map { _ in UInt8.random(in: 0...255) }).write(to: secret)
        let database = folder.appendingPathComponent("shared.sqlite").path
        // One at a time: the first creates the schema and seeds the demo, the next finds it.
        let a = try await RunningServer.started(database: database, arguments: ["--secret-file", secret.path])
        defer { a.stop() }
        let b = try await RunningServer.started(database: database, arguments: ["--secret-file", secret.path])
        defer { b.stop() }

        var seen = ""
        let stream = try LiveStreamTests.subscribe(b, "groceries/_live", seen: &seen)
        #expect(RawConnection.status(of: seen) == 200)
        #expect(await SharedDatabaseTests.Visitor().add("Tea", on: a) == 200)
        #expect(stream.receive(until: "\"inserted\":[\"tea\"]", seen: &seen, timeout: 10), "B's subscriber hears of A's commit")
        let update = try #require(LiveStreamTests.updates(in: seen).last)
        #expect(update["sections"] as? [[String]] == [["milk", "eggs", "bread", "butter", "tea"]])
        #expect(update["announcement"] as? String == "Tea added.")

        let data = folder.appendingPathComponent("more.json")
        try Data(#"{"groceries": [{"key": "jam", "name": "Jam", "quantity": 2}]}"#.utf8).write(to: data)
        let imported = try await SpawnedProcess.run(RunningServer.binary, ["import", "--db", database, data.path])
        #expect(imported.status == 0, "\(imported.errors)")
        #expect(stream.receive(until: "\"inserted\":[\"jam\"]", seen: &seen, timeout: 10), "B's subscriber hears of the import")
        #expect(LiveStreamTests.updates(in: seen).last?["sections"] as? [[String]] == [["milk", "eggs", "bread", "butter", "tea", "jam"]])
    }
}
