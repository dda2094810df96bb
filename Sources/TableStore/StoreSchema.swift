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
        return migrator
    }()
}
