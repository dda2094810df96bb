import GRDB
import Testing
@testable import TableStore

/// The statements the shared editors run on SQLite, bound and stepped with SQLite's own calls.
@Suite("SQLite statements of the shared editors")
struct SQLiteExecutorTests {
    /// A connection with one table whose key is unique.
    private func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE t (key TEXT PRIMARY KEY, note TEXT, number INTEGER, real REAL)")
        }
        return queue
    }

    @Test("text, whole numbers and NULL go in and come out as they were; an empty text is not NULL")
    func valuesRoundTrip() throws {
        try database().write { db in
            let insert = "INSERT INTO t (key, note, number) VALUES (?, ?, ?)"
            try db.run(insert, ["", "", 0])
            try db.run(insert, ["é/ü \"'", "line\nbreak", -9_007_199_254_740_993])
            try db.execute(sql: "INSERT INTO t (key, note, number) VALUES ('null', NULL, NULL)")
            let rows = try db.rows("SELECT key, note, number, note IS NULL FROM t ORDER BY key", [])
            #expect(rows.map(\.values) == [
                [.text(""), .text(""), .int(0), .int(0)],
                [.text("null"), .null, .null, .int(1)],
                [.text("é/ü \"'"), .text("line\nbreak"), .int(-9_007_199_254_740_993), .int(0)],
            ])
            #expect(try db.int("SELECT COUNT(*) FROM t WHERE note = ?", [""]) == 1, "an empty text binds as text, not NULL")
        }
    }

    @Test("a statement that failed runs again, and its error names SQLite's reason and the statement")
    func failedStatementRunsAgain() throws {
        try database().write { db in
            let insert = "INSERT INTO t (key, number) VALUES (?, ?)"
            try db.run(insert, ["a", 1])
            let error = #expect(throws: DatabaseError.self) { try db.run(insert, ["a", 2]) }
            #expect(error?.resultCode == .SQLITE_CONSTRAINT)
            #expect(error?.sql == insert)
            try db.run(insert, ["b", 2])
            #expect(try db.strings("SELECT key FROM t ORDER BY key", []) == ["a", "b"])
            // A row-returning statement that fails as it steps runs again too.
            let select = "SELECT key, json_extract(?, '$.n') FROM t ORDER BY key"
            #expect(throws: DatabaseError.self) { try db.rows(select, ["{not json"]) }
            #expect(try db.rows(select, [#"{"n": 7}"#]).map(\.values) == [[.text("a"), .int(7)], [.text("b"), .int(7)]])
        }
    }

    @Test("a statement given more or fewer arguments than it has places is refused before it runs")
    func argumentCount() throws {
        try database().write { db in
            #expect(throws: DatabaseError.self) { try db.run("INSERT INTO t (key) VALUES (?)", []) }
            #expect(throws: DatabaseError.self) { try db.run("INSERT INTO t (key) VALUES (?)", ["a", "b"]) }
            let count = try db.int("SELECT COUNT(*) FROM t")
            #expect(count == 0)
        }
    }

    @Test("a real number is read as the whole number it holds, one too large for a whole number as NULL")
    func realNumbers() throws {
        try database().write { db in
            try db.execute(sql: "INSERT INTO t (key, real) VALUES ('a', 2.75), ('b', 1e300)")
            #expect(try db.rows("SELECT real FROM t ORDER BY key", []).map(\.values) == [[.int(2)], [.null]])
        }
    }

    @Test("RETURNING hands back the rows a write changed")
    func returning() throws {
        try database().write { db in
            try db.run("INSERT INTO t (key, number) VALUES (?, ?)", ["a", 41])
            #expect(try db.int("UPDATE t SET number = number + 1 WHERE key = ? RETURNING number", ["a"]) == 42)
            #expect(try db.int("UPDATE t SET number = number + 1 WHERE key = ? RETURNING number", ["a"]) == 43, "the cached statement runs again")
        }
    }
}
