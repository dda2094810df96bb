import Foundation
import TableKit
import Yams

extension AppBuilder {
    /// A scene's `rows:`: each per-row value a number or name for every row,
    /// `{ attribute: NAME, default: V }` read from the row's item, or
    /// `{ default: V, at: { "S.R": V } }` by index path.
    mutating func rowRules(_ node: Node?) -> RowRules {
        guard let node else { return .none }
        let fields = reader.mapping(node, "rows", allowed: ["indentation", "editingStyle", "canEdit", "canMove", "canSelect"])
        let styles = EditingStyle.allCases.map { ($0.rawValue, $0) }
        return RowRules(
            indentation: rowValue(reader.field(fields, "indentation"), "indentation", fallback: 0) {
                $0.reader.integer($1, "indentation", range: 0...Cell.maximumIndentationLevel)
            },
            editingStyle: rowValue(reader.field(fields, "editingStyle"), "editingStyle", fallback: .delete) {
                $0.reader.choice($1, "editing style", styles)
            },
            canEdit: rowValue(reader.field(fields, "canEdit"), "canEdit", fallback: true) { $0.reader.bool($1, "canEdit") },
            canMove: rowValue(reader.field(fields, "canMove"), "canMove", fallback: true) { $0.reader.bool($1, "canMove") },
            canSelect: rowValue(reader.field(fields, "canSelect"), "canSelect", fallback: true) { $0.reader.bool($1, "canSelect") })
    }

    private mutating func rowValue<Value>(_ node: Node?, _ what: String, fallback: Value,
                                          parse: (inout AppBuilder, Node) -> Value?) -> RowValue<Value>? {
        guard let node else { return nil }
        if node.scalar != nil { return parse(&self, node).map(RowValue.constant) }
        let fields = reader.mapping(node, what, allowed: ["attribute", "default", "at"])
        let fallbackValue = reader.field(fields, "default").flatMap { parse(&self, $0) } ?? fallback
        if let attribute = reader.string(reader.field(fields, "attribute"), "attribute") {
            return .attribute(attribute, fallback: fallbackValue)
        }
        guard let atNode = reader.required(reader.field(fields, "at"), in: node, "the attribute or index paths (at) of \(what)") else { return nil }
        var values: [IndexPath: Value] = [:]
        for entry in reader.mapping(atNode, "at") ?? [] {
            guard let path = IndexPath(entry.key) else {
                reader.fail(entry.keyNode, "\"\(entry.key)\" is not an index path (section.row, as \"1.0\")")
                continue
            }
            if let value = parse(&self, entry.value) { values[path] = value }
        }
        return .indexPaths(values, fallback: fallbackValue)
    }
}
