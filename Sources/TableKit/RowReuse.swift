import Foundation

/// What a build may keep of the snapshot before it, as UIKit keeps the cells of the rows a batch
/// update does not reload: the data source names the rows whose answers have not changed, and
/// the build takes those rows as they were instead of asking about each again.
///
/// Nothing is kept unless the table has the same row counts and configuration as when `previous`
/// was built (a row's move controls and editing style follow the counts), or when the table is
/// an exclusive selection list (keeping one checkmark looks at every row together).
public struct RowReuse: Sendable {
    /// The snapshot built before.
    public let previous: TableSnapshot
    /// The configuration `previous` was built with.
    public let configuration: TableConfiguration
    /// Whether every answer about the row at an index path (its cell, editing style, move
    /// target, selection…) is the one given when `previous` was built.
    public let isUnchanged: @Sendable (IndexPath) -> Bool
    /// Whether every row of a section is known unchanged at once.
    private let isWholeSectionUnchanged: (@Sendable (Int) -> Bool)?
    /// Which rows of a section are unchanged, all at once.
    private let unchangedRowsOfSection: (@Sendable (Int) -> [Bool])?

    /// Offers `previous`, built with `configuration`, to the next build; `isUnchanged` is asked
    /// only for index paths inside the row counts both share. `isSectionUnchanged`, when given,
    /// vouches for whole sections at once (a data source that keeps the arrays of sections no
    /// change touched knows without looking at each row); a section it does not vouch for is
    /// asked about row by row. `unchangedRows`, when given, answers for a whole section's rows
    /// at once, in order, as `isUnchanged` would one by one (a long section then costs the build
    /// no question per row); an answer of another length than the section's is set aside and
    /// `isUnchanged` asked instead.
    public init(previous: TableSnapshot, configuration: TableConfiguration, isUnchanged: @escaping @Sendable (IndexPath) -> Bool,
                isSectionUnchanged: (@Sendable (Int) -> Bool)? = nil, unchangedRows: (@Sendable (Int) -> [Bool])? = nil) {
        self.previous = previous
        self.configuration = configuration
        self.isUnchanged = isUnchanged
        isWholeSectionUnchanged = isSectionUnchanged
        unchangedRowsOfSection = unchangedRows
    }

    /// This reuse, when a table of `configuration` and `rowCounts` may take rows from it.
    func applicable(to configuration: TableConfiguration, rowCounts: [Int]) -> RowReuse? {
        guard configuration == self.configuration, configuration.selectionMode != .exclusive,
              previous.rowCounts == rowCounts else { return nil }
        return self
    }

    /// Whether a whole section is vouched for at once (its rows' array then shared as it is).
    func isSectionUnchanged(_ section: Int) -> Bool {
        isWholeSectionUnchanged?(section) == true
    }

    /// For each row of `section` (as many as `previous` has), whether it is unchanged.
    func unchangedRows(inSection section: Int) -> [Bool] {
        let count = previous.sections[section].rows.count
        if let unchanged = unchangedRowsOfSection?(section), unchanged.count == count { return unchanged }
        return (0..<count).map { isUnchanged(IndexPath(row: $0, section: section)) }
    }
}
