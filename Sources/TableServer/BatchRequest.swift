import Foundation
import TableApp
import TableKit
import TableStore

/// The body of the JSON batch endpoint, read strictly: unknown keys, values of the wrong type and
/// rows that are not `section.row` are refused, naming the operation (counted from 1).
/// docs/batch-endpoint.md describes every operation with an example.
struct BatchRequest: Decodable {
    /// The most rows and sections all the operations of one batch may name and carry together:
    /// a batch is one transaction, and a larger one would hold the list (and a core) too long.
    static let limit = 10_000

    /// The operations, as UIKit names them; `insert`, `delete`, `reload` and `move` are the
    /// rows' (the names of the first version of the endpoint).
    static let operationNames = ["insert", "delete", "reload", "move",
                                 "insertSections", "deleteSections", "reloadSections", "moveSection"]

    struct Operation: Decodable {
        var op: String
        var rows: [String]?
        var sections: [Int]?
        var items: [[String: ItemValue]]?
        var contents: [SectionContent]?
        var from: Place?
        var to: Place?

        private static let keys = ["op", "rows", "sections", "items", "contents", "from", "to"]

        init(from decoder: any Decoder) throws {
            try StrictKeys.check(decoder, allowed: Set(Self.keys))
            let container = try decoder.container(keyedBy: Keys.self)
            op = try container.decode(String.self, forKey: .op)
            rows = try container.decodeIfPresent([String].self, forKey: .rows)
            sections = try container.decodeIfPresent([Int].self, forKey: .sections)
            items = try container.decodeIfPresent([[String: ItemValue]].self, forKey: .items)
            contents = try container.decodeIfPresent([SectionContent].self, forKey: .contents)
            from = try container.decodeIfPresent(Place.self, forKey: .from)
            to = try container.decodeIfPresent(Place.self, forKey: .to)
        }

        private enum Keys: String, CodingKey { case op, rows, sections, items, contents, from, to }
    }

    /// What an inserted (or reloaded) section holds: its header's attributes and its rows.
    struct SectionContent: Decodable {
        var header: [String: ItemValue]?
        var items: [[String: ItemValue]]?

        init(from decoder: any Decoder) throws {
            try StrictKeys.check(decoder, allowed: ["header", "items"])
            let container = try decoder.container(keyedBy: Keys.self)
            header = try container.decodeIfPresent([String: ItemValue].self, forKey: .header)
            items = try container.decodeIfPresent([[String: ItemValue]].self, forKey: .items)
        }

        private enum Keys: String, CodingKey { case header, items }
    }

