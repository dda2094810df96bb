import GRDB

/// The database schema, in numbered migrations. `PRAGMA user_version` holds the number of the
/// last one applied, so any tool can tell which schema a file has.
enum StoreSchema {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("1: items in ordered lists, lists with revisions") { db in
            try db.execute(sql: """
                CREATE TABLE lists (
                    parent TEXT NOT NULL,            -- '' for a root list
                    relationship TEXT NOT NULL,
                    revision INTEGER NOT NULL DEFAULT 0,
                    PRIMARY KEY (parent, relationship)
                );
                CREATE TABLE items (
                    key TEXT PRIMARY KEY NOT NULL,
                    parent TEXT NOT NULL,
                    relationship TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    attributes TEXT NOT NULL DEFAULT '{}'
                );
                CREATE INDEX items_by_list ON items (parent, relationship, position);
                PRAGMA user_version = 1;
                """)
        }
        migrator.registerMigration("2: keys unique per list, items known by their path, when each last changed") { db in
            // Version 1 kept keys unique in the whole store and named a child list's owner by its
            // key alone; now a key is unique in its list, and an owner is named by its path from
            // a root list (ListID.itemIdentity), computed here from the old, unique keys.
            try db.execute(sql: """
                CREATE TEMP TABLE identity AS
                    WITH RECURSIVE path(key, identity) AS (
                        SELECT key, relationship || '/' || key FROM items WHERE parent = ''
                        UNION ALL
                        SELECT items.key, path.identity || '/' || items.relationship || '/' || items.key
                        FROM items JOIN path ON items.parent = path.key
                    ) SELECT key, identity FROM path;
                CREATE UNIQUE INDEX temp.identity_by_key ON identity (key);
                CREATE TABLE items_v2 (
                    parent TEXT NOT NULL,            -- the owner's identity, '' in a root list
                    relationship TEXT NOT NULL,
                    key TEXT NOT NULL,
                    position INTEGER NOT NULL,
                    attributes TEXT NOT NULL DEFAULT '{}',
                    changed INTEGER NOT NULL DEFAULT 0,  -- the list's revision when its attributes last changed
                    PRIMARY KEY (parent, relationship, key)
                ) WITHOUT ROWID;
                INSERT INTO items_v2 (parent, relationship, key, position, attributes)
                    SELECT '', relationship, key, position, attributes FROM items WHERE parent = ''
                    UNION ALL
                    SELECT identity.identity, items.relationship, items.key, items.position, items.attributes
                    FROM items JOIN identity ON identity.key = items.parent;
                DROP TABLE items;
                ALTER TABLE items_v2 RENAME TO items;
                CREATE INDEX items_by_list ON items (parent, relationship, position);
                UPDATE lists SET parent = (SELECT identity FROM identity WHERE identity.key = lists.parent) WHERE parent <> '';
                DELETE FROM lists WHERE parent IS NULL;
                DROP TABLE identity;
                PRAGMA user_version = 2;
                """)
        }
        migrator.registerMigration("3: the change log, and a version table as PostgreSQL has") { db in
            try db.execute(sql: """
                CREATE TABLE feed (sequence INTEGER NOT NULL);  -- the last commit's number
                INSERT INTO feed (sequence) VALUES (0);
                CREATE TABLE changes (
                    sequence INTEGER NOT NULL,
                    parent TEXT NOT NULL,             -- '' with relationship '' for a commit of no list
                    relationship TEXT NOT NULL,
                    revision INTEGER NOT NULL,        -- the list's revision after the commit
                    summary TEXT NOT NULL,            -- keys inserted, deleted, moved, reloaded (JSON)
                    at INTEGER NOT NULL,              -- seconds since 1970, for trimming
                    PRIMARY KEY (sequence, parent, relationship)
                ) WITHOUT ROWID;
                CREATE INDEX changes_by_time ON changes (at);
                CREATE TABLE schema_version (version INTEGER NOT NULL);
                INSERT INTO schema_version (version) VALUES (3);
                PRAGMA user_version = 3;
                """)
        }
        return migrator
    }()

    /// The schema version the last migration leaves (`PRAGMA user_version` and `schema_version`):
    /// one a migration, numbered in order.
    static var current: Int { migrator.migrations.count }

    /// Refuses a database a newer tablestack made or migrated: this one would read and write it
    /// by rules it no longer follows.
    static func refuseNewer(in pool: DatabasePool) throws {
        try pool.read { db in
            let pragma = try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0
            let table = try db.tableExists("schema_version") ? try Int.fetchOne(db, sql: "SELECT MAX(version) FROM schema_version") ?? 0 : 0
            let version = max(pragma, table)
            if version > current { throw SchemaTooNew(version: version) }
            if try migrator.hasBeenSuperseded(db) { throw SchemaTooNew(version: nil) }
        }
    }

    struct SchemaTooNew: Error, CustomStringConvertible {
        /// The newer version, when the database says one; `nil` for migrations this one lacks.
        var version: Int?
        var description: String {
            (version.map { "the database has schema version \($0), newer than this tablestack knows (\(StoreSchema.current))" }
                ?? "the database holds schema migrations this tablestack does not know") + ": upgrade tablestack"
        }
    }
}
