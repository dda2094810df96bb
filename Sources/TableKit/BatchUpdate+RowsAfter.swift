import Foundation

extension BatchUpdate {
    /// What stands at a row of the table after a batch.
    public enum RowAfter: Sendable, Hashable {
        /// A row the batch inserts.
        case new
        /// The row at this index path before the batch, left where it was among its section's rows.
        case kept(IndexPath)
        /// The row at this index path before the batch, moved here by the batch.
        case moved(from: IndexPath)
    }

    /// The rows of the table after a batch, each with where it was before. The rows of a section
    /// the batch inserts or reloads are not known from the counts alone: such a section is empty.
    public struct RowsAfter: Sendable {
        public let sections: [[RowAfter]]
        /// For each row after the batch, the nearest kept row at or above it, and at or below it.
        private let keptAtOrAbove: [[IndexPath?]]
        private let keptAtOrBelow: [[IndexPath?]]

        init(sections: [[RowAfter]]) {
            self.sections = sections
            func nearestKept(_ rows: some Sequence<RowAfter>) -> [IndexPath?] {
                var last: IndexPath?
                return rows.map { row in
                    if case let .kept(path) = row { last = path }
                    return last
                }
            }
            keptAtOrAbove = sections.map { nearestKept($0) }
            keptAtOrBelow = sections.map { Array(nearestKept($0.reversed()).reversed()) }
        }

        /// Where a move of the batch puts the row from `source` at `destination`, told as the
        /// place UIKit would propose for it in the table before the batch (`MoveDestination`'s
        /// arithmetic): just after the nearest kept row above it, or else just before the
        /// nearest kept row below it. Rows inserted or deleted around it change its number, not
        /// its place among the rows that stay. `nil` when no kept row shares its section.
        public func proposal(movingFrom source: IndexPath, to destination: IndexPath) -> (place: IndexPath, beside: IndexPath, isAfter: Bool)? {
            guard sections.indices.contains(destination.section), sections[destination.section].indices.contains(destination.row) else { return nil }
            let row = destination.row, section = destination.section
            if row > 0, let above = keptAtOrAbove[section][row - 1] {
                return (MoveDestination.proposal(beside: above, isAfter: true, movingFrom: source), above, true)
            }
            if row + 1 < sections[section].count, let below = keptAtOrBelow[section][row + 1] {
                return (MoveDestination.proposal(beside: below, isAfter: false, movingFrom: source), below, false)
            }
            return nil
        }
    }

    /// The rows of the table after the batch, checking the batch as `validate` does.
    public func rowsAfter(rowCountsBefore before: [Int]) throws(TableKitError) -> RowsAfter {
        let plan = try plan(rowCountsBefore: before)
        var sections: [[RowAfter]] = []
        sections.reserveCapacity(plan.sections.count)
        for (index, section) in plan.sections.enumerated() {
            guard case let .existing(source, isReloaded: false) = section.origin else {
                sections.append([])
                continue
            }
            sections.append(try section.rows(from: source, at: index))
        }
        return RowsAfter(sections: sections)
    }
}

extension BatchPlan.Section {
    /// What stands at each row of this section after the batch, its rows coming from section
    /// `source` before it; `index` is its own number after the batch, for a message.
    func rows(from source: Int, at index: Int) throws(TableKitError) -> [BatchUpdate.RowAfter] {
        var survivors = survivingRows.makeIterator()
        var rows: [BatchUpdate.RowAfter] = []
        rows.reserveCapacity(rowCount)
        for row in 0..<rowCount {
            switch placed[row] {
            case .inserted: rows.append(.new)
            case let .moved(from): rows.append(.moved(from: from))
            case nil:
                // The plan sized the section so that survivors fill every free place.
                guard let survivor = survivors.next() else { throw .invalidBatch("row \(index).\(row) has no item") }
                rows.append(.kept(IndexPath(row: survivor, section: source)))
            }
        }
        return rows
    }
}
