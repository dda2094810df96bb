import Foundation

/// What stands next to a row on one side within its section: what a Move up or Move down
/// passes, as the page showed it. Named by keys, so others' changes elsewhere leave it true.
public enum MoveNeighbour: Sendable, Hashable {
    /// The row with this key.
    case row(key: String)
    /// Nothing: the row is at that end of its section (a move crosses into the next section).
    /// `otherSide` is the key of the row next to it on the other side, which tells its section
    /// by a row in it rather than by a number that others' changes shift; `nil` when the row is
    /// alone in its section, which then tells no section.
    case sectionEnd(otherSide: String?)

    /// What stands beside the row at `position` of a section of `rowCount` rows, above it or
    /// below it; `key` gives the key of the section's row at a position. The page shows it and
    /// the action checks it by this one rule.
    public static func beside(position: Int, upward: Bool, rowCount: Int, key: (Int) -> String) -> MoveNeighbour {
        func row(_ step: Int) -> String? {
            let row = position + (upward ? step : -step)
            return row >= 0 && row < rowCount ? key(row) : nil
        }
        return row(-1).map { .row(key: $0) } ?? .sectionEnd(otherSide: row(1))
    }
}

extension TableViewController {
    /// What stands next to the row at `path` in its section, above it or below it.
    func neighbour(of path: IndexPath, upward: Bool) -> MoveNeighbour {
        .beside(position: path.row, upward: upward, rowCount: numberOfRows(inSection: path.section)) {
            cell(at: IndexPath(row: $0, section: path.section)).key
        }
    }

    /// Whether the row at `path` stands as the page showed it, `shown` beside it on the side it
    /// moves to: the row named there, or that end of the section that has the row named on its
    /// other side (wherever that row now stands in it).
    func stands(at path: IndexPath, beside shown: MoveNeighbour, upward: Bool) -> Bool {
        let now = neighbour(of: path, upward: upward)
        guard case let .sectionEnd(otherSide?) = shown, case .sectionEnd = now else { return now == shown }
        guard let other = indexPath(forRowWithKey: otherSide), other != path else { return false }
        return other.section == path.section
    }

    /// Whether the row at `path` is already past `shown`, the neighbour a Move up (or down)
    /// from the page was to pass: above (below) that row in its section, or, for a section's
    /// end, at the far end of the next section, the one it left ending with the row the page
    /// showed beside it. A row alone in a section tells no section, shown so or now (the row
    /// named might have crossed instead of it), so is never past.
    func isPast(_ path: IndexPath, _ shown: MoveNeighbour, upward: Bool) -> Bool {
        switch shown {
        case let .row(key):
            guard let passed = indexPath(forRowWithKey: key), passed.section == path.section else { return false }
            return upward ? path.row < passed.row : path.row > passed.row
        case let .sectionEnd(otherSide?):
            let left = path.section + (upward ? 1 : -1)
            guard case .sectionEnd = neighbour(of: path, upward: !upward), case .row = neighbour(of: path, upward: upward),
                  (0..<numberOfSections()).contains(left) else { return false }
            let count = numberOfRows(inSection: left)
            return count > 0 && cell(at: IndexPath(row: upward ? 0 : count - 1, section: left)).key == otherSide
        case .sectionEnd(nil):
            return false
        }
    }
}
