import Foundation

/// What a person does to a table on a page, naming rows by their keys (which survive other
/// people's changes, where index paths do not). Each says what the person wants, not what to
/// flip, so repeating it or crossing it with someone else's changes nothing it should not.
public enum TableAction: Sendable, Hashable {
    /// Select the row of a selection list, wanting its checkmark on or off, in editing mode
    /// or not (a table may allow selection in one and not the other).
    case setChecked(key: String, isChecked: Bool, isEditing: Bool = false)
    /// Turn the row's switch on or off.
    case toggle(key: String, isOn: Bool)
    /// Move the row's slider.
    case slide(key: String, value: Double)
    /// Tap the row's Delete button: in editing mode, or after a swipe outside it.
    case delete(key: String, isEditing: Bool)
    /// Tap the row's insert control, which shows only in editing mode.
    case insert(key: String, isEditing: Bool)
    /// Drop the row at a proposed place; the delegate decides where it lands.
    case move(key: String, to: MoveDestination)
    /// Move the row one place up or down (its reorder menu without JavaScript). `past` is what
    /// the page showed next to the row on that side: given, the move is made only from there.
    /// The same post again (a double click, two people pressing one button) finds the row
    /// already past that neighbour and changes nothing; a row whose neighbours changed
    /// otherwise is refused rather than moved from a place the person never saw. Without it
    /// (a script), the row moves from wherever it stands.
    case moveUp(key: String, past: MoveNeighbour? = nil)
    case moveDown(key: String, past: MoveNeighbour? = nil)
}

/// Where a moved row is proposed to go.
public enum MoveDestination: Sendable, Hashable {
    /// At this index path of the table as it is when the move is carried out.
    case indexPath(IndexPath)
    /// Just before the row `key`, wherever it stands then.
    case before(key: String)
    /// Just after the row `key`, wherever it stands then.
    case after(key: String)
    /// Where the row stands: nothing moves. The Move to… sheet's "where it is now", which named
    /// by a neighbour would send the row after that neighbour once someone else had moved it.
    case whereItIs

    /// The index path UIKit proposes for the row at `source` dropped just before or after the
    /// row at `neighbour`: where it stands once moved (a neighbour below the row's old place in
    /// the same section moves up one when the row leaves).
    public static func proposal(beside neighbour: IndexPath, isAfter: Bool, movingFrom source: IndexPath) -> IndexPath {
        let leftFromAbove = neighbour.section == source.section && source.row < neighbour.row
        return IndexPath(row: neighbour.row + (isAfter ? 1 : 0) - (leftFromAbove ? 1 : 0), section: neighbour.section)
    }
}

/// What a table action did.
public struct TableActionResult: Sendable, Hashable {
    /// The row acted on, where it stands afterwards: the row chosen, the row inserted, where a
    /// moved row landed. `nil` for a deletion.
    public var indexPath: IndexPath?
    /// That row's key.
    public var key: String?
    /// For a move: where it was proposed to go, to tell a retargeted move.
    public var proposed: IndexPath?
    /// For a selection: what changed.
    public var selectionChange: SelectionList.Change?
    /// The text of the row acted on, as it read before the action.
    public var text: String?
    /// For a Move up or down: the row was already past the neighbour the page showed, so nothing
    /// moved. A second click or someone else's same move does that; a page showing the list as
    /// it is cannot (`TableViewController.isPast`).
    public var wasAlreadyPast: Bool
    /// For a move: the rules kept the row where it stood (no place they allow is nearer the
    /// one proposed), so nothing moved.
    public var stayed: Bool

    /// Makes a result.
    public init(indexPath: IndexPath? = nil, key: String? = nil, proposed: IndexPath? = nil,
                selectionChange: SelectionList.Change? = nil, text: String? = nil, wasAlreadyPast: Bool = false, stayed: Bool = false) {
        self.indexPath = indexPath
        self.key = key
        self.proposed = proposed
        self.selectionChange = selectionChange
        self.text = text
        self.wasAlreadyPast = wasAlreadyPast
        self.stayed = stayed
    }
}

/// Why a table action cannot be carried out on this table.
public enum TableActionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The row named is not in the table (gone since the page was shown, or never there).
    case noRow(key: String, table: String)
    /// More than one row has the key named (items of different lists shown together), so the
    /// post does not say which it means.
    case ambiguous(key: String, table: String)
    /// A Move up or down named the neighbour the row was to pass, and the row no longer stands
    /// beside it (someone else moved one of them, or put a row between).
    case notBeside(key: String, past: MoveNeighbour, table: String)
    /// The table's rules refuse the action (TableKit's own message).
    case refused(TableKitError)

    public var description: String {
        switch self {
        case let .noRow(key, table): "\"\(table)\" has no row \"\(DocumentText.shortened(key, to: 60))\""
        case let .ambiguous(key, table):
            "\"\(table)\" has more than one row with the key \"\(key)\" (items of different lists), so which one is meant cannot be told; "
                + "nothing was changed. Give one of the items another key"
        case let .notBeside(key, .row(neighbour), table):
            "row \"\(DocumentText.shortened(key, to: 60))\" of \"\(table)\" does not stand next to \"\(DocumentText.shortened(neighbour, to: 60))\"; nothing was moved"
        case let .notBeside(key, .sectionEnd, table):
            "row \"\(DocumentText.shortened(key, to: 60))\" of \"\(table)\" does not stand where the post says, at the end of its section; nothing was moved"
        case let .notBeside(key, .alone, table):
            "row \"\(DocumentText.shortened(key, to: 60))\" of \"\(table)\" does not stand where the post says, alone in its section; nothing was moved"
        case let .refused(error): error.description
        }
    }
}

