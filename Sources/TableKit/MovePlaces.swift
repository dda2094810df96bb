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
        // In its own section a row has as many places as rows; in another, one more.
        func places(in section: Int) -> [Int] {
            let rows = Array(0..<counts[section] + (section == source.section ? 0 : 1))
            return upward ? rows.reversed() : rows
        }
        let own = places(in: source.section).filter { upward ? $0 < source.row : $0 > source.row }
        let others = upward ? Array((0..<source.section).reversed()) : Array(source.section + 1..<counts.count)
        let candidates = own.lazy.map { IndexPath(row: $0, section: source.section) }
            + others.lazy.flatMap { section in places(in: section).lazy.map { IndexPath(row: $0, section: section) } }
        return candidates.first { target($0) == $0 }
    }
}
