import Foundation

/// Which rows a user may move and where a moved row lands (Listings 8-1 and 8-3).
///
/// The rule answers `tableView(_:canMoveRowAt:)` and
/// `tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)` for a table whose sections
/// have the given row counts.
public struct MoveRule: Sendable, Hashable, Codable {
    /// How many rows at the top of each section stay where they are (Listing 8-1 fixes the first).
    /// No row can be moved into their places either, so they keep their position.
    public var fixedLeadingRows: Int
    /// How many rows at the bottom of each section are reserved (Listing 8-3 keeps the last row for
    /// the add-item placeholder): they cannot move and no row can be moved onto or past them.
    public var reservedTrailingRows: Int
    /// Whether a row stays in its own section (Listing 8-3); otherwise it may move to any section.
    public var keepsRowsInSection: Bool

    /// Makes a rule. The defaults allow any move, as UIKit does without a delegate.
    public init(fixedLeadingRows: Int = 0, reservedTrailingRows: Int = 0, keepsRowsInSection: Bool = false) {
        self.fixedLeadingRows = max(0, fixedLeadingRows)
        self.reservedTrailingRows = max(0, reservedTrailingRows)
        self.keepsRowsInSection = keepsRowsInSection
    }

    /// Any row anywhere.
    public static let free = MoveRule()

    /// Whether the row at `path` shows a reorder control.
    public func canMoveRow(at path: IndexPath, rowCounts: [Int]) -> Bool {
        guard rowCounts.indices.contains(path.section) else { return false }
        return movableRows(inSectionOf: rowCounts[path.section]).contains(path.row)
    }

    /// Where a row moved from `source` lands when the user proposes `proposed`.
    ///
    /// Both paths must address existing places (see `resolveMove`). A proposal in another section
    /// is brought back to the nearest end of the source section when rows keep to their section,
    /// as Listing 8-3 does; a proposal on a fixed or reserved place goes to the nearest free one.
    public func targetIndexPath(forMoveFrom source: IndexPath, toProposed proposed: IndexPath,
                                rowCounts: [Int]) -> IndexPath {
        var target = proposed
        if keepsRowsInSection, proposed.section != source.section {
            let range = movableRows(inSectionOf: rowCounts[source.section])
            let row = source.section > proposed.section ? range.lowerBound : range.upperBound - 1
            return IndexPath(row: row, section: source.section)
        }
        // In another section the row adds one place; in its own section it only changes places.
        let count = rowCounts[target.section] + (target.section == source.section ? 0 : 1)
        let range = movableRows(inSectionOf: count)
        if range.isEmpty { return source }
        target.row = min(max(target.row, range.lowerBound), range.upperBound - 1)
        return target
    }

    /// Checks a proposed move against the table and returns where the row lands.
    ///
    /// Refuses a source outside the table, a row that cannot move, and a proposal outside the
    /// places a row could go; everything else is retargeted by the rule and accepted.
    public func resolveMove(from source: IndexPath, toProposed proposed: IndexPath,
                            rowCounts: [Int]) throws(TableKitError) -> IndexPath {
        guard rowCounts.indices.contains(source.section),
              (0..<rowCounts[source.section]).contains(source.row) else {
            throw .indexPathOutOfRange(source, rowCounts: rowCounts)
        }
        guard canMoveRow(at: source, rowCounts: rowCounts) else { throw .rowNotMovable(at: source) }
        guard rowCounts.indices.contains(proposed.section) else {
            throw .indexPathOutOfRange(proposed, rowCounts: rowCounts)
        }
        // A row can go after the last row of another section, but only among the rows of its own.
        let places = rowCounts[proposed.section] + (proposed.section == source.section ? 0 : 1)
        guard (0..<places).contains(proposed.row) else { throw .indexPathOutOfRange(proposed, rowCounts: rowCounts) }
        return targetIndexPath(forMoveFrom: source, toProposed: proposed, rowCounts: rowCounts)
    }

    /// The rows of a section with `count` rows that may move or be moved into.
    public func movableRows(inSectionOf count: Int) -> Range<Int> {
        let upper = count - reservedTrailingRows
        return upper > fixedLeadingRows ? fixedLeadingRows..<upper : fixedLeadingRows..<fixedLeadingRows
    }
}

extension Array {
    /// Moves the element of a sectioned model at `source` so that it stands at `destination`
    /// afterwards (Listing 8-2: remove it, then insert it at the destination).
    public mutating func moveRow<Item>(from source: IndexPath, to destination: IndexPath) throws(TableKitError)
        where Element == [Item] {
        let counts = map(\.count)
        guard indices.contains(source.section), self[source.section].indices.contains(source.row) else {
            throw .indexPathOutOfRange(source, rowCounts: counts)
        }
        let places = counts.indices.contains(destination.section)
            ? counts[destination.section] + (destination.section == source.section ? 0 : 1) : 0
        guard (0..<places).contains(destination.row) else {
            throw .indexPathOutOfRange(destination, rowCounts: counts)
        }
        let item = self[source.section].remove(at: source.row)
        self[destination.section].insert(item, at: destination.row)
    }
}
