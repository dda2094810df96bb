import Foundation

/// What stands next to a row on one side within its section: what a Move up or Move down
/// passes, as the page showed it. Named by keys and titles, so others' changes elsewhere leave
/// it true.
public enum MoveNeighbour: Sendable, Hashable {
    /// The row with this key.
    case row(key: String)
    /// Nothing: the row is at that end of its section (a move crosses into the next section).
    /// `otherSide` is the key of the row next to it on the other side, which tells its section
    /// by a row in it rather than by a number that others' changes shift.
    case sectionEnd(otherSide: String)
    /// Nothing on either side: the row is alone in its section. `section` is the section's header
    /// title, which tells the section; `nil` when it has none, and then no section is told.
    case alone(section: String?)

    /// What stands beside the row at `position` of a section of `rowCount` rows titled
    /// `section`, above it or below it; `key` gives the key of the section's row at a position.
    /// The page shows it and the action checks it by this one rule.
    public static func beside(position: Int, upward: Bool, rowCount: Int, section: String?, key: (Int) -> String) -> MoveNeighbour {
        func row(_ step: Int) -> String? {
            let row = position + (upward ? step : -step)
            return row >= 0 && row < rowCount ? key(row) : nil
        }
        if let passed = row(-1) { return .row(key: passed) }
        return row(1).map { .sectionEnd(otherSide: $0) } ?? .alone(section: section)
    }
}

extension TableViewController {
    /// What stands next to the row at `path` in its section, above it or below it.
    func neighbour(of path: IndexPath, upward: Bool) -> MoveNeighbour {
        .beside(position: path.row, upward: upward, rowCount: numberOfRows(inSection: path.section),
                section: titleForHeader(inSection: path.section)) {
            cell(at: IndexPath(row: $0, section: path.section)).key
        }
    }

    /// Whether the row at `path` stands as the page showed it, `shown` beside it on the side it
    /// moves to: the row named there; that end of the section that has the row named on its
    /// other side (wherever that row now stands in it); or alone in the section with the title
    /// named (in any section when the page named none).
    func stands(at path: IndexPath, beside shown: MoveNeighbour, upward: Bool) -> Bool {
        switch (shown, neighbour(of: path, upward: upward)) {
        case let (.sectionEnd(otherSide), .sectionEnd):
            guard let other = indexPath(forRowWithKey: otherSide), other != path else { return false }
            return other.section == path.section
        case let (.alone(shownTitle), .alone(title)): return shownTitle == nil || shownTitle == title
        case let (shown, now): return now == shown
        }
    }

    /// Whether the row at `path` is already past `shown`, the neighbour a Move up (or down)
    /// from the page was to pass: above (below) that row in its section; or at the end of its
    /// section it arrives at, the section it left being the one that ends with the row the page
    /// showed beside it, or the one with the title the page showed it alone in. A section made
    /// of rows' values goes when its last row leaves, so a title no section has any more is
    /// taken as left too when the row has joined other rows. A row alone in an untitled section
    /// tells no section, so is never past.
    func isPast(_ path: IndexPath, _ shown: MoveNeighbour, upward: Bool) -> Bool {
        if case let .row(key) = shown {
            guard let passed = indexPath(forRowWithKey: key), passed.section == path.section else { return false }
            return upward ? path.row < passed.row : path.row > passed.row
        }
        // At the end it arrives at: nothing on that side in its section.
        if case .row = neighbour(of: path, upward: !upward) { return false }
        let left = path.section + (upward ? 1 : -1)
        switch shown {
        case let .sectionEnd(otherSide):
            // With a row after it: alone, the row named might have crossed instead of it.
            guard case .row = neighbour(of: path, upward: upward), (0..<numberOfSections()).contains(left) else { return false }
            let count = numberOfRows(inSection: left)
            return count > 0 && cell(at: IndexPath(row: upward ? 0 : count - 1, section: left)).key == otherSide
        case let .alone(title?):
            let titles = (0..<numberOfSections()).map { titleForHeader(inSection: $0) }
            if titles.indices.contains(left), titles[left] == title { return true }
            // Gone with its last row, the row having joined the rows of the section it entered.
            // (Alone now, its section was renamed or its title changed: no move to take as made.)
            guard case .row = neighbour(of: path, upward: upward) else { return false }
            return !titles.contains(title)
        case .alone(nil), .row:
            return false
        }
    }
}
