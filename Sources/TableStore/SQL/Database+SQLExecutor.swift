import GRDB
import GRDBSQLite

/// SQLite runs the shared editors through GRDB's connection, each statement prepared once per
/// connection (GRDB's statement cache keeps it, and finalizes it when the connection closes).
///
/// The statement is bound, stepped and read with SQLite's own calls rather than through GRDB's
/// arguments, cursors and rows: for these few-column statements GRDB's layers cost as much as
/// SQLite's work (an edit runs about ten of them). That skips GRDB's bookkeeping around a
/// statement: its check that the transaction was not aborted (`GroupCommit.inSavepoint` makes
/// its own), its cancellation check, its schema and transaction-state tracking (so: row
/// statements and savepoints only, never DDL, BEGIN, COMMIT or ROLLBACK), and its dropping of a
/// failed statement from the cache (here a failed statement is reset and runs again).
extension Database: SQLExecutor {
    package func run(_ sql: String, _ arguments: [any SQLBindable]) throws {
        try step(sql, arguments) { _ in }
    }

    package func rows(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow] {
        var rows: [SQLRow] = []
        try step(sql, arguments) { statement in
            let count = sqlite3_column_count(statement)
            var values: [SQLValue] = []
            values.reserveCapacity(Int(count))
            for column in 0..<count { values.append(try value(of: statement, at: column, sql: sql)) }
            rows.append(SQLRow(values))
        }
        return rows
    }

    /// Binds `arguments` to the cached statement for `sql`, steps it to the end and hands each
    /// row to `row`; the statement is reset afterwards, also when a step fails, so that it holds
    /// no lock and runs again next time.
    private func step(_ sql: String, _ arguments: [any SQLBindable], row: (OpaquePointer) throws -> Void) throws {
        let statement = try cachedStatement(sql: sql).sqliteStatement
        defer { sqlite3_reset(statement) }
        // GRDB may have left the cached statement stepped (its own reads of the same SQL): start over.
        sqlite3_reset(statement)
        guard sqlite3_bind_parameter_count(statement) == Int32(arguments.count) else {
            throw DatabaseError(resultCode: .SQLITE_MISUSE,
                                message: "\(arguments.count) arguments for \(sqlite3_bind_parameter_count(statement)) parameters", sql: sql)
        }
        for (index, argument) in arguments.enumerated() {
            let code = Self.bind(argument.sqlValue, to: statement, at: Int32(index + 1))
            guard code == SQLITE_OK else { throw error(code, sql: sql) }
        }
        while true {
            let code = sqlite3_step(statement)
            switch code {
            case SQLITE_ROW: try row(statement)
            case SQLITE_DONE: return
            default: throw error(code, sql: sql)
            }
        }
    }

    /// The error of a call that returned `code` (GRDB turns on extended result codes).
    private func error(_ code: Int32, sql: String) -> DatabaseError {
        DatabaseError(resultCode: ResultCode(rawValue: code), message: lastErrorMessage, sql: sql)
    }

    private static func bind(_ value: SQLValue, to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch value {
        case let .int(number):
            return sqlite3_bind_int64(statement, index, Int64(number))
        case .null:
            return sqlite3_bind_null(statement, index)
        case var .text(text):
            // SQLite copies the bytes. An empty buffer may have no address, which would bind NULL.
            return text.withUTF8 { bytes in
                bytes.isEmpty ? sqlite3_bind_text(statement, index, "", 0, transient)
                    : sqlite3_bind_text(statement, index, bytes.baseAddress, Int32(bytes.count), transient)
            }
        }
    }

    /// SQLite's `SQLITE_TRANSIENT`, a macro Swift does not import: copy the bytes now.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    private func value(of statement: OpaquePointer, at column: Int32, sql: String) throws -> SQLValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER:
            return .int(Int(sqlite3_column_int64(statement, column)))
        case SQLITE_TEXT:
            // No pointer for a text value means SQLite ran out of memory converting it.
            guard let text = sqlite3_column_text(statement, column) else { throw error(SQLITE_NOMEM, sql: sql) }
            let count = Int(sqlite3_column_bytes(statement, column))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_FLOAT:
            // The store writes whole numbers only; a real number from elsewhere is read as the
            // whole number it holds, one out of a whole number's range as NULL.
            let number = sqlite3_column_double(statement, column)
            return number.magnitude < 9e18 ? .int(Int(number)) : .null
        default:
            return .null
        }
    }
}
