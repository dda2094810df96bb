import Testing
import TestSupport
import TableKit
import Foundation

/// Random batches checked against a naive reference that performs the batch the way the guide
/// explains it to a programmer editing arrays: remove the old rows from the highest index down,
/// then insert the new ones from the lowest index up.
@Suite("Batch updates against a naive reference")
struct BatchUpdatePropertyTests {
    struct Row: Hashable, CustomStringConvertible {
        let label: String
        var description: String { label }
    }

    /// One random, valid batch and the items it inserts.
    struct Case {
        var model: [[Row]]
        var batch: BatchUpdate
        var insertedRows: [IndexPath: Row]
        var insertedSections: [Int: [Row]]
        var reloadedRows: [IndexPath: Row]
    }

    static func randomCase(_ random: inout SeededGenerator, number: Int) -> Case {
        let sectionCount = Int.random(in: 1...4, using: &random)
        let model = (0..<sectionCount).map { section in
            (0..<Int.random(in: 0...6, using: &random)).map { Row(label: "r\(section).\($0)") }
        }
        // Choose deletions, reloads and moves among the old rows, each row at most one role.
        var deletedSections = Set<Int>()
        for section in 0..<sectionCount where sectionCount > 1 && Int.random(in: 0..<6, using: &random) == 0 {
            deletedSections.insert(section)
        }
        var deleted: [IndexPath] = [], reloaded: [IndexPath: Row] = [:], moveSources: [IndexPath] = []
        for (section, rows) in model.enumerated() where !deletedSections.contains(section) {
            for row in rows.indices {
                let path = IndexPath(section, row)
                switch Int.random(in: 0..<8, using: &random) {
                case 0, 1: deleted.append(path)
                case 2: reloaded[path] = Row(label: "reloaded\(path)")
                case 3: moveSources.append(path)
                default: break
                }
            }
        }
        // Sections after the batch: the survivors plus some inserted ones.
        let survivorCount = sectionCount - deletedSections.count
        let insertedSectionCount = Int.random(in: 0...1, using: &random)
        let afterCount = survivorCount + insertedSectionCount
        var insertedSectionIndexes = Set<Int>()
        while insertedSectionIndexes.count < insertedSectionCount {
            insertedSectionIndexes.insert(Int.random(in: 0..<afterCount, using: &random))
        }
        let survivingSections = (0..<sectionCount).filter { !deletedSections.contains($0) }
        // Some survivors move to places of their own; the others fill the places left, in order.
        var sectionMoves: [Int: Int] = [:]
        var freePlaces = (0..<afterCount).filter { !insertedSectionIndexes.contains($0) }.shuffled(using: &random)
        for section in survivingSections where Int.random(in: 0..<4, using: &random) == 0 {
            sectionMoves[section] = freePlaces.removeLast()
        }
        var afterSource: [Int?] = Array(repeating: nil, count: afterCount)
        for (source, destination) in sectionMoves { afterSource[destination] = source }
        var survivors = survivingSections.filter { sectionMoves[$0] == nil }.makeIterator()
        for index in 0..<afterCount where !insertedSectionIndexes.contains(index) && afterSource[index] == nil {
            afterSource[index] = survivors.next()
        }
        let existing = afterSource.indices.filter { afterSource[$0] != nil }

        // Decide how many rows arrive in each existing section, then pick their places.
        let leaving = Dictionary(grouping: deleted + moveSources, by: \.section).mapValues(\.count)
        var arrivals: [Int: Int] = [:]
        for _ in 0..<Int.random(in: 0...4, using: &random) where !existing.isEmpty {
            arrivals[existing.randomElement(using: &random)!, default: 0] += 1
        }
        var moveTargets: [Int] = []
        for _ in moveSources { moveTargets.append(existing.randomElement(using: &random)!) }
        for target in moveTargets { arrivals[target, default: 0] += 1 }

        var insertedRows: [IndexPath: Row] = [:]
        var moveDestinations: [IndexPath] = []
        var placesBySection: [Int: [Int]] = [:]
        for index in existing {
            let source = afterSource[index]!
            let count = model[source].count - (leaving[source] ?? 0) + (arrivals[index] ?? 0)
            placesBySection[index] = Array((0..<count).shuffled(using: &random).prefix(arrivals[index] ?? 0))
        }
        for target in moveTargets { moveDestinations.append(IndexPath(target, placesBySection[target]!.removeLast())) }
        for (index, places) in placesBySection {
            for row in places { insertedRows[IndexPath(index, row)] = Row(label: "new\(index).\(row)#\(number)") }
        }

        var operations: [BatchUpdate.Operation] = [
            .deleteRows(deleted), .reloadRows(Array(reloaded.keys)), .insertRows(Array(insertedRows.keys)),
            .deleteSections(Array(deletedSections)), .insertSections(Array(insertedSectionIndexes)),
        ]
        for (source, destination) in zip(moveSources, moveDestinations) {
            operations.append(.moveRow(from: source, to: destination))
        }
        for (source, destination) in sectionMoves { operations.append(.moveSection(from: source, to: destination)) }
        operations.shuffle(using: &random)
        let insertedSections = Dictionary(uniqueKeysWithValues: insertedSectionIndexes.map { ($0, [Row(label: "section\($0)")]) })
        return Case(model: model, batch: BatchUpdate(operations), insertedRows: insertedRows,
                    insertedSections: insertedSections, reloadedRows: reloaded)
    }

