import Foundation
import TableKit
import Yams

/// Named batches in an app file: UIKit's operations (`operations:`), Listing 7-8's shorthand
/// for one section (`delete:` rows before, `insert:` rows after), or a `restore:` of the list.
extension AppBuilder {
    static let operationNames = ["insertRows", "deleteRows", "reloadRows", "moveRow",
                                 "insertSections", "deleteSections", "reloadSections", "moveSection"]

    mutating func batch(_ node: Node) -> BatchDefinition? {
        guard let fields = reader.mapping(node, "a batch", allowed: ["title", "operations", "delete", "insert", "restore"]) else { return nil }
        let title = reader.string(reader.required(reader.field(fields, "title"), in: node, "the batch's title"), "title") ?? ""
        if let restore = reader.field(fields, "restore") {
            return BatchDefinition(title: title, kind: .restore((reader.sequence(restore, "restore") ?? []).map { restoreItem($0) }))
        }
        if let operations = reader.field(fields, "operations") {
            var script = BatchScript(BatchUpdate())
            for operation in reader.sequence(operations, "operations") ?? [] { self.operation(operation, into: &script) }
            return BatchDefinition(title: title, kind: .update(script))
        }
        var script = BatchScript(BatchUpdate())
        let deletions = (reader.sequence(reader.field(fields, "delete"), "delete") ?? []).compactMap { reader.integer($0, "a row", range: 0...1_000_000) }
        var insertions: [IndexPath] = []
        for insertion in reader.sequence(reader.field(fields, "insert"), "insert") ?? [] {
            var values = attributes(insertion)
            guard let row = values.removeValue(forKey: "at").flatMap(Int.init) else {
                reader.fail(insertion, "an insertion needs at: the row it takes after the batch")
                continue
            }
            insertions.append(IndexPath(row: row, section: 0))
            script.insertedRows[IndexPath(row: row, section: 0)] = values
        }
        script.update = BatchUpdate([.deleteRows(deletions.map { IndexPath(row: $0, section: 0) }), .insertRows(insertions)])
        return BatchDefinition(title: title, kind: .update(script))
    }

    /// One operation: a mapping with one of `operationNames` as its only key.
    private mutating func operation(_ node: Node, into script: inout BatchScript) {
        guard let fields = reader.mapping(node, "an operation", allowed: Self.operationNames) else { return }
        guard fields.count == 1, let (name, _, value) = fields.first else {
            reader.fail(node, "an operation has exactly one of \(YAMLReader.list(Self.operationNames))")
            return
        }
        switch name {
        case "deleteRows":
            script.update.deleteRows(at: (reader.sequence(value, name) ?? []).compactMap { indexPath($0) })
        case "insertRows", "reloadRows":
            var paths: [IndexPath] = []
            for row in reader.sequence(value, name) ?? [] {
                var values = attributes(row)
                guard let path = values.removeValue(forKey: "at").flatMap(IndexPath.init) else {
                    reader.fail(row, "each row of \(name) needs at: its index path (section.row, such as 1.0)")
                    continue
                }
                paths.append(path)
                if name == "insertRows" { script.insertedRows[path] = values } else { script.reloadedRows[path] = values }
            }
            if name == "insertRows" { script.update.insertRows(at: paths) } else { script.update.reloadRows(at: paths) }
        case "moveRow":
            let move = reader.mapping(value, name, allowed: ["from", "to"])
            if let from = indexPath(reader.field(move, "from")), let to = indexPath(reader.field(move, "to")) {
                script.update.moveRow(at: from, to: to)
            } else {
                reader.fail(value, "moveRow needs from and to index paths (section.row)")
            }
        case "deleteSections":
            script.update.deleteSections((reader.sequence(value, name) ?? []).compactMap { reader.integer($0, "a section", range: 0...100_000) })
        case "insertSections", "reloadSections":
            var numbers: [Int] = []
            for section in reader.sequence(value, name) ?? [] {
                if section.scalar != nil, name == "reloadSections" {
                    if let number = reader.integer(section, "a section", range: 0...100_000) { numbers.append(number) }
                    continue
                }
                let sectionFields = reader.mapping(section, "a section of \(name)", allowed: name == "insertSections" ? ["at", "header", "rows"] : ["at", "header"])
                guard let number = reader.integer(reader.required(reader.field(sectionFields, "at"), in: section, "at: the section's number"),
                                                  "a section", range: 0...100_000) else { continue }
                numbers.append(number)
                let header = reader.field(sectionFields, "header").map { attributes($0) } ?? [:]
                if name == "insertSections" {
                    let rows = (reader.sequence(reader.field(sectionFields, "rows"), "rows") ?? []).map { attributes($0) }
                    script.insertedSections[number] = BatchScript.SectionContent(header: header, rows: rows)
                } else if !header.isEmpty {
                    script.reloadedSections[number] = header
                }
            }
            if name == "insertSections" { script.update.insertSections(numbers) } else { script.update.reloadSections(numbers) }
        default:
            let move = reader.mapping(value, name, allowed: ["from", "to"])
            if let from = reader.integer(reader.field(move, "from"), "from", range: 0...100_000),
               let to = reader.integer(reader.field(move, "to"), "to", range: 0...100_000) {
                script.update.moveSection(from, toSection: to)
            } else {
                reader.fail(value, "moveSection needs from and to section numbers")
            }
        }
    }

    private mutating func indexPath(_ node: Node?) -> IndexPath? {
        guard let text = reader.string(node, "an index path") else { return nil }
        guard let path = IndexPath(text) else {
            reader.fail(node, "\"\(text)\" is not an index path (section.row, such as 1.0)")
            return nil
        }
        return path
    }

    private mutating func attributes(_ node: Node) -> [String: String] {
        Dictionary((reader.mapping(node, "an item") ?? []).compactMap { entry in
            reader.string(entry.value, entry.key).map { (entry.key, $0) }
        }, uniquingKeysWith: { first, _ in first })
    }

    /// An item to restore; `rows:` holds its own rows in a nested list.
    private mutating func restoreItem(_ node: Node) -> RestoreItem {
        guard let fields = reader.mapping(node, "an item") else { return RestoreItem(attributes: [:]) }
        var item = RestoreItem(attributes: [:])
        for (key, _, value) in fields {
            if key == "rows" {
                item.rows = (reader.sequence(value, "rows") ?? []).map { attributes($0) }
            } else if let text = reader.string(value, key) {
                item.attributes[key] = text
            }
        }
        return item
    }
}
