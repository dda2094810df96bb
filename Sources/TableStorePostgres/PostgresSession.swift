import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresNIO
import TableStore

/// One PostgreSQL connection, used synchronously on one thread at a time as GRDB uses a SQLite
/// connection, so that the store's editors run unchanged on both databases. Statements are
/// written with `?`; they are sent with PostgreSQL's `$1, $2 …` and typed binds. A lost
/// connection is opened again on the next use.
final class PostgresSession: SQLExecutor {
    let address: PostgresAddress
    private let logger: Logger
    private var connection: PostgresConnection?
    /// Inside BEGIN … COMMIT: a lost connection then fails the transaction instead of being
    /// replaced, which would run the rest of it outside any transaction.
    private var inTransaction = false
    /// Statements already rewritten for PostgreSQL, by their `?` form.
    private var rewritten: [String: String] = [:]

    init(address: PostgresAddress, logger: Logger) {
        self.address = address
        self.logger = logger
    }

    deinit {
        // Waiting would deadlock on an event loop; anywhere else the connection is closed whole.
        if MultiThreadedEventLoopGroup.currentEventLoop == nil {
            try? connection?.close().wait()
        } else {
            let closing: EventLoopFuture<Void>? = connection?.close()
            _ = closing
        }
    }

    func run(_ sql: String, _ arguments: [any SQLBindable]) throws {
        _ = try query(sql, arguments)
    }

    func rows(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow] {
        try query(sql, arguments).rows.map { row in
            try SQLRow(row.map { cell -> SQLValue in
                guard cell.bytes != nil else { return .null }
                switch cell.dataType {
                case .int2, .int4, .int8: return .int(try cell.decode(Int.self))
                default: return .text(try cell.decode(String.self))
                }
            })
        }
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    /// `readingOnly`: one snapshot for several reads (repeatable read), which can change nothing.
    func transaction<T>(readingOnly: Bool = false, _ body: (PostgresSession) throws -> T) throws -> T {
        try run(readingOnly ? "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY" : "BEGIN", [])
        inTransaction = true
        defer { inTransaction = false }
        let value: T
        do {
            value = try body(self)
        } catch {
            // A broken connection rolls back by itself; the error that matters is the first.
            do { try run("ROLLBACK", []) } catch { close() }
            throw error
        }
        do {
            let result = try query("COMMIT", [])
            // PostgreSQL answers COMMIT with ROLLBACK when the transaction had already failed.
            guard result.metadata.command == "COMMIT" else { throw StoreError.database("the transaction was rolled back") }
        } catch StoreError.unavailable(let detail) {
            // The connection broke after COMMIT was sent: PostgreSQL may have made the change,
            // unless the transaction could make none (a page's reads, which are simply refused).
            close()
            throw readingOnly ? StoreError.unavailable(detail) : StoreError.outcomeUnknown(detail)
        }
        return value
    }

    /// Closes the connection (the next use opens another).
    func close() {
        try? connection?.close().wait()
        connection = nil
    }

    private func query(_ sql: String, _ arguments: [any SQLBindable]) throws -> PostgresQueryResult {
        let connection = try open()
        var binds = PostgresBindings(capacity: arguments.count)
        for argument in arguments {
            switch argument.sqlValue {
            case let .int(number): binds.append(number)
            case let .text(text): binds.append(text)
            case .null: binds.appendNull()
            }
        }
        let text = rewritten[sql] ?? Self.numberingPlaceholders(sql)
        rewritten[sql] = text
        // A server that vanished without closing the connection (a cut network) would leave
        // the wait without end, and with it a request and a graceful shutdown: give up after
        // `answerTimeout` and drop the connection. A query sent as the server shut down can be
        // left unanswered on a connection already closed (seen once under load, with every
        // request queued behind it waiting the whole 30 s): the wait looks every second.
        let answer = connection.eventLoop.makePromise(of: PostgresQueryResult.self)
        connection.query(PostgresQuery(unsafeSQL: text, binds: binds), logger: logger).cascade(to: answer)
        let deadline = NIODeadline.now() + Self.answerTimeout
        let watch = connection.eventLoop.scheduleRepeatedTask(initialDelay: Self.closedCheck, delay: Self.closedCheck) { _ in
            if connection.isClosed {
                answer.fail(StoreError.unavailable("the connection closed before the answer came"))
            } else if NIODeadline.now() >= deadline {
                answer.fail(StoreError.unavailable("no answer within \(Self.answerTimeout)"))
            }
        }
        defer { watch.cancel() }
        do {
            return try answer.futureResult.wait()
        } catch {
            if connection.isClosed || (error as? StoreError) != nil {
                self.connection = nil
                let closing: EventLoopFuture<Void> = connection.close()
                _ = closing
            }
            throw PostgresErrors.storeError(error)
        }
    }

    private func open() throws -> PostgresConnection {
        if let connection, !connection.isClosed { return connection }
        connection = nil
        guard !inTransaction else { throw StoreError.unavailable("the connection was lost during a transaction") }
        do {
            let opened = try PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.next(), configuration: address.configuration,
                                                        id: 1, logger: logger).wait()
            connection = opened
            return opened
        } catch {
            throw PostgresErrors.storeError(error)
        }
    }

    /// How long a statement may go unanswered before the connection is given up.
    static let answerTimeout = TimeAmount.seconds(30)
    /// How often a statement's wait looks whether its connection has closed.
    static let closedCheck = TimeAmount.seconds(1)

    /// `?` placeholders as `$1, $2 …`, leaving quoted text alone.
    static func numberingPlaceholders(_ sql: String) -> String {
        var result = ""
        var number = 0
        var quoted = false
        for character in sql {
            if character == "'" { quoted.toggle() }
            if character == "?", !quoted {
                number += 1
                result += "$\(number)"
            } else {
                result.append(character)
            }
        }
        return result
    }
}

/// PostgreSQL's errors as the store's: an unreachable or restarting server is `unavailable`
/// (the request may be tried again), anything the server refused is a database error.
enum PostgresErrors {
    static func storeError(_ error: any Error) -> any Error {
        if error is StoreError { return error }
        guard let psql = error as? PSQLError else { return StoreError.unavailable("\(error)") }
        guard let info = psql.serverInfo else {
            return StoreError.unavailable(connectionFailure(psql))
        }
        let state = info[.sqlState] ?? ""
        let message = info[.message] ?? String(describing: psql.code)
        // 08: connection exceptions, 57: shutdown or recovery, 53: out of resources.
        if ["08", "57", "53"].contains(String(state.prefix(2))) { return StoreError.unavailable("\(state) \(message)") }
        return StoreError.database("\(state) \(message)")
    }

    /// What went wrong, for the log: the connection's or the server's own words (the store's
    /// error for pages says less).
    static func cause(of error: any Error) -> String {
        let error = storeError(error)
        return (error as? StoreError)?.reason ?? "\(error)"
    }
}