    /// The reference: reload in place, remove from the highest index down (a moved section is
    /// taken out whole), insert from the lowest up (a moved section put back at its place).
    static func reference(_ test: Case) -> [[Row]] {
        var deletedRows: [IndexPath] = [], deletedSections: [Int] = [], insertedSections: [Int] = []
        var sectionMoves: [Int: Int] = [:]
        var arrivals: [(IndexPath, Row)] = test.insertedRows.map { ($0.key, $0.value) }
        var model = test.model
        for (path, row) in test.reloadedRows { model[path.section][path.row] = row }
        for operation in test.batch.operations {
            switch operation {
            case let .deleteRows(paths): deletedRows += paths
            case let .deleteSections(sections): deletedSections += sections
            case let .insertSections(sections): insertedSections += sections
            case let .moveRow(from, to):
                deletedRows.append(from)
                arrivals.append((to, test.model[from.section][from.row]))
            case let .moveSection(from, to): sectionMoves[from] = to
            default: break
            }
        }
        for path in deletedRows.sorted(by: >) { model[path.section].remove(at: path.row) }
        var moved: [Int: [Row]] = [:]
        for section in (deletedSections + sectionMoves.keys).sorted(by: >) {
            let rows = model.remove(at: section)
            if let destination = sectionMoves[section] { moved[destination] = rows }
        }
        for section in (insertedSections + moved.keys).sorted() {
            model.insert(moved[section] ?? test.insertedSections[section]!, at: section)
        }
        for (path, row) in arrivals.sorted(by: { $0.0 < $1.0 }) { model[path.section].insert(row, at: path.row) }
        return model
    }

    @Test("500 random batches give the reference's result, pass the count check, and fail it when a count is off")
    func randomBatchesMatchReference() throws {
        var random = SeededGenerator(seed: 20_261_121)
        var kinds: [String: Int] = [:]
        for number in 0..<500 {
            let test = Self.randomCase(&random, number: number)
            for operation in test.batch.operations {
                let text = String(describing: operation)
                if !text.hasSuffix("([])") { kinds[String(text.prefix { $0 != "(" }), default: 0] += 1 }
            }
            let expected = Self.reference(test)
            let result = try test.batch.apply(to: test.model, insertedRows: test.insertedRows,
                                              insertedSections: test.insertedSections, reloadedRows: test.reloadedRows)
            #expect(result == expected, "batch \(number): \(test.batch.operations)")
            let before = test.model.map(\.count), after = result.map(\.count)
            try test.batch.validate(rowCountsBefore: before, rowCountsAfter: after)
            // Off by one in any section that existed before must be caught.
            let checked = after.indices.filter { !test.insertedSections.keys.contains($0) }
            if let section = checked.randomElement(using: &random) {
                var wrong = after
                wrong[section] += 1
                #expect(throws: TableKitError.self, "batch \(number)") {
                    try test.batch.validate(rowCountsBefore: before, rowCountsAfter: wrong)
                }
            }
        }
        // The generator really exercises every kind of operation, not only empty batches.
        for kind in ["deleteRows", "insertRows", "reloadRows", "moveRow", "deleteSections", "insertSections", "moveSection"] {
            #expect(kinds[kind, default: 0] >= 50, "only \(kinds[kind, default: 0]) batches with \(kind)")
        }
    }
}
