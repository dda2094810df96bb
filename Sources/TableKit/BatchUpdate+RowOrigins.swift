import Foundation

extension BatchUpdate {
    /// What stands at a row of the table after a batch.
    public enum RowOrigin: Sendable, Hashable {
        /// A row the batch inserts (or one of a section it inserts or reloads, whose rows are new).
        case new
        /// The row at this index path before the batch, left in place or moved there.
        case existing(IndexPath)
    }

    /// What stands at each row of the table after the batch, checking the batch as `validate`
    /// does. The rows of an inserted or reloaded section are not known from the counts alone:
    /// such a section is empty here.
    public func rowOrigins(rowCountsBefore before: [Int]) throws(TableKitError) -> [[RowOrigin]] {
        try plan(rowCountsBefore: before).sections.map { section in
            guard case let .existing(source, isReloaded: false) = section.origin else { return [] }
            var survivors = section.survivingRows.makeIterator()
            return (0..<section.rowCount).map { row in
                switch section.placed[row] {
                case .inserted: .new
                case let .moved(from): .existing(from)
                // The plan sized the section so that survivors fill every free place.
                case nil: survivors.next().map { .existing(IndexPath(row: $0, section: source)) } ?? .new
                }
            }
        }
    }

    /// The place in the table before the batch, as UIKit proposes a move's destination (in the
    /// rows left once the moving row is taken out), that puts the row moved from `source` where
    /// the batch puts it at `destination`: beside the nearest row above it, or else below it,
    /// that was there before the batch and is not moved by it. `nil` when no such row shares
    /// its section after the batch (every other row is new or moved in).
    public func proposedPlace(movingFrom source: IndexPath, to destination: IndexPath, origins: [[RowOrigin]]) -> IndexPath? {
        guard origins.indices.contains(destination.section) else { return nil }
        let rows = origins[destination.section]
        let moved = Set(operations.flatMap { operation -> [IndexPath] in
            if case let .moveRow(from, _) = operation { return [from] } else { return [] }
        })
        func anchor(_ row: Int) -> IndexPath? {
            guard rows.indices.contains(row), case let .existing(path) = rows[row], !moved.contains(path) else { return nil }
            return path
        }
        // A row of the same section before the moving one counts one place less once it is taken out.
        func place(of path: IndexPath) -> Int { path.section == source.section && path.row > source.row ? path.row - 1 : path.row }
        if let above = stride(from: destination.row - 1, through: 0, by: -1).lazy.compactMap(anchor).first {
            return IndexPath(row: place(of: above) + 1, section: above.section)
        }
        if let below = (destination.row + 1..<max(rows.count, destination.row + 1)).lazy.compactMap(anchor).first {
            return IndexPath(row: place(of: below), section: below.section)
        }
        return nil
    }
}
