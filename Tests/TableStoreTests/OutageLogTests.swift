import Foundation
import Logging
import TableStore
@testable import TableStorePostgres
import Testing
import TestSupport

/// What a server's log says when PostgreSQL goes away and comes back.
@Suite("The change log's follower tells the log of an outage")
struct OutageLogTests {
    @Test("the first failure is written with its cause; the same cause again only after a minute, a new one at once; the end once")
    func rules() {
        let lines = RecordedLines()
        let logger = Logger(label: "test") { _ in RecordingLogHandler(lines: lines) }
        var log = OutageLog()
        let start = ContinuousClock.now
        log.followed(logger: logger, now: start)
        #expect(lines.all.isEmpty, "following without an outage is not news")
        log.failed(StoreError.unavailable("Connection refused (errno: 111)"), logger: logger, now: start)
        log.failed(StoreError.unavailable("Connection refused (errno: 111)"), logger: logger, now: start + .seconds(2))
        log.failed(StoreError.unavailable("Connection refused (errno: 111)"), logger: logger, now: start + .seconds(59))
        #expect(lines.all == ["warning change log: lost the database (Connection refused (errno: 111)); reconnecting, and reading revisions from the database meanwhile"])
        log.failed(StoreError.unavailable("Connection refused (errno: 111)"), logger: logger, now: start + .milliseconds(61_500))
        log.failed(StoreError.unavailable("57P03 the database system is starting up"), logger: logger, now: start + .seconds(62))
        log.followed(logger: logger, now: start + .milliseconds(63_250))
        log.followed(logger: logger, now: start + .seconds(64))
        #expect(Array(lines.all.dropFirst()) == [
            "warning change log: still without the database after 61.5 s (Connection refused (errno: 111)); reconnecting",
            "warning change log: still without the database after 62.0 s (57P03 the database system is starting up); reconnecting",
            "warning change log: following the database again after 63.2 s without it",
        ])
        log.failed(StoreError.database("42P01 relation \"changes\" does not exist"), logger: logger, now: start + .seconds(70))
        #expect(lines.all.last == "warning change log: lost the database (database error: 42P01 relation \"changes\" does not exist); reconnecting, and reading revisions from the database meanwhile",
                "a new outage is told afresh")
    }

    @Test("a store whose PostgreSQL stops and starts again logs the connection's own cause, not PostgresNIO's generic text, and its return")
    func stoppedAndStarted() async throws {
        let cluster = try PostgresCluster.dedicated()
        defer { try? cluster.stop() }
        let lines = RecordedLines()
        let logger = Logger(label: "test") { _ in RecordingLogHandler(lines: lines) }
        let store = try await PostgresStore(address: PostgresAddress(url: cluster.newDatabase()), readers: 1, logger: logger)
        try cluster.stop()
        try await lines.wait(for: "lost the database", within: .seconds(10))
        try await Task.sleep(for: .seconds(3))  // several attempts to reconnect meanwhile
        try cluster.start()
        try await lines.wait(for: "following the database again", within: .seconds(15))
        await store.close()
        let text = lines.all.joined(separator: "\n")
        #expect(lines.all.filter { $0.contains("lost the database") }.count == 1, "\(text)")
        #expect(!text.contains("Generic description"), "\(text)")
        #expect(text.contains("refused") || text.contains("57P01"), "the cause is the connection's own: \(text)")
    }
}

/// Log lines as `level message`, kept for a test to read.
final class RecordedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] { lock.withLock { lines } }

    func append(_ line: String) { lock.withLock { lines.append(line) } }

    /// Waits until a line holds `text`; throws when none does within `timeout`.
    func wait(for text: String, within timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while !all.contains(where: { $0.contains(text) }) {
            guard ContinuousClock.now < deadline else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no log line with \"\(text)\" in \(all)"])
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

struct RecordingLogHandler: LogHandler {
    let lines: RecordedLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info  // a server's default level

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append("\(event.level) \(event.message)")
    }
}
