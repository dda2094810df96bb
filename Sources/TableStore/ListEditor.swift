import Foundation
import GRDB

/// Carries out one change on one list inside an open transaction, keeping positions 0 … n−1.
struct ListEditor {
    let db: Database
    let list: ListID

    private var parent: String { list.parent ?? "" }

    func apply(_ change: ListChange) throws {
        switch change {
        case let .insert(item, position):
            try insert(item, at: position)
        case let .delete(key):
            let position = try position(of: key)
            try delete(key)
            try db.execute(sql: "UPDATE items SET position = position - 1 WHERE parent = ? AND relationship = ? AND position > ?",
                           arguments: [parent, list.relationship, position])
        case let .move(key, destination):
            let source = try position(of: key)
            let count = try self.count()
            guard (0..<count).contains(destination) else {
                throw StoreError.positionOutOfRange(destination, count: count, list: list)
            }
            if source < destination {
                try shift(from: source + 1, through: destination, by: -1)
            } else if source > destination {
                try shift(from: destination, through: source - 1, by: 1)
            }
            try db.execute(sql: "UPDATE items SET position = ? WHERE key = ?", arguments: [destination, key])
        case let .update(key, attributes):
            _ = try position(of: key)
            var current = try AttributeCoding.decode(String.fetchOne(db, sql: "SELECT attributes FROM items WHERE key = ?", arguments: [key]) ?? "{}")
            current.merge(attributes) { _, new in new }
            try db.execute(sql: "UPDATE items SET attributes = ? WHERE key = ?", arguments: [try AttributeCoding.encode(current), key])
        case let .checkExclusively(attribute, key):
            _ = try position(of: key)
            let rows = try Row.fetchAll(db, sql: "SELECT key, attributes FROM items WHERE parent = ? AND relationship = ?",
                                        arguments: [parent, list.relationship])
            for row in rows {
                var attributes = try AttributeCoding.decode(row["attributes"])
                let itemKey: String = row["key"]
                let checked = AttributeValue.bool(itemKey == key)
                guard attributes[attribute] != checked else { continue }
                attributes[attribute] = checked
                try db.execute(sql: "UPDATE items SET attributes = ? WHERE key = ?", arguments: [try AttributeCoding.encode(attributes), itemKey])
            }
        case let .replaceAll(items):
            let keep = Set(items.map(\.key))
            let current = try String.fetchAll(db, sql: "SELECT key FROM items WHERE parent = ? AND relationship = ?",
                                              arguments: [parent, list.relationship])
            for key in current where !keep.contains(key) { try delete(key) }
            for (position, item) in items.enumerated() {
                guard ItemKey.isValid(item.key) else { throw StoreError.invalidKey(item.key) }
                if let owner = try Row.fetchOne(db, sql: "SELECT parent, relationship FROM items WHERE key = ?", arguments: [item.key]),
                   (owner["parent"] as String) != parent || (owner["relationship"] as String) != list.relationship {
                    throw StoreError.duplicateKey(item.key)
                }
                try db.execute(sql: """
                    INSERT INTO items (key, parent, relationship, position, attributes) VALUES (?, ?, ?, ?, ?)
                    ON CONFLICT(key) DO UPDATE SET position = excluded.position, attributes = excluded.attributes
                    """, arguments: [item.key, parent, list.relationship, position, try AttributeCoding.encode(item.attributes)])
            }
        }
    }

    func insert(_ item: StoredItem, at position: Int) throws {
        guard ItemKey.isValid(item.key) else { throw StoreError.invalidKey(item.key) }
        let count = try self.count()
        guard (0...count).contains(position) else { throw StoreError.positionOutOfRange(position, count: count, list: list) }
        // Make room, then put the item there; a key already in use is refused and, the change
        // being one transaction, the room made is rolled back with it.
        try db.execute(sql: "UPDATE items SET position = position + 1 WHERE parent = ? AND relationship = ? AND position >= ?",
                       arguments: [parent, list.relationship, position])
        try append(item, at: position)
    }

    /// Puts `item` at `position`, which the caller has left free: the end of the list (an import
    /// appends item after item, knowing the count, where counting the list for each one made
    /// loading 100,000 items take minutes) or the room `insert` made.
    func append(_ item: StoredItem, at position: Int) throws {
        guard ItemKey.isValid(item.key) else { throw StoreError.invalidKey(item.key) }
        guard try Int.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM items WHERE key = ?"), arguments: [item.key]) == nil else {
            throw StoreError.duplicateKey(item.key)
        }
        try db.cachedStatement(sql: "INSERT INTO items (key, parent, relationship, position, attributes) VALUES (?, ?, ?, ?, ?)")
            .execute(arguments: [item.key, parent, list.relationship, position, try AttributeCoding.encode(item.attributes)])
    }

    /// Deletes an item, every item below it at any depth, and their lists' revisions.
    private func delete(_ key: String) throws {
        let doomed = try String.fetchAll(db, sql: """
            WITH RECURSIVE doomed(key) AS (
                SELECT ? UNION ALL SELECT items.key FROM items JOIN doomed ON items.parent = doomed.key
            ) SELECT key FROM doomed
            """, arguments: [key])
        for key in doomed {
            try db.execute(sql: "DELETE FROM items WHERE key = ?", arguments: [key])
            try db.execute(sql: "DELETE FROM lists WHERE parent = ?", arguments: [key])
        }
    }

    private func position(of key: String) throws -> Int {
        guard let position = try Int.fetchOne(db, sql: "SELECT position FROM items WHERE key = ? AND parent = ? AND relationship = ?",
                                               arguments: [key, parent, list.relationship]) else {
            throw StoreError.itemNotFound(key: key, list: list)
        }
        return position
    }

    private func count() throws -> Int { try Self.count(of: list, in: db) }

    /// How many items `list` holds: its last position plus one, since every change keeps a list's
    /// positions 0 … n−1 (`SQLiteStore.integrityProblems` checks it). One index lookup, where
    /// `COUNT(*)` walks the list: 3 ms for 100,000 items, paid by every insert and every window.
    static func count(of list: ListID, in db: Database) throws -> Int {
        try Int.fetchOne(db.cachedStatement(sql: "SELECT COALESCE(MAX(position) + 1, 0) FROM items WHERE parent = ? AND relationship = ?"),
                         arguments: [list.parent ?? "", list.relationship]) ?? 0
    }

    private func shift(from lower: Int, through upper: Int, by offset: Int) throws {
        try db.execute(sql: "UPDATE items SET position = position + ? WHERE parent = ? AND relationship = ? AND position BETWEEN ? AND ?",
                       arguments: [offset, parent, list.relationship, lower, upper])
    }
}

/// Attributes are kept as a JSON object in one column.
enum AttributeCoding {
    static func encode(_ attributes: [String: AttributeValue]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(attributes), as: UTF8.self)
    }

    static func decode(_ text: String) throws -> [String: AttributeValue] {
        if let read = AttributeJSON.decode(text) { return read }
        return try JSONDecoder().decode([String: AttributeValue].self, from: Data(text.utf8))
    }
}
