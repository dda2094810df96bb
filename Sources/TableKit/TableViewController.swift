import Foundation

/// One level of a navigation stack: a table and its controller, data source and delegate in one
/// (`UITableViewController`). A page shows what it answers, and every action on the page goes
/// through it in UIKit's order (see `TableViewController+Actions`).
///
/// Everything but the data source's row count and cell has a default, so a list needs no more
/// than UIKit asks of it.
public protocol TableViewController: TableDataSource, TableDelegate, Sendable {
    /// The title in the navigation bar (`navigationItem.title`); the next level's back button
    /// shows it.
    var title: String { get }
    /// The table's style, fixed when the table is made; plain by default.
    var tableStyle: TableStyle { get }
    /// The table's header view, as a line of text; none by default.
    var tableHeaderTitle: String? { get }
    /// How the header view shows its title; a line of text by default.
    var tableHeaderStyle: TableHeaderStyle { get }
    /// The table's footer view, as a line of text; none by default.
    var tableFooterTitle: String? { get }
    /// Whether the navigation bar offers Edit (`editButtonItem`); by default when the data
    /// source commits edits or moves rows.
    var showsEditButton: Bool { get }
    /// Whether a row whose control would be Delete can be deleted by a swipe outside editing
    /// mode; UIKit offers it whenever the data source commits edits, and so does the default.
    var allowsSwipeToDelete: Bool { get }
    /// Whether rows can be selected outside editing mode (`allowsSelection`); `true` by default.
    var allowsSelection: Bool { get }
    /// Whether rows can be selected in editing mode (`allowsSelectionDuringEditing`); `false`
    /// by default.
    var allowsSelectionDuringEditing: Bool { get }
    /// The kind of selection list the table is, when selecting a row toggles checkmarks
    /// (`didSelectRow` answers `.toggleCheckmark`); `nil` by default.
    var selectionMode: SelectionList.Mode? { get }
    /// What an empty table says.
    var emptyMessage: String { get }
    /// Where the controller's data stood when it was read, carried by every form on its page so
    /// that an action based on what has changed since can be refused. Empty by default (no check).
    var revisionToken: String { get }

    /// Puts a checkmark on the row or takes it off, in the model (Listings 6-3 and 6-4).
    mutating func setCheckmark(_ isChecked: Bool, forRowAt indexPath: IndexPath) throws(TableKitError)
    /// The row's switch was turned on or off.
    mutating func switchChanged(_ isOn: Bool, forRowAt indexPath: IndexPath) throws(TableKitError)
    /// The row's slider was moved to `value` (already within its range).
    mutating func sliderChanged(_ value: Double, forRowAt indexPath: IndexPath) throws(TableKitError)
    /// Keeps what the actions since the controller was read changed (commits, moves, checkmarks,
    /// controls), provided the data they change is still where it was when the page that asked
    /// for them was shown: `revisionToken` is that page's. Throws `SaveConflict` when it is not.
    /// Nothing to keep by default.
    mutating func save(basedOn revisionToken: String) async throws
    /// The table's snapshot, built through the data source and delegate (by default with
    /// `TableSnapshot.build`).
    func snapshot(isEditing: Bool) throws(TableKitError) -> TableSnapshot
    /// The index path of the row whose cell has `key`; by default the cells are asked in turn.
    func indexPath(forRowWithKey key: String) -> IndexPath?
    /// Whether a row other than the one at `indexPath` has `key` too: rows of different lists
    /// on one page may share a key, and a key alone then does not say which is meant. By
    /// default the cells are asked in turn; a controller that answers
    /// `indexPath(forRowWithKey:)` from an index of its own answers this from it too.
    func hasOtherRow(withKey key: String, than indexPath: IndexPath) -> Bool
    /// The controller a selection's outcome (`.push` or `.showDetail`) shows, as a controller
    /// pushes the next one in `didSelectRow`; `nil` by default. A `RootStoryboard` asks it.
    func viewController(for outcome: SelectionOutcome) async throws -> (any TableViewController)?
}

extension TableViewController {
    public var tableStyle: TableStyle { .plain }
    public var tableHeaderTitle: String? { nil }
    public var tableFooterTitle: String? { nil }
    public var tableHeaderStyle: TableHeaderStyle { .text }
    public var showsEditButton: Bool { commitsEditing || movesRows }
    public var allowsSwipeToDelete: Bool { true }
    public var allowsSelection: Bool { true }
    public var allowsSelectionDuringEditing: Bool { false }
    public var selectionMode: SelectionList.Mode? { nil }
    public var emptyMessage: String { "No Items" }
    public var revisionToken: String { "" }

    public mutating func setCheckmark(_ isChecked: Bool, forRowAt indexPath: IndexPath) throws(TableKitError) {
        throw .selectionNotSupported(at: indexPath)
    }

