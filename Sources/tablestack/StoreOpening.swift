import ArgumentParser
import Foundation
import TableStore
import TableStorePostgres

/// The database a command works on, from its `--db`: a SQLite file (a path, or `sqlite:PATH`)
/// or a PostgreSQL URL (`postgresql://user@host:port/name`).
enum StoreOpening {
    static let help = ArgumentHelp(
        "The database: a SQLite file (a path or sqlite:PATH) or postgresql://USER[:PASSWORD]@HOST[:PORT]/NAME.")

    /// Opens the database, creating or migrating its schema; a message and exit status 1 when it
    /// cannot be opened or reached. `readsOnce`: see `SQLiteStore.init`.
    static func open(_ db: String, durability: SQLiteStore.Durability = .full, readsOnce: Bool = false) async throws -> any DatabaseStore {
        try await CommandErrors.reporting {
            if PostgresAddress.isURL(db) {
                let address = try PostgresAddress(url: db)
                do {
                    return try await PostgresStore(address: address)
                } catch {
                    throw OpeningError(description: "cannot use \(address): \((error as? StoreError)?.detailedDescription ?? "\(error)")")
                }
            }
            return try SQLiteStore(path: sqlitePath(db), durability: durability, readsOnce: readsOnce)
        }
    }

    /// The database as messages name it (a PostgreSQL URL without its password).
    static func describe(_ db: String) -> String {
        guard PostgresAddress.isURL(db) else { return sqlitePath(db) }
        return (try? PostgresAddress(url: db).description) ?? db
    }

    private static func sqlitePath(_ db: String) -> String {
        db.hasPrefix("sqlite:") ? String(db.dropFirst("sqlite:".count)) : db
    }

    struct OpeningError: Error, CustomStringConvertible {
        var description: String
    }
}
