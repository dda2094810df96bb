import Foundation

/// Supplies a table's content, mirroring `UITableViewDataSource`.
///
/// Only the row count and the cell are required; every other requirement has UIKit's default.
/// The mutating requirements carry out edits the user committed; they let a struct or a class
/// conform alike.
public protocol TableDataSource {
    /// How many sections the table has (`numberOfSections(in:)`); 1 by default.
    func numberOfSections() -> Int
    /// How many rows `section` has (`tableView(_:numberOfRowsInSection:)`).
    func numberOfRows(inSection section: Int) -> Int
    /// The cell for the row at `indexPath` (`tableView(_:cellForRowAt:)`).
    func cell(at indexPath: IndexPath) -> Cell
    /// The header title of `section`; `nil` (the default) shows none.
    func titleForHeader(inSection section: Int) -> String?
    /// The footer title of `section`; `nil` (the default) shows none.
    func titleForFooter(inSection section: Int) -> String?
    /// The titles of the index bar, top to bottom; `nil` (the default) makes no index.
    func sectionIndexTitles() -> [SectionIndexTitle]?
    /// The section the index title `title`, at `index` in the bar, leads to; `index` by default.
    func section(forSectionIndexTitle title: String, at index: Int) -> Int
    /// Whether the row may show an editing control at all; `true` by default.
    func canEditRow(at indexPath: IndexPath) -> Bool
    /// Whether the row may show a reorder control; `true` by default.
    func canMoveRow(at indexPath: IndexPath) -> Bool
    /// Whether this data source commits deletions and insertions (UIKit asks whether
    /// `tableView(_:commit:forRowAt:)` is implemented); `false` by default.
    var commitsEditing: Bool { get }
    /// Whether this data source moves rows (UIKit asks whether `tableView(_:moveRowAt:to:)` is
    /// implemented); `false` by default, and then no row shows a reorder control.
    var movesRows: Bool { get }
    /// Carries out a deletion or insertion the user committed at `indexPath`.
    mutating func commit(_ editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws(TableKitError)
    /// Moves the row at `source` so that it ends up at `destination` (Listing 8-2).
    mutating func moveRow(from source: IndexPath, to destination: IndexPath) throws(TableKitError)
}

extension TableDataSource {
    public func numberOfSections() -> Int { 1 }
    public func titleForHeader(inSection section: Int) -> String? { nil }
    public func titleForFooter(inSection section: Int) -> String? { nil }
    public func sectionIndexTitles() -> [SectionIndexTitle]? { nil }
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int { index }
    public func canEditRow(at indexPath: IndexPath) -> Bool { true }
    public func canMoveRow(at indexPath: IndexPath) -> Bool { true }
    public var commitsEditing: Bool { false }
    public var movesRows: Bool { false }

    public mutating func commit(_ editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws(TableKitError) {
        throw .editingNotSupported(at: indexPath)
    }

    public mutating func moveRow(from source: IndexPath, to destination: IndexPath) throws(TableKitError) {
        throw .rowNotMovable(at: source)
    }
}
