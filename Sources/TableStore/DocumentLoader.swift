/// Writes a document's items into the database and reads the whole hierarchy back.
package struct DocumentLoader {
    let db: any SQLExecutor
    /// The load's commit, whose number the lists it creates start at (`StoreWrites.firstRevision`).
    var sequence = 1

    /// The whole store as a document.
    package static func document(in db: any SQLExecutor) throws -> DataDocument {
        try DocumentLoader(db: db).document()
    }

    /// Appends `items` (and their lists) to `list`, moving the revision of every list it adds
    /// to on: a server showing those lists must not keep serving pages made before the load.
    /// Returns the revision of each list it filled and the keys it appended to it, in order.
    func insert(_ items: [DataDocument.Item], into list: ListID) throws -> [ListID: (revision: Int, keys: [String])] {
        var lists: [ListID: (revision: Int, keys: [String])] = [:]
        try insert(items, into: list, lists: &lists)
        return lists
    }

    private func insert(_ items: [DataDocument.Item], into list: ListID, lists: inout [ListID: (revision: Int, keys: [String])]) throws {
        let start = try ListEditor.count(of: list, in: db)
        try db.run("""
            INSERT INTO lists (parent, relationship, revision) VALUES (?, ?, ?)
            ON CONFLICT(parent, relationship) DO UPDATE SET revision = lists.revision + 1
            """, [list.parent ?? "", list.relationship, StoreWrites.firstRevision(at: sequence)])
        let revision = try StoreWrites.revision(of: list, in: db)
        lists[list, default: (revision, [])].revision = revision
        lists[list]?.keys += items.map(\.key)
        let editor = ListEditor(db: db, list: list, sequence: sequence, revision: revision)
        for (offset, item) in items.enumerated() {
            try editor.append(StoredItem(key: item.key, attributes: item.attributes), at: start + offset)
            for child in item.lists {
                try insert(child.items, into: list.child(of: item.key, relationship: child.name), lists: &lists)
            }
        }
    }

    func document() throws -> DataDocument {
        let rows = try db.rows("SELECT key, parent, relationship, attributes FROM items ORDER BY parent, relationship, position", [])
        // Lists by their owner's identity ('' for the root lists), each list's items in order.
        var relationships: [String: [String]] = [:]
        var items: [String: [(key: String, attributes: [String: AttributeValue])]] = [:]
        for row in rows {
            let key = try row.string(0), parent = try row.string(1), relationship = try row.string(2)
            let list = ListID(parent: parent.isEmpty ? nil : parent, relationship: relationship)
            if items[list.description] == nil { relationships[parent, default: []].append(relationship) }
            items[list.description, default: []].append((key, try AttributeCoding.decode(try row.string(3))))
        }
        func lists(of owner: String?) -> [(name: String, items: [DataDocument.Item])] {
            (relationships[owner ?? ""] ?? []).map { relationship in
                let list = ListID(parent: owner, relationship: relationship)
                return (relationship, (items[list.description] ?? []).map { item in
                    DataDocument.Item(key: item.key, attributes: item.attributes, lists: lists(of: list.itemIdentity(item.key)))
                })
            }
        }
        return DataDocument(lists: lists(of: nil))
    }
}
