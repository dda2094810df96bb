import GRDB

/// SQLite runs the shared editors through GRDB, each statement prepared once per connection.
extension Database: SQLExecutor {
    package func run(_ sql: String, _ arguments: [any SQLBindable]) throws {
        try cachedStatement(sql: sql).execute(arguments: Self.statementArguments(arguments))
    }

    package func rows(_ sql: String, _ arguments: [any SQLBindable]) throws -> [SQLRow] {
        try Row.fetchAll(cachedStatement(sql: sql), arguments: Self.statementArguments(arguments)).map { row in
            SQLRow((0..<row.count).map { column in
                let value: DatabaseValue = row[column]
                switch value.storage {
                case let .int64(number): return .int(Int(number))
                case let .string(text): return .text(text)
                case let .double(number): return .int(Int(number))
                case .null, .blob: return .null
                }
            })
        }
    }

    private static func statementArguments(_ arguments: [any SQLBindable]) -> StatementArguments {
        StatementArguments(arguments.map { argument -> (any DatabaseValueConvertible)? in
            switch argument.sqlValue {
            case let .int(number): number
            case let .text(text): text
            case .null: nil
            }
        })
    }
}
