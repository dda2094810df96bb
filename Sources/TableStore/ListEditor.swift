import Foundation

/// Carries out one change on one list inside an open transaction, keeping positions 0 … n−1.
/// Items whose attributes a change sets are marked with `revision`, the list's new revision, so
/// a later change can tell whether an item changed since a page showed it.
package struct ListEditor {
    let db: any SQLExecutor
    let list: ListID
    /// The change log's number for the commit the change is made in.
    let sequence: Int
    /// The revision the list is at once the change is made.
    var revision = 0
    /// Where what the change does is noted for the change feed.
    var recorder: ChangeRecorder?

    private var parent: String { list.parent ?? "" }

    func apply(_ change: ListChange) throws {
        switch change {
        case let .insert(item, position):
            try insert(item, at: position)
            note { $0.inserted.append(item.key) }
        case let .insertAfter(item, key):
            try insert(item, at: try key.map { try position(of: $0) + 1 } ?? count())
            note { $0.inserted.append(item.key) }
        case let .delete(key):
            try delete(key)
            note { $0.deleted.append(key) }
        case let .deleteUnchanged(key, since):
            try checkUnchanged(key, since: since)
            try delete(key)
            note { $0.deleted.append(key) }
        case let .move(key, destination):
            try move(key, to: destination)
            note { $0.moved.append(key) }
        case let .update(key, attributes):
            var current = try self.attributes(of: key)
            current.merge(attributes) { _, new in new }
            try write(current, to: key)
            note { $0.reloaded.append(key) }
        case let .updateIfUnchanged(key, expected, attributes, since):
            if let since { try checkUnchanged(key, since: since) }
            var current = try self.attributes(of: key)
            let moved = expected.filter { current[$0.key] != $0.value }
            guard moved.isEmpty else {
                throw StoreError.attributesChanged(key: key, list: list, current: Dictionary(uniqueKeysWithValues: moved.keys.map { ($0, current[$0]) }))
            }
            current.merge(attributes) { _, new in new }
            try write(current, to: key)
            note { $0.reloaded.append(key) }
        case let .checkExclusively(attribute, key):
            _ = try position(of: key)
            let rows = try db.rows("SELECT key, attributes FROM items WHERE parent = ? AND relationship = ?", [parent, list.relationship])
            for row in rows {
                let itemKey = try row.string(0)
                var attributes = try AttributeCoding.decode(try row.string(1))
                let checked = AttributeValue.bool(itemKey == key)
                guard attributes[attribute] != checked else { continue }
                attributes[attribute] = checked
                try write(attributes, to: itemKey)
                note { $0.reloaded.append(itemKey) }
            }
        case let .moveIn(key, source, position, newKey):
            try moveIn(key, from: source, at: position, as: newKey ?? key)
            note { $0.inserted.append(newKey ?? key) }
        case let .replaceAll(items):
            let keep = Set(items.map(\.key))
            guard keep.count == items.count else {
                throw StoreError.duplicateKey(Dictionary(grouping: items.map(\.key), by: { $0 }).first { $0.value.count > 1 }?.key ?? "")
            }
            let current = try db.strings("SELECT key FROM items WHERE parent = ? AND relationship = ?", [parent, list.relationship])
            for key in current where !keep.contains(key) { try delete(key, closingGap: false) }
            for (position, item) in items.enumerated() {
                guard ItemKey.isValid(item.key) || (ItemKey.isWellFormed(item.key) && current.contains(item.key)) else {
                    throw StoreError.invalidKey(item.key)
                }
                try db.run("""
                    INSERT INTO items (parent, relationship, key, position, attributes, changed) VALUES (?, ?, ?, ?, ?, ?)
                    ON CONFLICT(parent, relationship, key) DO UPDATE SET position = excluded.position, attributes = excluded.attributes,
                        changed = CASE WHEN items.attributes = excluded.attributes THEN items.changed ELSE excluded.changed END
                    """, [parent, list.relationship, item.key, position, try AttributeCoding.encode(item.attributes), revision])
            }
            note { $0.reset = true }
        }
    }

    /// Throws `StoreError.itemChanged` when the item `key` changed after the list's revision
    /// `since` (`itemNotFound` when it is gone), and `revisionAhead` when the list never had
    /// that revision: against a revision ahead of the list every item would pass as unchanged.
    private func checkUnchanged(_ key: String, since: Int) throws {
        // `revision` is the one this change moves the list to: the list stands one below it.
        guard since < revision else { throw StoreError.revisionAhead(list: list, shown: since, current: revision - 1) }
        guard let changed = try db.int("SELECT changed FROM items WHERE parent = ? AND relationship = ? AND key = ?", [parent, list.relationship, key]) else {
            throw StoreError.itemNotFound(key: key, list: list)
        }
        guard changed <= since else { throw StoreError.itemChanged(key: key, list: list) }
    }

    /// Notes, for the change feed, what the change did to this list.
    private func note(_ edit: (inout ListChangeRecord) -> Void) {
        recorder?.note(list, edit)
    }

    /// Moves `key` to `destination`: the rows between move up or down by one and the item takes
    /// its place, in one statement over the range the move spans.
    private func move(_ key: String, to destination: Int) throws {
        let (source, count) = try positionAndCount(of: key)
        guard (0..<count).contains(destination) else {
            throw StoreError.positionOutOfRange(destination, count: count, list: list)
        }
        guard source != destination else { return }
        try db.run("""
            UPDATE items SET position = CASE WHEN key = ? THEN ? ELSE position + ? END
            WHERE parent = ? AND relationship = ? AND position BETWEEN ? AND ?
            """, [key, destination, source < destination ? -1 : 1, parent, list.relationship, min(source, destination), max(source, destination)])
    }

    /// Takes the item `key` out of `source` (closing its gap) and puts it at `position` here as
    /// `newKey`, with everything below it: their owners' identities start with the item's, so
    /// one range of the index is renamed (see `delete`).
    private func moveIn(_ key: String, from source: ListID, at position: Int, as newKey: String) throws {
        guard source != list else { throw StoreError.database("an item cannot be moved into its own list; use move") }
        let origin = ListEditor(db: db, list: source, sequence: sequence, revision: revision)
        recorder?.note(source) { $0.deleted.append(key) }
        let oldPosition = try origin.position(of: key)
        let attributes = try origin.attributes(of: key)
        let count = try self.count()
        guard (0...count).contains(position) else { throw StoreError.positionOutOfRange(position, count: count, list: list) }
        try db.run("DELETE FROM items WHERE parent = ? AND relationship = ? AND key = ?", [source.parent ?? "", source.relationship, key])
        try db.run("UPDATE items SET position = position - 1 WHERE parent = ? AND relationship = ? AND position > ?", [source.parent ?? "", source.relationship, oldPosition])
        try insert(StoredItem(key: newKey, attributes: attributes), at: position)
        let oldIdentity = source.itemIdentity(key)
        let newIdentity = list.itemIdentity(newKey)
        let below = "WHERE parent = ? OR (parent >= ? AND parent < ?)"
        try db.run("UPDATE items SET parent = ? || substr(parent, length(?) + 1) \(below)", [newIdentity, oldIdentity, oldIdentity, oldIdentity + "/", oldIdentity + "0"])
        // The lists it takes along start again in their new places as new lists do: at a revision
        // above any a list there had before (one deleted there may have had a higher number, and a
        // cache or a page elsewhere may still hold it).
        try db.run("UPDATE lists SET parent = ? || substr(parent, length(?) + 1), revision = ? \(below)",
                   [newIdentity, oldIdentity, StoreWrites.firstRevision(at: sequence), oldIdentity, oldIdentity + "/", oldIdentity + "0"])
    }

    func insert(_ item: StoredItem, at position: Int) throws {
        guard ItemKey.isValid(item.key) else { throw StoreError.invalidKey(item.key) }
        let count = try self.count()
        guard (0...count).contains(position) else { throw StoreError.positionOutOfRange(position, count: count, list: list) }
        // Make room (none to make at the end), then put the item there; a key already in use is
        // refused and, the change being one transaction, the room made is rolled back with it.
        if position < count {
            try db.run("UPDATE items SET position = position + 1 WHERE parent = ? AND relationship = ? AND position >= ?", [parent, list.relationship, position])
        }
        try append(item, at: position)
    }

    /// Puts `item` at `position`, which the caller has left free: the end of the list (an import
    /// appends item after item, knowing the count, where counting the list for each one made
    /// loading 100,000 items take minutes) or the room `insert` made.
    func append(_ item: StoredItem, at position: Int) throws {
        guard ItemKey.isValid(item.key) else { throw StoreError.invalidKey(item.key) }
        guard try db.int("SELECT 1 FROM items WHERE parent = ? AND relationship = ? AND key = ?", [parent, list.relationship, item.key]) == nil else {
            throw StoreError.duplicateKey(item.key)
        }
        try db.run("INSERT INTO items (parent, relationship, key, position, attributes, changed) VALUES (?, ?, ?, ?, ?, ?)", [parent, list.relationship, item.key, position, try AttributeCoding.encode(item.attributes), revision])
    }

    /// Deletes an item, every item below it at any depth and their lists' revisions, and closes
    /// the gap it leaves (unless the caller rewrites every position anyway).
    private func delete(_ key: String, closingGap: Bool = true) throws {
        let position = try position(of: key)
        try db.run("DELETE FROM items WHERE parent = ? AND relationship = ? AND key = ?", [parent, list.relationship, key])
        // Everything below the item names an owner whose identity is the item's, or starts with
        // it and a slash: one range of the index ('0' is the byte after '/').
        let identity = list.itemIdentity(key)
        for table in ["items", "lists"] {
            try db.run("DELETE FROM \(table) WHERE parent = ? OR (parent >= ? AND parent < ?)", [identity, identity + "/", identity + "0"])
        }
        if closingGap {
            try db.run("UPDATE items SET position = position - 1 WHERE parent = ? AND relationship = ? AND position > ?", [parent, list.relationship, position])
        }
    }

    func attributes(of key: String) throws -> [String: AttributeValue] {
        guard let text = try db.string("SELECT attributes FROM items WHERE parent = ? AND relationship = ? AND key = ?", [parent, list.relationship, key]) else {
            throw StoreError.itemNotFound(key: key, list: list)
        }
        return try AttributeCoding.decode(text)
    }

    private func write(_ attributes: [String: AttributeValue], to key: String) throws {
        try db.run("UPDATE items SET attributes = ?, changed = ? WHERE parent = ? AND relationship = ? AND key = ?", [try AttributeCoding.encode(attributes), revision, parent, list.relationship, key])
    }

    func position(of key: String) throws -> Int {
        guard let position = try db.int("SELECT position FROM items WHERE parent = ? AND relationship = ? AND key = ?", [parent, list.relationship, key]) else {
            throw StoreError.itemNotFound(key: key, list: list)
        }
        return position
    }

    private func count() throws -> Int { try Self.count(of: list, in: db) }

    /// Where `key` stands and how many items the list holds (see `count(of:)`), in one statement.
    private func positionAndCount(of key: String) throws -> (position: Int, count: Int) {
        guard let row = try db.rows("SELECT position, (\(Self.countSQL)) FROM items WHERE parent = ? AND relationship = ? AND key = ?",
                                    [parent, list.relationship, parent, list.relationship, key]).first else {
            throw StoreError.itemNotFound(key: key, list: list)
        }
        return (try row.int(0), try row.int(1))
    }

    /// How many items `list` holds: its last position plus one, since every change keeps a list's
    /// positions 0 … n−1 (`StoreWrites.integrityProblems` checks it). One index lookup, where
    /// `COUNT(*)` walks the list: 3 ms for 100,000 items, paid by every insert and every window.
    package static func count(of list: ListID, in db: any SQLExecutor) throws -> Int {
        try db.int(countSQL, [list.parent ?? "", list.relationship]) ?? 0
    }

    private static let countSQL = "SELECT COALESCE(MAX(position) + 1, 0) FROM items WHERE parent = ? AND relationship = ?"
}

/// Attributes are kept as a JSON object in one column.
package enum AttributeCoding {
    package static func encode(_ attributes: [String: AttributeValue]) throws -> String {
        if let written = AttributeJSON.encode(attributes) { return written }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(attributes), as: UTF8.self)
    }

    package static func decode(_ text: String) throws -> [String: AttributeValue] {
        if let read = AttributeJSON.decode(text) { return read }
        return try JSONDecoder().decode([String: AttributeValue].self, from: Data(text.utf8))
    }
}
