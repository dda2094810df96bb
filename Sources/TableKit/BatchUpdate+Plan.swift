import Foundation

/// What a batch does to each section of the table after it, worked out from the row counts before it.
struct BatchPlan {
    /// Where a section after the batch comes from.
    enum Origin: Equatable {
        case inserted
        case existing(Int, isReloaded: Bool)
    }

    /// What fills a row place that the batch decides explicitly.
    enum Placement: Equatable {
        case inserted
        case moved(from: IndexPath)
    }

    /// One section of the table after the batch.
    struct Section {
        var origin: Origin
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
    /// Checks every index against the table it addresses and works out the sections after the batch.
    func plan(rowCountsBefore before: [Int]) throws(TableKitError) -> BatchPlan {
        guard depth == 0 else { throw .unbalancedBatch(openBlocks: depth) }
        var ops = CollectedOperations()
        for operation in operations { try ops.collect(operation) }

        // Sections: deletions and reloads address the old table.
        for section in ops.deletedSections.union(ops.reloadedSections) where !before.indices.contains(section) {
            throw .batchSectionOutOfRange(section, sectionCount: before.count, table: "before")
        }
        if let both = ops.deletedSections.intersection(ops.reloadedSections).min() {
            throw .invalidBatch("section \(both) is both deleted and reloaded")
        }
        let afterCount = before.count - ops.deletedSections.count + ops.insertedSections.count
        for section in ops.insertedSections where !(0..<afterCount).contains(section) {
            throw .batchSectionOutOfRange(section, sectionCount: afterCount, table: "after")
        }

        // Lay out the sections after the batch: inserted ones at their places, survivors in order.
        var sections: [BatchPlan.Section] = []
        var beforeToAfter: [Int: Int] = [:]
        var remaining = (0..<before.count).filter { !ops.deletedSections.contains($0) }.makeIterator()
        for index in 0..<afterCount {
            if ops.insertedSections.contains(index) {
                sections.append(.init(origin: .inserted))
            } else if let source = remaining.next() {
                beforeToAfter[source] = index
                sections.append(.init(origin: .existing(source, isReloaded: ops.reloadedSections.contains(source)),
                                      survivingRows: []))
            }
        }

        // Rows leaving their place: deletions, reloads and move sources address the old table.
        var leaving: [Int: Set<Int>] = [:]
        for (kind, paths) in [("delete", ops.deletedRows), ("reload", ops.reloadedRows), ("move", Set(ops.moves.keys))] {
            for path in paths.sorted() {
                guard before.indices.contains(path.section) else {
                    throw .batchSectionOutOfRange(path.section, sectionCount: before.count, table: "before")
                }
                guard (0..<before[path.section]).contains(path.row) else {
                    throw .batchRowOutOfRange(path, rowCount: before[path.section], table: "before")
                }
                if ops.deletedSections.contains(path.section) || ops.reloadedSections.contains(path.section) {
                    throw .invalidBatch("cannot \(kind) row \(path.textForm): its section is deleted or reloaded in the same batch")
                }
                if kind != "reload" { leaving[path.section, default: []].insert(path.row) }
            }
        }
        for path in ops.deletedRows.intersection(ops.reloadedRows).sorted().prefix(1) {
            throw .invalidBatch("row \(path.textForm) is both deleted and reloaded")
        }
        for path in Set(ops.moves.keys).intersection(ops.deletedRows.union(ops.reloadedRows)).sorted().prefix(1) {
            throw .invalidBatch("row \(path.textForm) is moved and also deleted or reloaded")
        }

        // Rows arriving: insertions and move destinations address the new table.
        var arriving: [IndexPath: BatchPlan.Placement] = [:]
        for path in ops.insertedRows { arriving[path] = .inserted }
        for (source, destination) in ops.moves {
            guard arriving[destination] == nil else {
                throw .invalidBatch("two rows are placed at \(destination.textForm)")
            }
            arriving[destination] = .moved(from: source)
        }
        for (path, placement) in arriving.sorted(by: { $0.key < $1.key }) {
            guard sections.indices.contains(path.section) else {
                throw .batchSectionOutOfRange(path.section, sectionCount: sections.count, table: "after")
            }
            guard path.row >= 0 else {
                throw .batchRowOutOfRange(path, rowCount: 0, table: "after")
            }
            guard case .existing(_, isReloaded: false) = sections[path.section].origin else {
                throw .invalidBatch("cannot place a row at \(path.textForm): its section is inserted or reloaded in the same batch")
            }
            sections[path.section].placed[path.row] = placement
            if case let .moved(from) = placement, let afterSection = beforeToAfter[from.section] {
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
                throw .batchRowOutOfRange(IndexPath(row: outside, section: index), rowCount: count, table: "after")
            }
        }
        return BatchPlan(sections: sections, insertedSectionCount: ops.insertedSections.count,
                         deletedSectionCount: ops.deletedSections.count)
    }
}

/// The batch's calls gathered by kind, refusing any target named twice.
private struct CollectedOperations {
    var insertedRows: Set<IndexPath> = []
    var deletedRows: Set<IndexPath> = []
    var reloadedRows: Set<IndexPath> = []
    var insertedSections: Set<Int> = []
    var deletedSections: Set<Int> = []
    var reloadedSections: Set<Int> = []
    var moves: [IndexPath: IndexPath] = [:]

    mutating func collect(_ operation: BatchUpdate.Operation) throws(TableKitError) {
        switch operation {
        case let .insertRows(paths): try add(paths, to: &insertedRows, "insert row", \.textForm)
        case let .deleteRows(paths): try add(paths, to: &deletedRows, "delete row", \.textForm)
        case let .reloadRows(paths): try add(paths, to: &reloadedRows, "reload row", \.textForm)
        case let .insertSections(sections): try add(sections, to: &insertedSections, "insert section", \.description)
        case let .deleteSections(sections): try add(sections, to: &deletedSections, "delete section", \.description)
        case let .reloadSections(sections): try add(sections, to: &reloadedSections, "reload section", \.description)
        case let .moveRow(from, to):
            guard moves[from] == nil else { throw .invalidBatch("row \(from.textForm) is moved twice") }
            moves[from] = to
        }
    }

    private func add<T: Hashable>(
        _ items: [T], to set: inout Set<T>, _ what: String, _ text: (T) -> String
    ) throws(TableKitError) {
        for item in items {
            guard set.insert(item).inserted else { throw .invalidBatch("\(what) \(text(item)) is named twice") }
        }
    }
}
