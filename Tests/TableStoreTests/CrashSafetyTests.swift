import Testing
import TestSupport
import Foundation
import TableStore

/// The built `tablestack` binary, next to the test bundle (or named by TABLESTACK_BINARY).
enum Binaries {
    static var tablestack: String {
        if let path = ProcessInfo.processInfo.environment["TABLESTACK_BINARY"] { return path }
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        return bundle.appendingPathComponent("tablestack").path
    }
}

@Suite("Crash safety")
struct CrashSafetyTests {
    @Test("the connection that commits syncs as asked: FULL by default (each commit reaches the disk), NORMAL when asked, and after writes too")
    func durabilityInEffect() async throws {
        for (durability, expected) in [(SQLiteStore.Durability.full, 2), (.normal, 1)] {
            let temporary = try await TemporaryStore(durability: durability)
            defer { temporary.remove() }
            let store = try #require(temporary.store as? SQLiteStore)
            #expect(try await store.committingSynchronousMode() == expected)
            try await store.apply([.insert(StoredItem(key: "a", attributes: [:]), at: 0)], to: .root("things"), basedOn: nil)
            #expect(try await store.committingSynchronousMode() == expected)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-default-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await SQLiteStore(path: folder.appendingPathComponent("d.sqlite").path).committingSynchronousMode() == 2)
    }

    @Test("a writer killed with SIGKILL mid-write loses no acknowledged change and leaves the database consistent",
          arguments: StoreKind.allCases)
    func killedWriter(kind: StoreKind) async throws {
        let temporary = try await TemporaryStore(kind)
        defer { temporary.remove() }
        #expect(FileManager.default.isExecutableFile(atPath: Binaries.tablestack), "build the tablestack binary first (swift build)")

        let process = try SpawnedProcess(executable: Binaries.tablestack,
                                         arguments: ["stress-write", "--db", temporary.location, "--count", "100000"],
                                         standardError: .inherited)

        // Read acknowledgements until a few hundred writes are committed, then kill mid-stream.
        var acknowledged: [String] = []
        var buffer = Data()
        while acknowledged.count < 300 {
            let chunk = process.readOutput()
            if chunk.isEmpty { break }
            buffer.append(chunk)
            while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer.removeSubrange(buffer.startIndex...newline)
                if line.hasPrefix("ack ") { acknowledged.append(String(line.dropFirst(4))) }
            }
        }
        process.kill()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(acknowledged.count >= 300)
        // What the writer acknowledged between the last read and the kill counts too: each was
        // committed before it was printed. A line cut short may still be one.
        let rest = String(decoding: buffer, as: UTF8.self) + process.collect(within: 10).output
        let lines = rest.split(separator: "\n", omittingEmptySubsequences: false)
        acknowledged += lines.dropLast().filter { $0.hasPrefix("ack ") }.map { String($0.dropFirst(4)) }
        let cutShort = lines.last.map { !$0.isEmpty } ?? false

        // Reopen: every acknowledged item is there, positions are 0…n−1, the revision counts the commits.
        let reopened = try await temporary.another()
        #expect(try await reopened.integrityProblems() == [])
        let list = try await reopened.list(.root("stress"))
        let keys = Set(list.items.map(\.key))
        #expect(acknowledged.allSatisfy(keys.contains), "every acknowledged write survived")
        #expect(list.items.count == keys.count, "no duplicated item")
        #expect(list.revision == list.items.count, "one revision per committed write")
        #expect(list.items.count <= acknowledged.count + (cutShort ? 2 : 1), "at most the one unacknowledged write in flight")
        // The database can still be written after the crash.
        try await reopened.apply([.delete(key: acknowledged[0])], to: .root("stress"), basedOn: list.revision)
    }
}
