import Foundation
@testable import TableStorePostgres
import Testing

/// How `--db` reads a PostgreSQL address, and how statements are sent to PostgreSQL.
@Suite("PostgreSQL addresses and statements")
struct PostgresAddressTests {
    @Test("a URL gives host, port, user, password and database; PGPASSWORD stands in for a password left out")
    func parsing() throws {
        let full = try PostgresAddress(url: "postgresql://ann:s3cret@db.internal:6543/tables", environment: [:])
        #expect(full == PostgresAddress(host: "db.internal", port: 6543, user: "ann", password: "s3cret", database: "tables"))
        #expect(full.description == "postgresql://ann@db.internal:6543/tables", "no password in messages")
        let short = try PostgresAddress(url: "POSTGRES://ann@db/tables", environment: ["PGPASSWORD": "from-env"])
        #expect(short.port == 5432 && short.password == "from-env")
        #expect(PostgresAddress.isURL("PostgreSQL://x@y/z") && !PostgresAddress.isURL("data/postgres.sqlite"))
    }

    @Test("a bad URL is refused with a message that never repeats the password", arguments: [
        ("postgresql://ann:s3cret@/tables", "names no host"),
        ("postgresql://:s3cret@db/tables", "names no user"),
        ("postgresql://ann:s3cret@db/", "names no database"),
        ("postgresql://ann:s3cret@db/tables?sslmode=require", "not supported"),
    ])
    func refusals(url: String, message: String) {
        #expect {
            _ = try PostgresAddress(url: url, environment: [:])
        } throws: { error in
            let text = "\(error)"
            return text.contains(message) && !text.contains("s3cret") && text.contains("***")
        }
    }

    @Test("? placeholders become $1, $2 … outside quoted text")
    func placeholders() {
        #expect(PostgresSession.numberingPlaceholders("SELECT ? || '?' || ?, '' , ?") == "SELECT $1 || '?' || $2, '' , $3")
        #expect(PostgresSession.numberingPlaceholders("UPDATE t SET a = 'it''s ?' WHERE b = ?") == "UPDATE t SET a = 'it''s ?' WHERE b = $1")
    }
}
