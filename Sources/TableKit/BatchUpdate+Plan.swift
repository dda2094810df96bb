import Foundation

/// What a batch does to each section of the table after it, worked out from the row counts before it.
struct BatchPlan {
    /// What fills a row place that the batch decides explicitly.
    enum Placement: Equatable {
        case inserted
        case moved(from: IndexPath)
    }

    /// One section of the table after the batch.
    struct Section {
        var origin: BatchUpdate.SectionOrigin
        /// Rows of the source section that stay, in order (before-batch row numbers).
        var survivingRows: [Int] = []
        /// Places taken by inserted or moved rows, keyed by their row after the batch.
        var placed: [Int: Placement] = [:]
        var deletedCount = 0
        var movedOutCount = 0

        var insertedCount: Int { placed.values.filter { $0 == .inserted }.count }
        var movedInCount: Int { placed.count - insertedCount }
        var rowCount: Int { survivingRows.count + placed.count }
    }

    var sections: [Section]
    var insertedSectionCount: Int
    var deletedSectionCount: Int
}

extension BatchUpdate {
    /// Where a section of the table after a batch comes from.
    public enum SectionOrigin: Sendable, Hashable {
        /// Inserted by the batch.
        case inserted
        /// The section at this index before the batch (moved there, or left where it was, or
        /// reloaded in place).
        case existing(Int, isReloaded: Bool)
    }

    /// Where each section of the table after the batch comes from, checking the batch as
    /// `validate` does. With `namingOperations`, a refusal names the operation (counted from 1)
    /// that asked for what is refused.
    public func sectionOrigins(rowCountsBefore before: [Int], namingOperations: Bool = false) throws(TableKitError) -> [SectionOrigin] {
        try plan(rowCountsBefore: before, namingOperations: namingOperations).sections.map(\.origin)
    }

    /// Checks every index against the table it addresses and works out the sections after the batch.
    func plan(rowCountsBefore before: [Int], namingOperations: Bool = false) throws(TableKitError) -> BatchPlan {
        guard depth == 0 else { throw .unbalancedBatch(openBlocks: depth) }
        var ops = CollectedOperations()
        for (index, operation) in operations.enumerated() {
            do throws(TableKitError) { try ops.collect(operation, number: index) } catch {
                throw named(error, index, namingOperations)
            }
        }
        do throws(TableKitError) {
            return try ops.plan(rowCountsBefore: before)
        } catch let .inOperation(number, _, error) {
            throw named(error, number - 1, namingOperations)
        }
    }

    private func named(_ error: TableKitError, _ index: Int, _ isNaming: Bool) -> TableKitError {
        isNaming && operations.indices.contains(index) ? .inOperation(index + 1, operations[index].summary, error) : error
    }
}

extension BatchUpdate.Operation {
    /// The operation as a person would write it: `delete 0.2, 0.4`, `move 0.1 to 1.3`.
    public var summary: String {
        func rows(_ paths: [IndexPath]) -> String { paths.prefix(5).map(\.textForm).joined(separator: ", ") + (paths.count > 5 ? ", …" : "") }
        func sections(_ numbers: [Int]) -> String { numbers.prefix(5).map(String.init).joined(separator: ", ") + (numbers.count > 5 ? ", …" : "") }
        switch self {
        case let .insertRows(paths): return "insert \(rows(paths))"
        case let .deleteRows(paths): return "delete \(rows(paths))"
        case let .reloadRows(paths): return "reload \(rows(paths))"
        case let .moveRow(from, to): return "move \(from.textForm) to \(to.textForm)"
        case let .insertSections(numbers): return "insertSections \(sections(numbers))"
        case let .deleteSections(numbers): return "deleteSections \(sections(numbers))"
        case let .reloadSections(numbers): return "reloadSections \(sections(numbers))"
        case let .moveSection(from, to): return "moveSection \(from) to \(to)"
        }
    }
}

/// The batch's calls gathered by kind, each target with the number of the operation that named
/// it (from 0), refusing any target named twice.
private struct CollectedOperations {
    var insertedRows: [IndexPath: Int] = [:]
    var deletedRows: [IndexPath: Int] = [:]
    var reloadedRows: [IndexPath: Int] = [:]
    var insertedSections: [Int: Int] = [:]
    var deletedSections: [Int: Int] = [:]
    var reloadedSections: [Int: Int] = [:]
    var moves: [IndexPath: (to: IndexPath, number: Int)] = [:]
    var sectionMoves: [Int: (to: Int, number: Int)] = [:]

