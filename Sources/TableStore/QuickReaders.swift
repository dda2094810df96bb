import Foundation
import GRDB

/// Read-only connections of their own for one-statement reads, run on the caller's thread.
///
/// GRDB's async reads hop to a reader's dispatch queue and back: for the revision check of a
/// cached page that hop cost more than serving the page (two context switches and about a third
/// of the CPU of a warm request). A point read here takes microseconds on the calling thread.
///
/// It never waits for another task: a connection is taken only when one is idle or may still be
/// opened, otherwise `read` answers `nil` and the caller reads the usual way. (Waiting for a
/// connection from a cooperative thread is what starved GRDB's blocking pool reads under load.)
/// Nor does it wait long for SQLite: in WAL mode a reader is kept waiting only while another
/// connection recovers or resets the log; after 50 ms of that it gives up and answers `nil` too.
final class QuickReaders: @unchecked Sendable {
    private let path: String
    private let configuration: Configuration
    private let limit: Int
    private let lock = NSLock()
    private var idle: [DatabaseQueue] = []
    private var opened = 0
    /// Set by `close`: no connection is opened, nor handed back to `idle`, after it (so `idle`
    /// stays empty, and none is taken from it either).
    private var isClosed = false

    init(path: String, limit: Int = max(4, 2 * ProcessInfo.processInfo.activeProcessorCount)) {
        self.path = path
        self.limit = limit
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(0.05)
        configuration.label = "tablestack.quick-read"
        self.configuration = configuration
    }

    /// The result of `body` run on an idle connection outside any transaction (so `body` must be
    /// one statement, which SQLite runs as a transaction of its own), or `nil` when every
    /// connection is in use or SQLite keeps readers out.
    func read<T>(_ body: (Database) throws -> T) throws -> T? {
        guard let queue = try take() else { return nil }
        defer { lock.withLock { if !isClosed { idle.append(queue) } } }
        do {
            return try queue.unsafeRead(body)
        } catch where Self.isBusy(error) {
            return nil
        }
    }

    /// Whether `error` says SQLite kept the connection out for now.
    private static func isBusy(_ error: any Error) -> Bool {
        guard let error = error as? DatabaseError else { return false }
        return error.resultCode == .SQLITE_BUSY || error.resultCode == .SQLITE_LOCKED
    }

    /// Closes the idle connections (all of them, once no read runs) and opens no more.
    func close() {
        let closing: [DatabaseQueue] = lock.withLock {
            isClosed = true
            defer { idle = [] }
            return idle
        }
        for queue in closing { try? queue.close() }
    }

    /// An idle connection, a new one while fewer than `limit` are open, or `nil`; never waits.
    private func take() throws -> DatabaseQueue? {
        let mayOpen: Bool = lock.withLock {
            if isClosed || !idle.isEmpty { return false }
            guard opened < limit else { return false }
            opened += 1
            return true
        }
        if !mayOpen { return lock.withLock { idle.popLast() } }
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            lock.withLock { opened -= 1 }
            if Self.isBusy(error) { return nil }
            throw error
        }
    }
}
