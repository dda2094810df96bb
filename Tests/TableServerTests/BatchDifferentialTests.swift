import Foundation
import Testing
import TableStore
import TestSupport

/// Random batches mixing row and section operations, sent to the JSON endpoint of a nested list
/// and worked out by a small model of UIKit's rules written here, apart from TableKit: the model
/// checks each index against the table it addresses, then performs the batch the way the guide
/// explains it (remove from the highest index down, insert from the lowest up). The server must
/// end with the same sections and rows, or refuse exactly when the model does and change nothing.
@Suite("Batches against an independent model of UIKit's rules")
struct BatchDifferentialTests {
    static let yaml = """
        title: Differential
        root: groups
        scenes:
          groups:
            title: Groups
            list: groups
            nested: { title: "{name}", rows: rows }
            cell: { text: "{name}" }
            push: item
            editing: { rows: delete }
            moves: {}
            batchEditing: true
            add:
              fields:
                - { attribute: name, label: Name, type: text, required: true, maxLength: 60 }
          item:
            title: "{name}"
            style: grouped
            detail:
              editable: true
              sections:
                - fields:
                    - { attribute: name, label: Name, type: text, required: true, maxLength: 60 }
        """

    struct Section: Equatable, CustomStringConvertible {
        var title: String
        var rows: [String]
        var description: String { "\(title): \(rows.joined(separator: ", "))" }
    }

    struct Path: Hashable, Comparable, CustomStringConvertible {
        var section: Int
        var row: Int
        var description: String { "\(section).\(row)" }
        static func < (lhs: Path, rhs: Path) -> Bool { (lhs.section, lhs.row) < (rhs.section, rhs.row) }
    }

    enum Operation {
        case insertRows([(Path, String)])
        case deleteRows([Path])
        case reloadRows([(Path, String)])
        case moveRow(Path, Path)
        case insertSections([(Int, String, [String])])
        case deleteSections([Int])
        case reloadSections([(Int, String)])
        case moveSection(Int, Int)

        var json: String {
            func text(_ value: String) -> String { "\"\(value)\"" }
            func paths(_ paths: [Path]) -> String { "[" + paths.map { text($0.description) }.joined(separator: ",") + "]" }
            func numbers(_ numbers: [Int]) -> String { "[" + numbers.map(String.init).joined(separator: ",") + "]" }
            func items(_ names: [String]) -> String { "[" + names.map { "{\"name\": \(text($0))}" }.joined(separator: ",") + "]" }
            switch self {
            case let .insertRows(rows): return #"{"op": "insert", "rows": \#(paths(rows.map(\.0))), "items": \#(items(rows.map(\.1)))}"#
            case let .deleteRows(rows): return #"{"op": "delete", "rows": \#(paths(rows))}"#
            case let .reloadRows(rows): return #"{"op": "reload", "rows": \#(paths(rows.map(\.0))), "items": \#(items(rows.map(\.1)))}"#
            case let .moveRow(from, to): return #"{"op": "move", "from": "\#(from)", "to": "\#(to)"}"#
            case let .insertSections(sections):
                let contents = sections.map { "{\"header\": {\"name\": \(text($0.1))}, \"items\": \(items($0.2))}" }.joined(separator: ",")
                return #"{"op": "insertSections", "sections": \#(numbers(sections.map(\.0))), "contents": [\#(contents)]}"#
            case let .deleteSections(sections): return #"{"op": "deleteSections", "sections": \#(numbers(sections))}"#
            case let .reloadSections(sections):
                let contents = sections.map { "{\"header\": {\"name\": \(text($0.1))}}" }.joined(separator: ",")
                return #"{"op": "reloadSections", "sections": \#(numbers(sections.map(\.0))), "contents": [\#(contents)]}"#
            case let .moveSection(from, to): return #"{"op": "moveSection", "from": \#(from), "to": \#(to)}"#
            }
        }
    }

    // MARK: The model