    /// A row (`"1.2"`) or a section (`1`) a move names.
    struct Place: Decodable {
        var text: String
        var section: Int?

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Int.self) {
                section = number
                text = String(number)
            } else {
                text = try container.decode(String.self)
            }
        }
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
            } else if let number = try? container.decode(Decimal.self) {
                // The number's own digits, for the field's rules to judge: read as a Double, a
                // number with more digits than it keeps would be rounded unseen.
                text = number.description
            } else {
                switch Result(catching: { try container.decode(Double.self) }) {
                case let .success(number) where number.isFinite:
                    text = number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
                case let .failure(error) where !(error is DecodingError):
                    // A number past what a Double reaches, 1e400 or 1e-400: Foundation's own error
                    // (another kind of value is a DecodingError's type mismatch).
                    throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                            debugDescription: "a number too large, or too close to zero, to keep"))
                default:
                    throw DecodingError.typeMismatch(String.self, .init(codingPath: decoder.codingPath,
                                                                        debugDescription: "expected text, a number or true/false"))
                }
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

    /// The request a body holds, or a 400 saying why it is none: JSON of another shape, or a
    /// member named twice in one object (a decoder keeps one of the two values without a word,
    /// the first where most keep the last).
    static func read(_ text: String) throws(ServerError) -> BatchRequest {
        let batch: BatchRequest
        do {
            batch = try JSONDecoder().decode(BatchRequest.self, from: Data(text.utf8))
        } catch {
            throw .badRequest("The batch is not valid JSON of the expected shape: \(describe(error))")
        }
        if let comma = DataFileReader.trailingComma(in: Data(text.utf8)) {
            throw .badRequest("The batch is not valid JSON: a comma just before '\(comma.closing)' (line \(comma.line), column \(comma.column)); "
                              + "JSON allows none after the last member or element. Nothing was changed.")
        }
        if let repeated = DataFileReader.repeatedMember(in: Data(text.utf8)) {
            throw .badRequest("The batch names \"\(DocumentText.cleaned(DocumentText.shortened(repeated.name, to: 40)))\" twice in one object "
                              + "(line \(repeated.line), column \(repeated.column)), so which value is meant cannot be told; nothing was changed.")
        }
        return batch
    }

    /// The operations as a batch script: TableKit's operations with what they insert and reload.
    func script() throws(ServerError) -> BatchScript {
        var script = BatchScript(BatchUpdate())
        for (index, operation) in operations.enumerated() {
            let number = index + 1
            func fail(_ message: String) -> ServerError { .badRequest("operation \(number) (\(String(operation.op.prefix(40)))): \(message)") }
            func refuseKeys(_ keys: [String], _ present: [Any?]) throws(ServerError) {
                for (key, value) in zip(keys, present) where value != nil { throw fail("\(key) has no meaning here") }
            }
            func paths() throws(ServerError) -> [IndexPath] {
                guard let rows = operation.rows else { throw fail("rows is missing (a list of rows, section.row)") }
                var paths: [IndexPath] = []
                for text in rows {
                    guard let path = IndexPath(text) else { throw fail("\"\(DocumentText.cleaned(String(text.prefix(40))))\" is not a row (expected section.row)") }
                    paths.append(path)
                }
                return paths
            }
            func sections() throws(ServerError) -> [Int] {
                guard let sections = operation.sections else { throw fail("sections is missing (a list of section numbers)") }
                return sections
            }
            func items(for count: Int, _ what: String) throws(ServerError) -> [[String: String]] {
                let items = (operation.items ?? []).map { $0.mapValues(\.text) }
                guard items.count == count else { throw fail("\(what) needs one item per row (\(count) rows, \(items.count) items)") }
                return items
            }
            switch operation.op {
            case "insert":
                try refuseKeys(["sections", "contents", "from", "to"], [operation.sections, operation.contents, operation.from, operation.to])
                let rows = try paths()
                for (path, item) in zip(rows, try items(for: rows.count, "insert")) { script.insertedRows[path] = item }
                script.update.insertRows(at: rows)
            case "delete":
                try refuseKeys(["sections", "items", "contents", "from", "to"], [operation.sections, operation.items, operation.contents, operation.from, operation.to])
                script.update.deleteRows(at: try paths())
            case "reload":
                try refuseKeys(["sections", "contents", "from", "to"], [operation.sections, operation.contents, operation.from, operation.to])
                let rows = try paths()
                for (path, item) in zip(rows, try items(for: rows.count, "reload")) { script.reloadedRows[path] = item }
                script.update.reloadRows(at: rows)
            case "move":
                try refuseKeys(["rows", "sections", "items", "contents"], [operation.rows, operation.sections, operation.items, operation.contents])
                guard let from = operation.from.flatMap({ IndexPath($0.text) }), let to = operation.to.flatMap({ IndexPath($0.text) }) else {
                    throw fail("move needs from and to rows (section.row)")
                }
                script.update.moveRow(at: from, to: to)
            case "insertSections":
                try refuseKeys(["rows", "items", "from", "to"], [operation.rows, operation.items, operation.from, operation.to])
                let numbers = try sections()
                let contents = operation.contents ?? []
                guard contents.count == numbers.count else {
                    throw fail("insertSections needs one content (header and items) per section (\(numbers.count) sections, \(contents.count) contents)")
                }
                for (section, content) in zip(numbers, contents) {
                    script.insertedSections[section] = BatchScript.SectionContent(header: (content.header ?? [:]).mapValues(\.text),
                                                                                  rows: (content.items ?? []).map { $0.mapValues(\.text) })
                }
                script.update.insertSections(numbers)
            case "deleteSections":
                try refuseKeys(["rows", "items", "contents", "from", "to"], [operation.rows, operation.items, operation.contents, operation.from, operation.to])
                script.update.deleteSections(try sections())
            case "reloadSections":
                try refuseKeys(["rows", "items", "from", "to"], [operation.rows, operation.items, operation.from, operation.to])
                let numbers = try sections()
                if let contents = operation.contents {
                    guard contents.count == numbers.count else {
                        throw fail("reloadSections takes one content per section when it takes any (\(numbers.count) sections, \(contents.count) contents)")
                    }
                    for (section, content) in zip(numbers, contents) {
                        guard content.items == nil else { throw fail("a reloaded section keeps its rows; reload or move them with their own operations") }
                        if let header = content.header { script.reloadedSections[section] = header.mapValues(\.text) }
                    }
                }
                script.update.reloadSections(numbers)
            case "moveSection":
                try refuseKeys(["rows", "sections", "items", "contents"], [operation.rows, operation.sections, operation.items, operation.contents])
                guard let from = operation.from?.section, let to = operation.to?.section else {
                    throw fail("moveSection needs from and to section numbers")
                }
                script.update.moveSection(from, toSection: to)
            default:
                throw .badRequest("operation \(number): unknown op \"\(DocumentText.cleaned(String(operation.op.prefix(40))))\" "
                                  + "(expected \(Self.operationNames.dropLast().joined(separator: ", ")) or \(Self.operationNames.last ?? ""))")
            }
        }
        guard script.size <= Self.limit else {
            throw .tooLarge("the batch names \(script.size) rows and sections; at most \(Self.limit) go in one batch, so send it in parts")
        }
        return script
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