    mutating func collect(_ operation: BatchUpdate.Operation, number: Int) throws(TableKitError) {
        switch operation {
        case let .insertRows(paths): try add(paths, to: &insertedRows, number, "insert row", \.textForm)
        case let .deleteRows(paths): try add(paths, to: &deletedRows, number, "delete row", \.textForm)
        case let .reloadRows(paths): try add(paths, to: &reloadedRows, number, "reload row", \.textForm)
        case let .insertSections(sections): try add(sections, to: &insertedSections, number, "insert section", \.description)
        case let .deleteSections(sections): try add(sections, to: &deletedSections, number, "delete section", \.description)
        case let .reloadSections(sections): try add(sections, to: &reloadedSections, number, "reload section", \.description)
        case let .moveRow(from, to):
            guard moves[from] == nil else { throw .invalidBatch("row \(from.textForm) is moved twice") }
            moves[from] = (to, number)
        case let .moveSection(from, to):
            guard sectionMoves[from] == nil else { throw .invalidBatch("section \(from) is moved twice") }
            sectionMoves[from] = (to, number)
        }
    }

    private func add<T: Hashable>(
        _ items: [T], to table: inout [T: Int], _ number: Int, _ what: String, _ text: (T) -> String
    ) throws(TableKitError) {
        for item in items {
            guard table[item] == nil else { throw .invalidBatch("\(what) \(text(item)) is named twice") }
            table[item] = number
        }
    }

    /// A refusal caused by operation `number`, for `BatchUpdate.plan` to name or unwrap.
    private func fail(_ error: TableKitError, _ number: Int) -> TableKitError { .inOperation(number + 1, "", error) }

