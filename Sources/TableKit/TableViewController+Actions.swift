import Foundation

/// The actions a person takes on a table, each carried out through the controller's data
/// source and delegate in the order UIKit asks them, so that a controller that answers
/// differently changes what happens. Each checks what the page offered before anything changes:
/// a forged form cannot do what no control offers.
extension TableViewController {
    /// Commits the editing control of the row at `path` (tapping Delete, or the green plus):
    /// the row must show that control (`canEditRow`, `editingStyle(forRowAt:)`); outside editing
    /// mode only a swipe deletion can be committed. Then `commit(_:forRowAt:)`.
    public mutating func commitEditing(_ style: EditingStyle, forRowAt path: IndexPath, isEditing: Bool) throws(TableKitError) {
        try checkExists(path)
        guard commitsEditing else { throw .editingNotSupported(at: path) }
        // A row the data source does not let edit shows no control, whatever its style.
        let offered = canEditRow(at: path) ? editingStyle(forRowAt: path) : .none
        guard style != .none, offered == style else { throw .editingStyleNotOffered(style, offered: offered, at: path) }
        guard isEditing || (style == .delete && allowsSwipeToDelete) else { throw .notInEditingMode(at: path) }
        try commit(style, forRowAt: path)
    }

    /// Moves the row at `source` toward `proposed` as a drag in UIKit ends: the row must show a
    /// reorder control (`canMoveRow`), `targetIndexPath(forMoveFrom:toProposed:)` decides where
    /// it lands, and `moveRow(from:to:)` moves it there. Returns where it landed.
    @discardableResult
    public mutating func moveRow(at source: IndexPath, toProposed proposed: IndexPath) throws(TableKitError) -> IndexPath {
        try movingRow(at: source, toProposed: proposed).target
    }

    /// `moveRow(at:toProposed:)`, also saying the key the row has where it landed: its own,
    /// unless the data source gave it another (a key its new list had already), which the row
    /// at the target then shows. A data source that changes its rows only when it saves still
    /// shows there the row that stood there before.
    mutating func movingRow(at source: IndexPath, toProposed proposed: IndexPath) throws(TableKitError) -> (target: IndexPath, key: String) {
        try checkExists(source)
        guard movesRows, canMoveRow(at: source) else { throw .rowNotMovable(at: source) }
        try checkPlace(proposed, movingFrom: source)
        let target = targetIndexPath(forMoveFrom: source, toProposed: proposed)
        try checkPlace(target, movingFrom: source)
        let key = cell(at: source).key
        let standing = target.row < numberOfRows(inSection: target.section) ? cell(at: target).key : nil
        if target != source { try moveRow(from: source, to: target) }
        let landed = cell(at: target).key
        return (target, landed == key || landed == standing ? key : landed)
    }

    /// Every place the row at `source` may go, in table order, its own among them: each
    /// proposal the delegate's `targetIndexPath` keeps as it is. In its own section a row has
    /// as many places as rows; in another, one more (after the last row).
    public func movePlaces(for source: IndexPath) -> [IndexPath] {
        let counts = rowCounts
        return counts.indices.flatMap { section in
            (0..<counts[section] + (section == source.section ? 0 : 1)).lazy.map { IndexPath(row: $0, section: section) }
                .filter { targetIndexPath(forMoveFrom: source, toProposed: $0) == $0 }
        }
    }

    /// The nearest place above (or below) the row at `source` that the delegate lets it go, as
    /// its reorder menu's Up and Down have it: up from a section's first row is the end of the
    /// section above, when the rules let the row go there. `nil` when there is none.
    public func adjacentMovePlace(to source: IndexPath, upward: Bool) -> IndexPath? {
        MovePlaces.adjacent(to: source, upward: upward, rowCounts: rowCounts) { targetIndexPath(forMoveFrom: source, toProposed: $0) }
    }

    /// Selects the row at `path` in a selection list, the person wanting its checkmark on (or,
    /// in an inclusive list, off): the table must allow selection in the mode it is in
    /// (`allowsSelection`, `allowsSelectionDuringEditing`), the delegate may refuse or redirect, and must answer
    /// `.toggleCheckmark`; the checkmarks then change as Listing 6-3 (exclusive) or 6-4
    /// (inclusive) has them, through `setCheckmark(_:forRowAt:)`. A row already as wanted stays
    /// as it is, so a choice sent twice, or crossing someone else's, never flips back. Returns
    /// the row chosen and what changed.
    public mutating func chooseRow(at path: IndexPath, wantingCheckmark: Bool = true, isEditing: Bool = false) throws(TableKitError)
        -> (indexPath: IndexPath, change: SelectionList.Change) {
        try checkExists(path)
        guard let mode = selectionMode, let (chosen, outcome) = selectRow(at: path, isEditing: isEditing), outcome == .toggleCheckmark else {
            throw .selectionNotSupported(at: path)
        }
        try checkExists(chosen)
        var paths: [String: IndexPath] = [:]
        var keys: [String] = []
        var checked: [String] = []
        for section in 0..<numberOfSections() {
            for row in 0..<numberOfRows(inSection: section) {
                let rowPath = IndexPath(row: row, section: section)
                let cell = cell(at: rowPath)
                guard paths[cell.key] == nil else { throw .duplicateOptionKeys }
                paths[cell.key] = rowPath
                keys.append(cell.key)
                if cell.accessory == .checkmark { checked.append(cell.key) }
            }
        }
        // Stored data may hold several checkmarks in an exclusive list: the first one shown
        // counts, and choosing a row leaves that one alone.
        var list = try SelectionList(mode: mode, options: keys, selection: Set(mode == .exclusive ? Array(checked.prefix(1)) : checked))
        let key = cell(at: chosen).key
        // Choosing the checked row of an exclusive list changes nothing (Listing 6-3): it cannot
        // be unchecked by choosing it.
        guard list.isChecked(key) != wantingCheckmark, mode == .inclusive || wantingCheckmark else { return (chosen, .unchanged) }
        let change = try list.choose(key)
        switch change {
        case .unchanged:
            break
        case let .checked(key, unchecked):
            if mode == .exclusive {
                for other in checked where other != key { try setCheckmark(false, forRowAt: paths[other] ?? chosen) }
            } else if let unchecked, let uncheckedPath = paths[unchecked] {
                try setCheckmark(false, forRowAt: uncheckedPath)
            }
            try setCheckmark(true, forRowAt: chosen)
        case .unchecked:
            try setCheckmark(false, forRowAt: chosen)
        }
        return (chosen, change)
    }

    private func checkExists(_ path: IndexPath) throws(TableKitError) {
        let counts = rowCounts
        guard counts.indices.contains(path.section), (0..<counts[path.section]).contains(path.row) else {
            throw .indexPathOutOfRange(path, rowCounts: counts)
        }
    }

    /// A row can go to any existing place in its own section, or to any place up to the end of
    /// another section.
    private func checkPlace(_ place: IndexPath, movingFrom source: IndexPath) throws(TableKitError) {
        let counts = rowCounts
        guard counts.indices.contains(place.section),
              (0..<counts[place.section] + (place.section == source.section ? 0 : 1)).contains(place.row) else {
            throw .indexPathOutOfRange(place, rowCounts: counts)
        }
    }
}