    /// What UIKit does with `operations` on `table`, or `nil` where it refuses the batch.
    static func expected(_ table: [Section], _ operations: [Operation]) -> [Section]? {
        var insertedRows: [Path: String] = [:], deletedRows: Set<Path> = [], reloadedRows: [Path: String] = [:]
        var moves: [Path: Path] = [:]
        var insertedSections: [Int: Section] = [:], deletedSections: Set<Int> = [], reloadedSections: [Int: String] = [:]
        var sectionMoves: [Int: Int] = [:]
        // A target named twice, in one operation or two, refuses the batch.
        for operation in operations {
            switch operation {
            case let .insertRows(rows): for (path, name) in rows { guard insertedRows.updateValue(name, forKey: path) == nil else { return nil } }
            case let .deleteRows(paths): for path in paths { guard deletedRows.insert(path).inserted else { return nil } }
            case let .reloadRows(rows): for (path, name) in rows { guard reloadedRows.updateValue(name, forKey: path) == nil else { return nil } }
            case let .moveRow(from, to): guard moves.updateValue(to, forKey: from) == nil else { return nil }
            case let .insertSections(sections):
                for (index, title, rows) in sections {
                    guard insertedSections.updateValue(Section(title: title, rows: rows), forKey: index) == nil else { return nil }
                }
            case let .deleteSections(sections): for index in sections { guard deletedSections.insert(index).inserted else { return nil } }
            case let .reloadSections(sections): for (index, title) in sections { guard reloadedSections.updateValue(title, forKey: index) == nil else { return nil } }
            case let .moveSection(from, to): guard sectionMoves.updateValue(to, forKey: from) == nil else { return nil }
            }
        }
        // Deletions, reloads and move sources name the table before the batch.
        let before = table.count
        let leavingSections = deletedSections.union(reloadedSections.keys).union(sectionMoves.keys)
        guard leavingSections.allSatisfy({ (0..<before).contains($0) }) else { return nil }
        guard deletedSections.isDisjoint(with: reloadedSections.keys),
              Set(sectionMoves.keys).isDisjoint(with: deletedSections.union(reloadedSections.keys)) else { return nil }
        let leavingRows = deletedRows.union(reloadedRows.keys).union(moves.keys)
        for path in leavingRows {
            guard (0..<before).contains(path.section), (0..<table[path.section].rows.count).contains(path.row) else { return nil }
            guard !deletedSections.contains(path.section), reloadedSections[path.section] == nil else { return nil }
        }
        guard deletedRows.isDisjoint(with: reloadedRows.keys), Set(moves.keys).isDisjoint(with: deletedRows.union(reloadedRows.keys)) else { return nil }
        // Insertions and move destinations name the table after it.
        let after = before - deletedSections.count + insertedSections.count
        let arrivingSections = Array(insertedSections.keys) + Array(sectionMoves.values)
        guard arrivingSections.allSatisfy({ (0..<after).contains($0) }), Set(arrivingSections).count == arrivingSections.count else { return nil }

        // Remove rows from the highest index down, then sections; a moved section is kept aside.
        struct Working { var section: Section; var takesRows: Bool }
        var working = table.enumerated().map { Working(section: $0.element, takesRows: reloadedSections[$0.offset] == nil) }
        for (index, title) in reloadedSections { working[index].section.title = title }
        for path in leavingRows.subtracting(reloadedRows.keys).sorted(by: >) { working[path.section].section.rows.remove(at: path.row) }
        for (path, name) in reloadedRows { working[path.section].section.rows[path.row] = name }
        var aside: [Int: Working] = [:]
        for index in deletedSections.union(sectionMoves.keys).sorted(by: >) {
            let removed = working.remove(at: index)
            if let destination = sectionMoves[index] { aside[destination] = removed }
        }
        for index in arrivingSections.sorted() {
            working.insert(aside[index] ?? Working(section: insertedSections[index]!, takesRows: false), at: index)
        }
        // Insert rows from the lowest index up, into sections the batch neither inserts nor reloads.
        let arrivingRows = insertedRows.map { ($0.key, $0.value) } + moves.map { ($0.value, table[$0.key.section].rows[$0.key.row]) }
        guard Set(arrivingRows.map(\.0)).count == arrivingRows.count else { return nil }
        for (path, name) in arrivingRows.sorted(by: { $0.0 < $1.0 }) {
            guard working.indices.contains(path.section), working[path.section].takesRows,
                  (0...working[path.section].section.rows.count).contains(path.row) else { return nil }
            working[path.section].section.rows.insert(name, at: path.row)
        }
        return working.map(\.section)
    }

    // MARK: Random batches

    struct Names {
        var next = 0
        mutating func make(_ prefix: String) -> String {
            next += 1
            return "\(prefix)\(next)"
        }
    }

