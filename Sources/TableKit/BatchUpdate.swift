import Foundation

/// A group of row and section insertions, deletions, reloads and moves applied as one update,
/// with UIKit's rules (`beginUpdates()` … `endUpdates()`):
///
/// - deletions, reloads and move sources (of rows and sections) address the table *before* the batch;
/// - insertions and move destinations address the table *after* it;
/// - the order of the calls inside the batch changes nothing;
/// - nested `beginUpdates()`/`endUpdates()` pairs flatten into the outermost batch.
public struct BatchUpdate: Sendable, Hashable, Codable {
    /// One call recorded in the batch.
    public enum Operation: Sendable, Hashable, Codable {
        case insertRows([IndexPath])
        case deleteRows([IndexPath])
        case reloadRows([IndexPath])
        case insertSections([Int])
        case deleteSections([Int])
        case reloadSections([Int])
        /// Moves the row at `from` (before the batch) so that it stands at `to` (after the batch).
        case moveRow(from: IndexPath, to: IndexPath)
        /// Moves the section at `from` (before the batch), with its rows, so that it stands at
        /// `to` (after the batch).
        case moveSection(from: Int, to: Int)
    }

    /// The calls in the order they were made; the order does not change the outcome.
    public private(set) var operations: [Operation]
    /// How many `beginUpdates()` calls are still waiting for their `endUpdates()`.
    public private(set) var depth: Int

    /// Makes an empty batch, or one holding `operations`.
    public init(_ operations: [Operation] = []) {
        self.operations = operations
        self.depth = 0
    }

    /// Opens a (possibly nested) update block.
    public mutating func beginUpdates() { depth += 1 }

    /// Closes the innermost open block; closing a block that was never opened is an error.
    public mutating func endUpdates() throws(TableKitError) {
        guard depth > 0 else { throw .endUpdatesWithoutBegin }
        depth -= 1
    }

    /// Runs `body` inside one update block, as `performBatchUpdates` does.
    public mutating func performUpdates<E: Error>(_ body: (inout BatchUpdate) throws(E) -> Void) throws(E) {
        beginUpdates()
        defer { depth -= 1 }
        try body(&self)
    }

    public mutating func insertRows(at paths: [IndexPath]) { operations.append(.insertRows(paths)) }
    public mutating func deleteRows(at paths: [IndexPath]) { operations.append(.deleteRows(paths)) }
    public mutating func reloadRows(at paths: [IndexPath]) { operations.append(.reloadRows(paths)) }
    public mutating func insertSections(_ sections: [Int]) { operations.append(.insertSections(sections)) }
    public mutating func deleteSections(_ sections: [Int]) { operations.append(.deleteSections(sections)) }
    public mutating func reloadSections(_ sections: [Int]) { operations.append(.reloadSections(sections)) }
    public mutating func moveRow(at source: IndexPath, to destination: IndexPath) {
        operations.append(.moveRow(from: source, to: destination))
    }
    public mutating func moveSection(_ section: Int, toSection destination: Int) {
        operations.append(.moveSection(from: section, to: destination))
    }

    /// Whether the batch records nothing.
    public var isEmpty: Bool { operations.isEmpty }
}

extension BatchUpdate {
    /// Checks UIKit's consistency rule: every section that existed before and still exists must
    /// have as many rows after the update as before, plus insertions and moves in, minus deletions
    /// and moves out; the section count likewise. Inserted and reloaded sections may have any count.
    public func validate(rowCountsBefore before: [Int], rowCountsAfter after: [Int]) throws(TableKitError) {
        let plan = try plan(rowCountsBefore: before)
        guard plan.sections.count == after.count else {
            throw .invalidSectionCount(before: before.count, after: after.count,
                                       inserted: plan.insertedSectionCount, deleted: plan.deletedSectionCount)
        }
        for (index, section) in plan.sections.enumerated() {
            guard case let .existing(source, isReloaded: false) = section.origin else { continue }
            guard section.rowCount == after[index] else {
                throw .invalidRowCount(section: index, before: before[source], after: after[index],
                                       inserted: section.insertedCount, deleted: section.deletedCount,
                                       movedIn: section.movedInCount, movedOut: section.movedOutCount)
            }
        }
    }

    /// Applies the batch to a sectioned model and returns the model after it.
    ///
    /// - Parameters:
    ///   - model: the rows of each section before the batch.
    ///   - insertedRows: the new item for every inserted row, keyed by its index path after the batch.
    ///   - insertedSections: the rows of every inserted section, keyed by its index after the batch.
    ///   - reloadedRows: new values for reloaded rows (before the batch); a row left out keeps its item.
    ///   - reloadedSections: new rows for reloaded sections; a section left out keeps its rows.
    public func apply<Item>(
        to model: [[Item]],
        insertedRows: [IndexPath: Item] = [:],
        insertedSections: [Int: [Item]] = [:],
        reloadedRows: [IndexPath: Item] = [:],
        reloadedSections: [Int: [Item]] = [:]
    ) throws(TableKitError) -> [[Item]] {
        let plan = try plan(rowCountsBefore: model.map(\.count))
        var result: [[Item]] = []
        result.reserveCapacity(plan.sections.count)
        for (index, section) in plan.sections.enumerated() {
            switch section.origin {
            case .inserted:
                guard let rows = insertedSections[index] else { throw .missingInsertedSection(index) }
                result.append(rows)
            case let .existing(source, isReloaded: true):
                result.append(reloadedSections[source] ?? model[source])
            case let .existing(source, isReloaded: false):
                var rows: [Item] = []
                rows.reserveCapacity(section.rowCount)
                for (row, after) in try section.rows(from: source, at: index).enumerated() {
                    switch after {
                    case .new:
                        let path = IndexPath(row: row, section: index)
                        guard let item = insertedRows[path] else { throw .missingInsertedItem(path) }
                        rows.append(item)
                    case let .moved(from):
                        rows.append(model[from.section][from.row])
                    case let .kept(path):
                        rows.append(reloadedRows[path] ?? model[path.section][path.row])
                    }
                }
                result.append(rows)
            }
        }
        return result
    }
}
