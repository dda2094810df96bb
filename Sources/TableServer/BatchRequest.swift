import Foundation
import TableKit

/// The body of the JSON batch endpoint, read strictly: unknown keys, values of the wrong type and
/// rows that are not `section.row` are refused, naming the operation (counted from 1).
struct BatchRequest: Decodable {
    /// The most rows and sections all the operations of one batch may name together: a batch is
    /// one transaction, and a larger one would hold the list (and a core) for too long.
    static let limit = 10_000

    struct Operation: Decodable {
        var op: String
        var rows: [String]?
        var sections: [Int]?
        var items: [[String: ItemValue]]?
        var from: String?
        var to: String?

        init(from decoder: any Decoder) throws {
            try StrictKeys.check(decoder, allowed: ["op", "rows", "sections", "items", "from", "to"])
            let container = try decoder.container(keyedBy: Keys.self)
            op = try container.decode(String.self, forKey: .op)
            rows = try container.decodeIfPresent([String].self, forKey: .rows)
            sections = try container.decodeIfPresent([Int].self, forKey: .sections)
            items = try container.decodeIfPresent([[String: ItemValue]].self, forKey: .items)
            from = try container.decodeIfPresent(String.self, forKey: .from)
            to = try container.decodeIfPresent(String.self, forKey: .to)
        }

        private enum Keys: String, CodingKey { case op, rows, sections, items, from, to }

        /// How many rows and sections the operation names.
        var size: Int { (rows?.count ?? 0) + (sections?.count ?? 0) + (from == nil ? 0 : 1) }
    }

    /// An item's attribute as JSON gives it: text, or a number or truth value taken as its text.
    struct ItemValue: Decodable {
        var text: String

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let text = try? container.decode(String.self) {
                self.text = text
            } else if let flag = try? container.decode(Bool.self) {
                text = flag ? "true" : "false"
            } else if let number = try? container.decode(Double.self), number.isFinite {
                text = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
            } else {
                throw DecodingError.typeMismatch(String.self, .init(codingPath: decoder.codingPath,
                                                                    debugDescription: "expected text, a number or true/false"))
            }
        }
    }

    var csrf: String?
    var revision: String
    var operations: [Operation]

    init(from decoder: any Decoder) throws {
        try StrictKeys.check(decoder, allowed: ["csrf", "revision", "operations"])
        let container = try decoder.container(keyedBy: Keys.self)
        csrf = try container.decodeIfPresent(String.self, forKey: .csrf)
        revision = try container.decode(String.self, forKey: .revision)
        operations = try container.decode([Operation].self, forKey: .operations)
    }

    private enum Keys: String, CodingKey { case csrf, revision, operations }

    /// The operations as a TableKit batch, with the items inserted and reloaded.
    func update() throws(ServerError) -> (BatchUpdate, [IndexPath: [String: String]], [IndexPath: [String: String]]) {
        var operations: [BatchUpdate.Operation] = []
        var inserted: [IndexPath: [String: String]] = [:]
        var reloaded: [IndexPath: [String: String]] = [:]
        guard !self.operations.isEmpty else { throw .badRequest("the batch has no operations") }
        let size = self.operations.reduce(0) { $0 + $1.size }
        guard size <= Self.limit else {
            throw .tooLarge("the batch names \(size) rows and sections; at most \(Self.limit) go in one batch, so send it in parts")
        }
        for (index, operation) in self.operations.enumerated() {
            let number = index + 1
            func paths() throws(ServerError) -> [IndexPath] {
                var paths: [IndexPath] = []
                for text in operation.rows ?? [] {
                    guard let path = IndexPath(text) else { throw .badRequest("operation \(number): \"\(text)\" is not a row (expected section.row)") }
                    paths.append(path)
                }
                return paths
            }
            func items() -> [[String: String]] { (operation.items ?? []).map { $0.mapValues(\.text) } }
            switch operation.op {
            case "insert":
                let rows = try paths()
                let items = items()
                guard items.count == rows.count else {
                    throw .badRequest("operation \(number): insert needs one item per row (\(rows.count) rows, \(items.count) items)")
                }
                for (path, item) in zip(rows, items) { inserted[path] = item }
                operations.append(.insertRows(rows))
            case "delete": operations.append(.deleteRows(try paths()))
            case "reload":
                let rows = try paths()
                let items = items()
                guard items.count == rows.count else {
                    throw .badRequest("operation \(number): reload needs one item per row (\(rows.count) rows, \(items.count) items)")
                }
                for (path, item) in zip(rows, items) { reloaded[path] = item }
                operations.append(.reloadRows(rows))
            case "move":
                guard let from = operation.from.flatMap(IndexPath.init), let to = operation.to.flatMap(IndexPath.init) else {
                    throw .badRequest("operation \(number): move needs from and to rows (section.row)")
                }
                operations.append(.moveRow(from: from, to: to))
            case "insertSections": operations.append(.insertSections(operation.sections ?? []))
            case "deleteSections": operations.append(.deleteSections(operation.sections ?? []))
            case "reloadSections": operations.append(.reloadSections(operation.sections ?? []))
            default:
                throw .badRequest("operation \(number): unknown op \"\(String(operation.op.prefix(40)))\" (expected insert, delete, reload, move, insertSections, deleteSections or reloadSections)")
            }
        }
        return (BatchUpdate(operations), inserted, reloaded)
    }

    /// What a decoding error says, in words for the person who sent the batch.
    static func describe(_ error: any Error) -> String {
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? "." + $0.stringValue }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
        }
        switch error {
        case let DecodingError.keyNotFound(key, context): return "\(path(context.codingPath + [key])) is missing"
        case let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context):
            return "\(path(context.codingPath)): wrong type"
        case let DecodingError.dataCorrupted(context) where !context.codingPath.isEmpty:
            return "\(path(context.codingPath)): \(context.debugDescription)"
        default: return "it does not parse"
        }
    }
}

/// Refuses an object with keys other than those allowed, so a misspelt key is an error and not
/// silently left out.
enum StrictKeys {
    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func check(_ decoder: any Decoder, allowed: Set<String>) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        if let unknown = container.allKeys.map(\.stringValue).sorted().first(where: { !allowed.contains($0) }) {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath + [AnyKey(stringValue: unknown)],
                                                    debugDescription: "unknown key (expected \(allowed.sorted().joined(separator: ", ")))"))
        }
    }
}
