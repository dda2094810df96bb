import Foundation

/// The places a row being moved may go one step at a time, as its reorder menu's Move up and
/// Move down have them; the snapshot (which offers the buttons) and the action (which carries
/// them out) both ask here.
enum MovePlaces {
    /// The nearest place above (or below) the row at `source` that `target` keeps as proposed:
    /// up from a section's first row is the end of the section above. `nil` when there is none.
    static func adjacent(to source: IndexPath, upward: Bool, rowCounts counts: [Int],
                         target: (IndexPath) -> IndexPath) -> IndexPath? {
        guard counts.indices.contains(source.section) else { return nil }
        // Looked at one by one, nearest first, until one is kept: the snapshot asks for every
        // row of a list in editing mode, and listing every place first made that quadratic.
        // In its own section a row has as many places as rows; in another, one more.
        for section in stride(from: source.section, to: upward ? -1 : counts.count, by: upward ? -1 : 1) {
            let count = counts[section] + (section == source.section ? 0 : 1)
            let rows: StrideTo<Int> = switch (upward, section == source.section) {
            case (true, true): stride(from: source.row - 1, to: -1, by: -1)
            case (true, false): stride(from: count - 1, to: -1, by: -1)
            case (false, true): stride(from: source.row + 1, to: count, by: 1)
            case (false, false): stride(from: 0, to: count, by: 1)
            }
            for row in rows {
                let place = IndexPath(row: row, section: section)
                if target(place) == place { return place }
            }
        }
        return nil
    }
}
