import Foundation
import TableApp
import TableKit

/// What a named batch's button would do to the list as its page shows it, said under the
/// button. A batch names rows by index path, as UIKit's do: once the list has changed, the rows
/// at those places are no longer the ones its title or the footer speak of (run twice, Listing
/// 7-8 deletes two other states), so the person reads which rows it takes before pressing.
enum BatchPreview {
    static func summary(of batch: BatchDefinition, on snapshot: TableSnapshot) -> String {
        switch batch.kind {
        case let .restore(items):
            let shown = snapshot.rowCounts.reduce(0, +)
            let rows = items.reduce(0) { $0 + $1.rows.count }
            let original = rows == 0 ? "\(items.count)" : NumberWords.counted(items.count, "section") + " of " + NumberWords.counted(rows, "row")
            return "Replaces the \(NumberWords.counted(shown, "row")) shown with the list's original \(original)."
        case let .update(script):
            // Index paths the list no longer has: the press would be refused, and says why. Past
            // this check every row and section the batch names before it runs is in the snapshot.
            do {
                _ = try script.update.sectionOrigins(rowCountsBefore: snapshot.rowCounts, namingOperations: true)
            } catch {
                return "This cannot run on the list as it is now: \(error.description)."
            }
            let parts = script.update.operations.map { operation in
                switch operation {
                case let .deleteRows(paths): "deletes " + NumberWords.series(paths.map { row($0, in: snapshot) })
                case let .reloadRows(paths): "reloads " + NumberWords.series(paths.map { row($0, in: snapshot) })
                case let .moveRow(from, to): "moves \(row(from, in: snapshot)) to \(place(to, in: snapshot))"
                case let .insertRows(paths): "inserts " + NumberWords.counted(paths.count, "row")
                case let .deleteSections(numbers): "deletes " + NumberWords.series(numbers.map { section($0, in: snapshot, withRows: true) })
                case let .reloadSections(numbers): "reloads " + NumberWords.series(numbers.map { section($0, in: snapshot, withRows: false) })
                case let .moveSection(from, to): "moves \(section(from, in: snapshot, withRows: false)) to place \(to + 1)"
                case let .insertSections(numbers): "inserts " + NumberWords.counted(numbers.count, "section")
                }
            }
            // The parts' own lists have "and" in them: the last part is told apart by a comma.
            return "On the list as it is now, this " + NumberWords.series(parts, last: ", and ") + "."
        }
    }

    /// The row at `path` by its text, or by its place where it has none.
    private static func row(_ path: IndexPath, in snapshot: TableSnapshot) -> String {
        let text = snapshot.sections[path.section].rows[path.row].cell.text
        return text.isEmpty ? place(path, in: snapshot) : ActionNotice.quoted(text)
    }

    /// "row 3", or "row 3 of section 2" in a table of several sections, counted from one.
    private static func place(_ path: IndexPath, in snapshot: TableSnapshot) -> String {
        "row \(path.row + 1)" + (snapshot.sections.count > 1 ? " of section \(path.section + 1)" : "")
    }

    /// Section `number` by its header, with its row count when `withRows`.
    private static func section(_ number: Int, in snapshot: TableSnapshot, withRows: Bool) -> String {
        let shown = snapshot.sections[number]
        let name = shown.headerTitle.map { "section " + ActionNotice.quoted($0) } ?? "section \(number + 1)"
        return withRows ? "\(name) with its \(NumberWords.counted(shown.rows.count, "row"))" : name
    }
}
