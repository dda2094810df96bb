import Foundation
import Logging
import TableStore
@testable import TableStorePostgres
import Testing
import TestSupport

/// What a server's log says when PostgreSQL goes away and comes back.
@Suite("The change log's follower tells the log of an outage")
struct OutageLogTests {
    @Test("the first failure is written with its cause, a lasting outage again once a minute with its latest cause, its end once")
    func rules() {
        let lines = RecordedLines()
        let logger = Logger(label: "test") { _ in RecordingLogHandler(lines: lines) }
        var log = OutageLog()
        let start = ContinuousClock.now
        log.followed(logger: logger, now: start)
        #expect(lines.all.isEmpty, "following without an outage is not news")
        log.failed(StoreError.unavailable("57P01 terminating connection due to administrator command"), logger: logger, now: start)
        log.failed(StoreError.unavailable("Connection refused (errno: 111)"), logger: logger, now: start + .milliseconds(50))
        log.failed(StoreError.unavailable("57P03 the database system is starting up"), logger: logger, now: start + .seconds(2))
        log.failed(StoreError.unavailable("Connection refused (errno: 111)"), logger: logger, now: start + .seconds(59))
        #expect(lines.all == ["warning change log: lost the database (57P01 terminating connection due to administrator command); "
                              + "reconnecting, and reading revisions from the database meanwhile"], "a restart's changing causes are one outage")
        log.failed(StoreError.unavailable("Connection refused (errno: 111)"), logger: logger, now: start + .milliseconds(61_500))
        log.failed(StoreError.unavailable("Connection refused (errno: 111)"), logger: logger, now: start + .seconds(62))
        log.failed(StoreError.unavailable("57P03 the database system is starting up"), logger: logger, now: start + .milliseconds(121_600))
        log.followed(logger: logger, now: start + .milliseconds(123_250))
        log.followed(logger: logger, now: start + .seconds(124))
        #expect(Array(lines.all.dropFirst()) == [
            "warning change log: still without the database after 61.5 s (Connection refused (errno: 111)); reconnecting",
            "warning change log: still without the database after 121.6 s (57P03 the database system is starting up); reconnecting",
            "warning change log: following the database again after 123.2 s without it",
        ])
        log.failed(StoreError.database("42P01 relation \"changes\" does not exist"), logger: logger, now: start + .seconds(130))
        #expect(lines.all.last == "warning change log: lost the database (database error: 42P01 relation \"changes\" does not exist); "
                + "reconnecting, and reading revisions from the database meanwhile", "a new outage is told afresh")
    }

    @Test("a store whose PostgreSQL stops and starts again logs the connection's own cause, not PostgresNIO's generic text, and its return")
    func stoppedAndStarted() async throws {
        let cluster = try await PostgresCluster.dedicated()
        defer { try? cluster.stop() }
        let lines = RecordedLines()
        let logger = Logger(label: "test") { _ in RecordingLogHandler(lines: lines) }
        let store = try await PostgresStore(address: PostgresAddress(url: cluster.newDatabase()), readers: 1, logger: logger)
        try await cluster.stop()
        // The follower notices within moments; the waits are long for a run whose threads the
        // other tests' blocking calls can hold for seconds (CI failed once at ten).
        try await lines.wait(for: "lost the database", within: .seconds(60))
        try await Task.sleep(for: .seconds(3))  // several attempts to reconnect meanwhile
        try await cluster.start()
        try await lines.wait(for: "following the database again", within: .seconds(60))
        await store.close()
        let text = lines.all.joined(separator: "\n")
        #expect(lines.all.count == 2, "the outage and its end: \(text)")
        #expect(!text.contains("Generic description") && !text.contains("SingleConnectionFailure"), "\(text)")
        // Which cause comes first depends on what the follower was doing when the server went:
        // refused connections, the server's own termination, or a transaction cut between statements.
        #expect(text.contains("refused") || text.contains("57P01") || text.contains("the connection was lost during a transaction"),
                "the cause is the connection's own: \(text)")
    }
}