    public mutating func switchChanged(_ isOn: Bool, forRowAt indexPath: IndexPath) throws(TableKitError) {
        throw .controlNotSupported("switch", at: indexPath)
    }

    public mutating func sliderChanged(_ value: Double, forRowAt indexPath: IndexPath) throws(TableKitError) {
        throw .controlNotSupported("slider", at: indexPath)
    }

    public mutating func save(basedOn revisionToken: String) async throws {}

    public func viewController(for outcome: SelectionOutcome) async throws -> (any TableViewController)? { nil }

    /// The table as the controller sets it up before its data source is asked anything.
    public func tableConfiguration(isEditing: Bool) -> TableConfiguration {
        var configuration = TableConfiguration(
            style: tableStyle, headerTitle: tableHeaderTitle, footerTitle: tableFooterTitle,
            isEditing: isEditing && showsEditButton, allowsSwipeToDelete: allowsSwipeToDelete,
            allowsSelection: allowsSelection, allowsSelectionDuringEditing: allowsSelectionDuringEditing,
            selectionMode: selectionMode)
        configuration.headerStyle = tableHeaderStyle
        return configuration
    }

    /// The snapshot of the table, built through the data source and delegate.
    public func snapshot(isEditing: Bool) throws(TableKitError) -> TableSnapshot {
        try TableSnapshot.build(tableConfiguration(isEditing: isEditing), dataSource: self, delegate: self)
    }

    /// The index path of the row whose cell has `key`, if the table has one.
    public func indexPath(forRowWithKey key: String) -> IndexPath? {
        for section in 0..<numberOfSections() {
            for row in 0..<numberOfRows(inSection: section) where cell(at: IndexPath(row: row, section: section)).key == key {
                return IndexPath(row: row, section: section)
            }
        }
        return nil
    }

    /// Whether a row other than the one at `indexPath` has `key` too.
    public func hasOtherRow(withKey key: String, than indexPath: IndexPath) -> Bool {
        for section in 0..<numberOfSections() {
            for row in 0..<numberOfRows(inSection: section) where IndexPath(row: row, section: section) != indexPath {
                if cell(at: IndexPath(row: row, section: section)).key == key { return true }
            }
        }
        return false
    }

    /// Selects the row at `path` as a tap in the table's current mode does: nothing when the
    /// table does not allow selection in that mode, otherwise `selectRow(at:)`.
    public func selectRow(at path: IndexPath, isEditing: Bool) -> (indexPath: IndexPath, outcome: SelectionOutcome)? {
        selectRow(at: path, in: tableConfiguration(isEditing: isEditing))
    }

    /// The same, for a table already set up as `configuration` (asked once for many rows).
    public func selectRow(at path: IndexPath, in configuration: TableConfiguration) -> (indexPath: IndexPath, outcome: SelectionOutcome)? {
        guard configuration.selectsRows else { return nil }
        return selectRow(at: path)
    }

    /// How many rows each section has.
    public var rowCounts: [Int] { (0..<numberOfSections()).map { numberOfRows(inSection: $0) } }
}

/// What `save(basedOn:)` throws when the data changed since the page was shown in a way that
/// conflicts with the change: it is not made, and the person sees the table as it is now.
public struct SaveConflict: Error, Sendable, Hashable, CustomStringConvertible {
    public var description: String
    /// The key of the item someone else changed, when the conflict is over one item: the 409
    /// page names it by its row's text (which the key alone does not say) in place of
    /// `description`.
    public var itemKey: String?

    /// Makes a conflict saying what changed.
    public init(_ description: String) { self.description = description }

    /// Makes a conflict over the item with `itemKey`, saying what changed.
    public init(_ description: String, itemKey: String) {
        self.description = description
        self.itemKey = itemKey
    }
}

/// What `save(basedOn:)` throws when the revision token a post carries is not one the
/// controller gives (typed by hand, cut short): a bad request, which asks for the page again.
public struct MalformedRevision: Error, Sendable, Hashable, CustomStringConvertible {
    /// The token as posted.
    public var token: String

    /// Makes the error for `token`.
    public init(_ token: String) { self.token = token }

    public var description: String { "The revision \"\(token)\" is malformed; reload the page and try again." }
}

/// What `save(basedOn:)` throws when someone else saved between the moment the controller was
/// read and its own save, without a conflict with what the page showed: the action is simply
/// carried out again on a fresh read. When every try loses, the person is asked to try again.
public struct SaveRace: Error, Sendable, Hashable, CustomStringConvertible {
    /// Makes the error.
    public init() {}

    public var description: String { "The list kept changing while your change was saved; nothing was changed. Try again." }
}
