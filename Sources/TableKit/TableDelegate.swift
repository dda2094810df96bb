import Foundation

/// Decides a table's behaviour and last-minute appearance, mirroring `UITableViewDelegate`.
///
/// Every requirement has UIKit's default, so an empty conformance is a valid delegate.
public protocol TableDelegate {
    /// The control the row shows in editing mode; `.delete` by default, as in UIKit.
    func editingStyle(forRowAt indexPath: IndexPath) -> EditingStyle
    /// The row's indentation level; `nil` (the default) keeps the cell's own level.
    func indentationLevel(forRowAt indexPath: IndexPath) -> Int?
    /// Last changes to a cell's state-based properties just before it is shown (Listing 5-2).
    func willDisplay(_ cell: inout Cell, forRowAt indexPath: IndexPath)
    /// Where a row being moved from `source` lands when the user proposes `proposed`
    /// (`tableView(_:targetIndexPathForMoveFromRowAt:toProposedIndexPath:)`); `proposed` by default.
    func targetIndexPath(forMoveFrom source: IndexPath, toProposed proposed: IndexPath) -> IndexPath
    /// Whether the row may be selected (`tableView(_:willSelectRowAt:)`): the row itself by
    /// default, `nil` to refuse the selection, or another row to select instead.
    func willSelectRow(at indexPath: IndexPath) -> IndexPath?
    /// What selecting the row does; nothing by default.
    func didSelectRow(at indexPath: IndexPath) -> SelectionOutcome
    /// What tapping the row's detail disclosure button does; nothing by default.
    func accessoryButtonTapped(forRowAt indexPath: IndexPath) -> SelectionOutcome
    /// The title of the button that confirms the row's deletion
    /// (`tableView(_:titleForDeleteConfirmationButtonForRowAt:)`); `nil` (the default) says "Delete".
    func titleForDeleteConfirmationButton(forRowAt indexPath: IndexPath) -> String?
    /// Whether the row's content moves right to make room for its editing control
    /// (`tableView(_:shouldIndentWhileEditingRowAt:)`); `true` by default.
    func shouldIndentWhileEditingRow(at indexPath: IndexPath) -> Bool
    /// Where the new row goes when the row's insert control is committed, as its label says it.
    /// UIKit leaves this to `commit`; `.after` by default.
    func insertionPlacement(forRowAt indexPath: IndexPath) -> InsertionPlacement
    /// The row's height (`tableView(_:heightForRowAt:)`); `nil` (the default) keeps the cell's own.
    func heightForRow(at indexPath: IndexPath) -> RowHeight?
    /// A template drawing the section's header (`tableView(_:viewForHeaderInSection:)`); `nil`
    /// (the default) shows the header title.
    func viewForHeader(inSection section: Int) -> TemplateView?
    /// A template drawing the section's footer (`tableView(_:viewForFooterInSection:)`); `nil`
    /// (the default) shows the footer title.
    func viewForFooter(inSection section: Int) -> TemplateView?
}

extension TableDelegate {
    public func editingStyle(forRowAt indexPath: IndexPath) -> EditingStyle { .delete }
    public func indentationLevel(forRowAt indexPath: IndexPath) -> Int? { nil }
    public func willDisplay(_ cell: inout Cell, forRowAt indexPath: IndexPath) {}
    public func targetIndexPath(forMoveFrom source: IndexPath, toProposed proposed: IndexPath) -> IndexPath { proposed }
    public func willSelectRow(at indexPath: IndexPath) -> IndexPath? { indexPath }
    public func didSelectRow(at indexPath: IndexPath) -> SelectionOutcome { .none }
    public func accessoryButtonTapped(forRowAt indexPath: IndexPath) -> SelectionOutcome { .none }
    public func titleForDeleteConfirmationButton(forRowAt indexPath: IndexPath) -> String? { nil }
    public func shouldIndentWhileEditingRow(at indexPath: IndexPath) -> Bool { true }
    public func insertionPlacement(forRowAt indexPath: IndexPath) -> InsertionPlacement { .after }
    public func heightForRow(at indexPath: IndexPath) -> RowHeight? { nil }
    public func viewForHeader(inSection section: Int) -> TemplateView? { nil }
    public func viewForFooter(inSection section: Int) -> TemplateView? { nil }
}

/// A delegate that keeps every UIKit default.
public struct DefaultTableDelegate: TableDelegate {
    /// Makes the default delegate.
    public init() {}
}

extension TableDelegate {
    /// Selects the row at `indexPath` as UIKit does: `willSelectRow(at:)` may refuse or name
    /// another row, then `didSelectRow(at:)` says what happens. `nil` when refused.
    public func selectRow(at indexPath: IndexPath) -> (indexPath: IndexPath, outcome: SelectionOutcome)? {
        guard let selected = willSelectRow(at: indexPath) else { return nil }
        return (selected, didSelectRow(at: selected))
    }
}

/// What selecting a row, or tapping its detail button, leads to.
public enum SelectionOutcome: Sendable, Hashable, Codable {
    /// Push the next level of the hierarchy: `scene` showing the item with `itemKey`.
    case push(scene: String, itemKey: String)
    /// Show the detail of the item with `itemKey` in `scene`.
    case showDetail(scene: String, itemKey: String)
    /// Toggle the row's checkmark in a selection list.
    case toggleCheckmark
    /// Nothing happens.
    case none
}
