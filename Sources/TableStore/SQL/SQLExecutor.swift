/// The few SQL operations the store's editors need, so that one editor serves SQLite and
/// PostgreSQL alike. Statements use `?` for their arguments and only SQL both databases speak:
/// `ON CONFLICT … DO NOTHING/UPDATE`, `||`, `substr`, `length`, `COALESCE`, `RETURNING`.
package protocol SQLExecutor {
    /// Runs a statement that returns no rows.
    func run(_ sql: String, _ arguments: [any SQLBindable]) throws
    /// Runs a statement and returns its rows, each a list of column values in select order.
    func rows(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow]
}

/// A value a statement takes or returns.
package enum SQLValue: Sendable, Hashable {
    case int(Int)
    case text(String)
    case null
}

/// What can stand for a `?` in a statement.
package protocol SQLBindable {
    var sqlValue: SQLValue { get }
}

extension String: SQLBindable {
    package var sqlValue: SQLValue { .text(self) }
}

extension Int: SQLBindable {
    package var sqlValue: SQLValue { .int(self) }
}

/// One row of a result, its columns in select order.
package struct SQLRow: Sendable {
    package var values: [SQLValue]

    package init(_ values: [SQLValue]) { self.values = values }

    package func int(_ column: Int) throws -> Int {
        guard case let .int(value) = values[column] else { throw StoreError.database("column \(column) is \(values[column]), not a whole number") }
        return value
    }

    package func string(_ column: Int) throws -> String {
        guard case let .text(value) = values[column] else { throw StoreError.database("column \(column) is \(values[column]), not text") }
        return value
    }
}

extension SQLExecutor {
    /// The first column of the first row, when it is a whole number.
    package func int(_ sql: String, _ arguments: [any SQLBindable] = []) throws -> Int? {
        guard let row = try rows(sql, arguments).first, case let .int(value) = row.values[0] else { return nil }
        return value
    }

    /// The first column of the first row, when it is text.
    package func string(_ sql: String, _ arguments: [any SQLBindable] = []) throws -> String? {
        guard let row = try rows(sql, arguments).first, case let .text(value) = row.values[0] else { return nil }
        return value
    }

    /// The first column of every row.
    package func strings(_ sql: String, _ arguments: [any SQLBindable] = []) throws -> [String] {
        try rows(sql, arguments).map { try $0.string(0) }
    }
}
