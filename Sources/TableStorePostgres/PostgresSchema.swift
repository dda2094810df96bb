import TableStore

/// The PostgreSQL schema, numbered as SQLite's (`StoreSchema`): version 3 is the layout both
/// stores share, with the change log. `schema_version` holds the number; a server that starts
/// brings the database up to date under a lock, so several starting at once migrate it once.
enum PostgresSchema {
    static let current = 3

    /// Statements that take an empty database to each version, in order.
    static let migrations: [(version: Int, statements: [String])] = [
        (3, [
            // "C" collation: keys and owners compare byte by byte, as in SQLite, so that one
            // range of the index holds everything below an item (see ListEditor.delete).
            """
            CREATE TABLE lists (
                parent TEXT COLLATE "C" NOT NULL,
                relationship TEXT COLLATE "C" NOT NULL,
                revision BIGINT NOT NULL DEFAULT 0,
                PRIMARY KEY (parent, relationship)
            )
            """,
            """
            CREATE TABLE items (
                parent TEXT COLLATE "C" NOT NULL,
                relationship TEXT COLLATE "C" NOT NULL,
                key TEXT COLLATE "C" NOT NULL,
                position INTEGER NOT NULL,
                attributes TEXT NOT NULL DEFAULT '{}',
                changed BIGINT NOT NULL DEFAULT 0,
                PRIMARY KEY (parent, relationship, key)
            )
            """,
            "CREATE INDEX items_by_list ON items (parent, relationship, position)",
            "CREATE TABLE feed (sequence BIGINT NOT NULL)",
            "INSERT INTO feed (sequence) VALUES (0)",
            """
            CREATE TABLE changes (
                sequence BIGINT NOT NULL,
                parent TEXT COLLATE "C" NOT NULL,
                relationship TEXT COLLATE "C" NOT NULL,
                revision BIGINT NOT NULL,
                summary TEXT NOT NULL,
                at BIGINT NOT NULL,
                PRIMARY KEY (sequence, parent, relationship)
            )
            """,
            "CREATE INDEX changes_by_time ON changes (at)",
        ]),
    ]

    /// Brings the database to the current version; returns the version it is at.
    static func migrate(_ session: PostgresSession) throws -> Int {
        try session.transaction { db in
            // One migrating server at a time; the others wait here, then find nothing to do.
            try db.run("SELECT pg_advisory_xact_lock(7412359)", [])
            try db.run("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)", [])
            var version = try db.int("SELECT MAX(version) FROM schema_version") ?? 0
            guard version <= current else {
                throw SchemaTooNew(version: version)
            }
            for migration in migrations where migration.version > version {
                for statement in migration.statements { try db.run(statement, []) }
                try db.run("INSERT INTO schema_version (version) VALUES (?)", [migration.version])
                version = migration.version
            }
            return version
        }
    }

    struct SchemaTooNew: Error, CustomStringConvertible {
        var version: Int
        var description: String {
            "the database has schema version \(version), newer than this tablestack knows (\(PostgresSchema.current)): upgrade tablestack"
        }
    }
}
