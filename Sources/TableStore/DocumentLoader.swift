import GRDB

/// Writes a document's items into the database and reads the whole hierarchy back.
struct DocumentLoader {
    let db: Database

    func insert(_ items: [DataDocument.Item], into list: ListID) throws {
        let editor = ListEditor(db: db, list: list)
        let start = try ListEditor.count(of: list, in: db)
        try db.execute(sql: "INSERT OR IGNORE INTO lists (parent, relationship, revision) VALUES (?, ?, 0)",
                       arguments: [list.parent ?? "", list.relationship])
        for (offset, item) in items.enumerated() {
            try editor.append(StoredItem(key: item.key, attributes: item.attributes), at: start + offset)
            for child in item.lists {
                try insert(child.items, into: ListID(parent: item.key, relationship: child.name))
            }
        }
    }

    func document() throws -> DataDocument {
        let rows = try Row.fetchAll(db, sql: "SELECT key, parent, relationship, attributes FROM items ORDER BY parent, relationship, position")
        var children: [String: [(relationship: String, key: String)]] = [:]
        var attributes: [String: [String: AttributeValue]] = [:]
        var order: [String: [String]] = [:]
        for row in rows {
            let key: String = row["key"], parent: String = row["parent"], relationship: String = row["relationship"]
            attributes[key] = try AttributeCoding.decode(row["attributes"])
            if order[parent + "\u{0}" + relationship] == nil { children[parent, default: []].append((relationship, key)) }
            order[parent + "\u{0}" + relationship, default: []].append(key)
        }
        func items(parent: String, relationship: String) -> [DataDocument.Item] {
            (order[parent + "\u{0}" + relationship] ?? []).map { key in
                DataDocument.Item(key: key, attributes: attributes[key] ?? [:], lists: lists(of: key))
            }
        }
        func lists(of parent: String) -> [(name: String, items: [DataDocument.Item])] {
            (children[parent] ?? []).map { ($0.relationship, items(parent: parent, relationship: $0.relationship)) }
        }
        return DataDocument(lists: lists(of: ""))
    }
}
