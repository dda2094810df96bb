import Foundation

/// Where rows lead, decided in one place for every page, link, form and export: selecting a row
/// asks the delegate (`willSelectRow`, then `didSelectRow`), its detail button asks
/// `accessoryButtonTapped`, and what they answer becomes the next level of the stack, named by a
/// path segment: the pushed item's key, or the key and `~info` for a detail.
public enum RowDestination {
    /// The suffix of the segment of a row's detail (its detail disclosure button's page).
    public static let infoSuffix = "~info"

    /// The segment that `outcome` adds to the navigation path, if it leads to another level.
    public static func segment(for outcome: SelectionOutcome) -> String? {
        switch outcome {
        case let .push(_, itemKey): itemKey
        case let .showDetail(_, itemKey): itemKey + infoSuffix
        case .toggleCheckmark, .none: nil
        }
    }
}

extension TableViewController {
    /// The segment selecting the row at `path` outside editing mode leads to (as a read-only
    /// page links it), or `nil` when selecting it stays on the page (refused, a checkmark, nothing).
    public func linkSegment(ofRowAt path: IndexPath) -> String? {
        linkSegment(ofRowAt: path, in: tableConfiguration(isEditing: false))
    }

    /// The same, for a table already set up as `configuration` outside editing mode (asked once
    /// for all the rows of a page).
    public func linkSegment(ofRowAt path: IndexPath, in configuration: TableConfiguration) -> String? {
        selectRow(at: path, in: configuration).flatMap { RowDestination.segment(for: $0.outcome) }
    }

    /// Selecting the row in whichever mode the table selects rows in: a page it leads to can
    /// be reached (and exported) when either mode offers its link.
    private func navigableSelection(at path: IndexPath) -> (indexPath: IndexPath, outcome: SelectionOutcome)? {
        guard allowsSelection || allowsSelectionDuringEditing else { return nil }
        return selectRow(at: path)
    }

    /// The segment the detail disclosure button of the row at `path` leads to, if any.
    public func detailSegment(ofRowAt path: IndexPath) -> String? {
        RowDestination.segment(for: accessoryButtonTapped(forRowAt: path))
    }

    /// What leads to `segment` from this table: the outcome of selecting the row it names (or,
    /// when the delegate sends that row's selection elsewhere, of a row whose selection leads
    /// there), or of tapping that row's detail button for a `~info` segment. `nil` when no row
    /// leads there.
    public func outcome(forSegment segment: String) -> SelectionOutcome? {
        if segment.hasSuffix(RowDestination.infoSuffix) {
            let key = String(segment.dropLast(RowDestination.infoSuffix.count))
            guard let path = indexPath(forRowWithKey: key) else { return nil }
            let outcome = accessoryButtonTapped(forRowAt: path)
            return RowDestination.segment(for: outcome) == segment ? outcome : nil
        }
        if let path = indexPath(forRowWithKey: segment), let selected = navigableSelection(at: path),
           RowDestination.segment(for: selected.outcome) == segment {
            return selected.outcome
        }
        // The row of that key is refused or sent elsewhere; another row may be sent there.
        for section in 0..<numberOfSections() {
            for row in 0..<numberOfRows(inSection: section) {
                if let selected = navigableSelection(at: IndexPath(row: row, section: section)),
                   RowDestination.segment(for: selected.outcome) == segment {
                    return selected.outcome
                }
            }
        }
        return nil
    }
}

/// Why a navigation path does not lead to a page.
public struct NavigationFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// How many segments of the path did lead somewhere.
    public var depth: Int
    public var reason: String
    /// The title of the controller those segments lead to, for a way back up to it.
    public var upTitle: String?

    /// Makes a failure.
    public init(depth: Int, reason: String, upTitle: String? = nil) {
        self.depth = depth
        self.reason = reason
        self.upTitle = upTitle
    }

    public var description: String { reason }
}

extension TableStoryboard {
    /// The controllers from the root to the one `path` leads to, each made from the outcome of
    /// the row its segment names in the level below. Throws `NavigationFailure` naming the first
    /// segment that leads nowhere.
    public func viewControllers(along path: [String]) async throws -> [any TableViewController] {
        var controllers: [any TableViewController] = [try await rootViewController()]
        for (depth, segment) in path.enumerated() {
            let parent = controllers[controllers.count - 1]
            guard let outcome = parent.outcome(forSegment: segment),
                  let next = try await viewController(for: outcome, from: parent) else {
                throw NavigationFailure(depth: depth, reason: "\"\(parent.title)\" has no row \"\(DocumentText.shortened(segment, to: 60))\" that leads further", upTitle: parent.title)
            }
            controllers.append(next)
        }
        return controllers
    }
}