    /// The sections after the batch; a refusal comes wrapped in `.inOperation` with the
    /// operation that caused it.
    func plan(rowCountsBefore before: [Int]) throws(TableKitError) -> BatchPlan {
        // Sections: deletions, reloads and move sources address the old table.
        for (section, number) in sorted(deletedSections) + sorted(reloadedSections) + sectionMoves.map({ ($0.key, $0.value.number) }).sorted(by: { $0.0 < $1.0 })
            where !before.indices.contains(section) {
            throw fail(.batchSectionOutOfRange(section, sectionCount: before.count, table: "before"), number)
        }
        for (section, number) in sorted(reloadedSections) where deletedSections[section] != nil {
            throw fail(.invalidBatch("section \(section) is both deleted and reloaded"), number)
        }
        for (section, move) in sectionMoves.sorted(by: { $0.key < $1.key })
            where deletedSections[section] != nil || reloadedSections[section] != nil {
            throw fail(.invalidBatch("section \(section) is moved and also deleted or reloaded"), move.number)
        }
        let afterCount = before.count - deletedSections.count + insertedSections.count
        // Sections: insertions and move destinations address the new table.
        var arrivingSections: [Int: BatchUpdate.SectionOrigin] = [:]
        for (section, number) in sorted(insertedSections) {
            guard (0..<afterCount).contains(section) else {
                throw fail(.batchSectionOutOfRange(section, sectionCount: afterCount, table: "after"), number)
            }
            arrivingSections[section] = .inserted
        }
        for (source, move) in sectionMoves.sorted(by: { $0.key < $1.key }) {
            guard (0..<afterCount).contains(move.to) else {
                throw fail(.batchSectionOutOfRange(move.to, sectionCount: afterCount, table: "after"), move.number)
            }
            guard arrivingSections[move.to] == nil else {
                throw fail(.invalidBatch("two sections are placed at section \(move.to)"), move.number)
            }
            arrivingSections[move.to] = .existing(source, isReloaded: false)
        }

        // Lay out the sections after the batch: inserted and moved ones at their places, the
        // others in their old order in the places left.
        var sections: [BatchPlan.Section] = []
        var beforeToAfter: [Int: Int] = [:]
        var remaining = (0..<before.count).filter { deletedSections[$0] == nil && sectionMoves[$0] == nil }.makeIterator()
        for index in 0..<afterCount {
            let origin: BatchUpdate.SectionOrigin
            if let arriving = arrivingSections[index] {
                origin = arriving
            } else if let source = remaining.next() {
                origin = .existing(source, isReloaded: reloadedSections[source] != nil)
            } else {
                continue
            }
            if case let .existing(source, _) = origin { beforeToAfter[source] = index }
            sections.append(.init(origin: origin))
        }

        // Rows leaving their place: deletions, reloads and move sources address the old table.
        var leaving: [Int: Set<Int>] = [:]
        let rowSources = [("delete", sorted(deletedRows)), ("reload", sorted(reloadedRows)),
                          ("move", moves.map { ($0.key, $0.value.number) }.sorted { $0.0 < $1.0 })]
        for (kind, paths) in rowSources {
            for (path, number) in paths {
                guard before.indices.contains(path.section) else {
                    throw fail(.batchSectionOutOfRange(path.section, sectionCount: before.count, table: "before"), number)
                }
                guard (0..<before[path.section]).contains(path.row) else {
                    throw fail(.batchRowOutOfRange(path, rowCount: before[path.section], table: "before"), number)
                }
                if deletedSections[path.section] != nil || reloadedSections[path.section] != nil {
                    throw fail(.invalidBatch("cannot \(kind) row \(path.textForm): its section is deleted or reloaded in the same batch"), number)
                }
                if kind != "reload" { leaving[path.section, default: []].insert(path.row) }
            }
        }
        for (path, number) in sorted(reloadedRows) where deletedRows[path] != nil {
            throw fail(.invalidBatch("row \(path.textForm) is both deleted and reloaded"), number)
        }
        for (path, move) in moves.sorted(by: { $0.key < $1.key }) where deletedRows[path] != nil || reloadedRows[path] != nil {
            throw fail(.invalidBatch("row \(path.textForm) is moved and also deleted or reloaded"), move.number)
        }

        // Rows arriving: insertions and move destinations address the new table.
        var arriving: [IndexPath: (placement: BatchPlan.Placement, number: Int)] = [:]
        for (path, number) in insertedRows { arriving[path] = (.inserted, number) }
        for (source, move) in moves.sorted(by: { $0.key < $1.key }) {
            guard arriving[move.to] == nil else {
                throw fail(.invalidBatch("two rows are placed at \(move.to.textForm)"), move.number)
            }
            arriving[move.to] = (.moved(from: source), move.number)
        }
        for (path, entry) in arriving.sorted(by: { $0.key < $1.key }) {
            guard sections.indices.contains(path.section) else {
                throw fail(.batchSectionOutOfRange(path.section, sectionCount: sections.count, table: "after"), entry.number)
            }
            guard path.row >= 0 else {
                throw fail(.batchRowOutOfRange(path, rowCount: 0, table: "after"), entry.number)
            }
            guard case .existing(_, isReloaded: false) = sections[path.section].origin else {
                throw fail(.invalidBatch("cannot place a row at \(path.textForm): its section is inserted or reloaded in the same batch"), entry.number)
            }
            sections[path.section].placed[path.row] = entry.placement
            if case let .moved(from) = entry.placement, let afterSection = beforeToAfter[from.section] {
                sections[afterSection].movedOutCount += 1
            }
        }

        // Survivors, then check that every placed row falls inside its section.
        for index in sections.indices {
            guard case let .existing(source, isReloaded: false) = sections[index].origin else { continue }
            let gone = leaving[source] ?? []
            sections[index].survivingRows = (0..<before[source]).filter { !gone.contains($0) }
            sections[index].deletedCount = gone.count - sections[index].movedOutCount
            let count = sections[index].rowCount
            if let outside = sections[index].placed.keys.filter({ $0 >= count }).min() {
                let path = IndexPath(row: outside, section: index)
                throw fail(.batchRowOutOfRange(path, rowCount: count, table: "after"), arriving[path]?.number ?? 0)
            }
        }
        return BatchPlan(sections: sections, insertedSectionCount: insertedSections.count,
                         deletedSectionCount: deletedSections.count)
    }

    private func sorted<T: Comparable>(_ table: [T: Int]) -> [(T, Int)] {
        table.map { ($0.key, $0.value) }.sorted { $0.0 < $1.0 }
    }
}