extension TableViewController {
    /// Carries out `action` through the data source and delegate in UIKit's order, then saves it
    /// based on `revisionToken`, the page's. Throws `TableActionError` when the table refuses,
    /// and whatever `save(basedOn:)` throws (a `SaveConflict` when the data moved on).
    public mutating func perform(_ action: TableAction, basedOn revisionToken: String) async throws -> TableActionResult {
        let result = try apply(action)
        try await save(basedOn: revisionToken)
        var saved = result
        // An inserted row's key may be given only when it is kept.
        if let path = saved.indexPath, saved.key == nil || saved.key?.isEmpty == true { saved.key = cell(at: path).key }
        return saved
    }

    /// Carries out `action` on the loaded table without saving it.
    public mutating func apply(_ action: TableAction) throws(TableActionError) -> TableActionResult {
        do {
            switch action {
            case let .setChecked(key, isChecked, isEditing):
                let (chosen, change) = try chooseRow(at: try locate(key), wantingCheckmark: isChecked, isEditing: isEditing)
                return TableActionResult(indexPath: chosen, key: cell(at: chosen).key, selectionChange: change)
            case let .toggle(key, isOn):
                let path = try locate(key)
                try switchChanged(isOn, forRowAt: path)
                return TableActionResult(indexPath: path, key: key)
            case let .slide(key, value):
                let path = try locate(key)
                guard case let .slider(slider) = cell(at: path).accessory else { throw TableKitError.controlNotSupported("slider", at: path) }
                _ = try slider.setting(value)
                try sliderChanged(value, forRowAt: path)
                return TableActionResult(indexPath: path, key: key)
            case let .delete(key, isEditing):
                let path = try locate(key)
                let text = cell(at: path).text
                try commitEditing(.delete, forRowAt: path, isEditing: isEditing)
                return TableActionResult(key: key, text: text)
            case let .insert(key, isEditing):
                let path = try locate(key)
                let count = numberOfRows(inSection: path.section)
                let placement = insertionPlacement(forRowAt: path)
                try commitEditing(.insert, forRowAt: path, isEditing: isEditing)
                // The new row, when the data source shows it already: where the control's label
                // said it would go.
                guard numberOfRows(inSection: path.section) == count + 1 else { return TableActionResult() }
                return TableActionResult(indexPath: placement.indexPath(besideRowAt: path))
            case let .move(key, destination):
                let source = try locate(key)
                let proposed = try proposedIndexPath(moving: source, to: destination)
                let text = cell(at: source).text
                let (target, landedKey) = try movingRow(at: source, toProposed: proposed)
                // Kept where it is, by the move rules' leave: nothing moved, so nothing to tell.
                if destination == .whereItIs, target == source { return TableActionResult(key: key, text: text) }
                return TableActionResult(indexPath: target, key: landedKey, proposed: proposed, text: text, stayed: target == source && proposed != source)
            case let .moveUp(key, past), let .moveDown(key, past):
                let source = try locate(key)
                let text = cell(at: source).text
                let isUpward = { if case .moveUp = action { true } else { false } }()
                if let past, !stands(at: source, beside: past, upward: isUpward) {
                    guard movesRows, canMoveRow(at: source) else { throw TableKitError.rowNotMovable(at: source) }
                    // Already past it: the same move again, made by someone else or a second click.
                    guard isPast(source, past, upward: isUpward) else { throw TableActionError.notBeside(key: key, past: past, table: title) }
                    return TableActionResult(key: key, text: text, wasAlreadyPast: true)
                }
                guard let proposed = adjacentMovePlace(to: source, upward: isUpward) else {
                    throw TableKitError.noFurtherPlace(at: source, upward: isUpward)
                }
                let (target, landedKey) = try movingRow(at: source, toProposed: proposed)
                return TableActionResult(indexPath: target, key: landedKey, proposed: proposed, text: text)
            }
        } catch let error as TableActionError {
            throw error
        } catch let error as TableKitError {
            throw .refused(error)
        } catch {
            throw .refused(.invalidBatch(String(describing: error)))
        }
    }

    private func locate(_ key: String) throws(TableActionError) -> IndexPath {
        guard let path = indexPath(forRowWithKey: key) else { throw .noRow(key: key, table: title) }
        guard !hasOtherRow(withKey: key, than: path) else { throw .ambiguous(key: key, table: title) }
        return path
    }

    /// The index path `destination` proposes for the row at `source`: where the row stands once
    /// moved (the row it goes before or after shifts up when the moved row left from above it).
    func proposedIndexPath(moving source: IndexPath, to destination: MoveDestination) throws(TableActionError) -> IndexPath {
        switch destination {
        case let .indexPath(path):
            return path
        case .whereItIs:
            return source
        case let .before(key), let .after(key):
            let isAfter = { if case .after = destination { true } else { false } }()
            return MoveDestination.proposal(beside: try locate(key), isAfter: isAfter, movingFrom: source)
        }
    }
}