    /// A batch of one to four operations on `table`; most name real places, some do not, and
    /// some name a place twice.
    static func randomBatch(_ table: [Section], _ random: inout SeededGenerator, _ names: inout Names) -> [Operation] {
        let sectionCount = table.count
        let rowCount = table.reduce(0) { $0 + $1.rows.count }
        // One place in ten or so is outside the table, on purpose.
        func isStray() -> Bool { Int.random(in: 0..<10, using: &random) == 0 }
        func section(after: Bool = false) -> Int {
            Int.random(in: 0...max(0, sectionCount - (after ? 0 : 1) + (isStray() ? 1 : 0)), using: &random)
        }
        func path(after: Bool = false) -> Path {
            let s = sectionCount == 0 || isStray() ? sectionCount : Int.random(in: 0..<sectionCount, using: &random)
            let count = s < sectionCount ? table[s].rows.count : 0
            let row = Int.random(in: 0...max(0, count - (after ? 0 : 1) + (isStray() ? 1 : 0)), using: &random)
            return Path(section: s, row: Int.random(in: 0..<60, using: &random) == 0 ? -1 : row)
        }
        var operations: [Operation] = []
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            // Keep the table from growing without end.
            let kind = rowCount > 30 ? [1, 1, 3, 5, 7].randomElement(using: &random)! : Int.random(in: 0..<8, using: &random)
            let count = Int.random(in: 1...2, using: &random)
            switch kind {
            case 0: operations.append(.insertRows((0..<count).map { _ in (path(after: true), names.make("n")) }))
            case 1: operations.append(.deleteRows((0..<count).map { _ in path() }))
            case 2: operations.append(.reloadRows((0..<count).map { _ in (path(), names.make("r")) }))
            case 3: operations.append(.moveRow(path(), path(after: true)))
            case 4: operations.append(.insertSections((0..<count).map { _ in
                (section(after: true), names.make("S"), (0..<Int.random(in: 0...2, using: &random)).map { _ in names.make("n") })
            }))
            case 5: operations.append(.deleteSections((0..<count).map { _ in section() }))
            case 6: operations.append(.reloadSections((0..<count).map { _ in (section(), names.make("T")) }))
            default: operations.append(.moveSection(section(), section()))
            }
        }
        return operations
    }

    // MARK: The test

    static func served(_ browser: Browser) async throws -> (sections: [Section], revision: String) {
        let page = try await browser.get("/", accept: "application/json")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(page.html.utf8)) as? [String: Any])
        let sections = ((json["sections"] as? [[String: Any]]) ?? []).map { section in
            Section(title: section["headerTitle"] as? String ?? "",
                    rows: ((section["rows"] as? [[String: Any]]) ?? []).compactMap { $0["text"] as? String })
        }
        return (sections, json["revision"] as? String ?? "")
    }

    @Test("600 random batches: the same sections and rows as the model, or the same refusal")
    func randomBatches() async throws {
        let start = DataDocument(lists: [("groups", ["A", "B", "C"].map { group in
            DataDocument.Item(key: group.lowercased(), attributes: ["name": .string("Group \(group)")],
                              lists: [("rows", (1...3).map { .init(key: "\(group.lowercased())\($0)", attributes: ["name": .string("\(group)\($0)")]) })])
        })])
        let app = try await ServedApp(Self.yaml, start)
        defer { app.remove() }
        try await app.browse { browser in
            let csrf = try #require(try await browser.get("/").field("csrf"))
            var random = SeededGenerator(seed: 2_026_112_3)
            var names = Names()
            var (table, revision) = try await Self.served(browser)
            #expect(table.map(\.description) == ["Group A: A1, A2, A3", "Group B: B1, B2, B3", "Group C: C1, C2, C3"])
            var accepted = 0, refused = 0
            var kinds: [String: Int] = [:]
            for number in 1...600 {
                let operations = Self.randomBatch(table, &random, &names)
                let expected = Self.expected(table, operations)
                let body = #"{"csrf": "\#(csrf)", "revision": "\#(revision)", "operations": [\#(operations.map(\.json).joined(separator: ", "))]}"#
                let response = try await browser.post("/_/batch", body: body, contentType: "application/json", accept: "application/json")
                let (now, newRevision) = try await Self.served(browser)
                let described = operations.map(\.json).joined(separator: "; ")
                if let expected {
                    #expect(response.status == 200, "batch \(number) was refused: \(response.html.prefix(300)) — \(described) on \(table)")
                    #expect(now == expected, "batch \(number): \(described) on \(table)")
                    if response.status == 200 {
                        #expect(response.html.contains(#""notice" : "Applied the batch: "#), "the twin says what the batch changed")
                        accepted += 1
                        for operation in operations { kinds[String(String(describing: operation).prefix { $0 != "(" }), default: 0] += 1 }
                    }
                } else {
                    #expect((400..<500).contains(response.status), "batch \(number) should be refused: \(described) on \(table)")
                    #expect(now == table, "batch \(number) changed the table although refused")
                    refused += 1
                }
                (table, revision) = (now, newRevision)
            }
            // Both outcomes, and every kind of operation among the accepted, many times.
            #expect(accepted >= 100 && refused >= 100, "\(accepted) accepted, \(refused) refused")
            for kind in ["insertRows", "deleteRows", "reloadRows", "moveRow", "insertSections", "deleteSections", "reloadSections", "moveSection"] {
                #expect(kinds[kind, default: 0] >= 20, "only \(kinds[kind, default: 0]) accepted batches with \(kind) (\(kinds); \(accepted) accepted, \(refused) refused)")
            }
        }
    }
}
