import Foundation
import Testing
import TableKit

/// Which rows of a section a renderer must render again: every row not equal to the one in its
/// place before, whether it is the very row handed on or an equal one built anew.
@Suite("Rows changed since the last render")
struct RowChangesTests {
    static func rows(_ names: [String], section: Int = 0) -> [TableRow] {
        names.enumerated().map { TableRow(indexPath: IndexPath(row: $0.offset, section: section), cell: Cell(key: $0.element, text: $0.element)) }
    }

    @Test("the very rows handed on are unchanged; a row built anew with equal fields is too")
    func sameOrEqualRows() {
        let before = Self.rows(["a", "b", "c"])
        #expect(TableRow.positionsChanged(in: before, since: before).isEmpty)
        #expect(TableRow.positionsChanged(in: Self.rows(["a", "b", "c"]), since: before).isEmpty, "equal cells in other boxes")
    }

    /// One change for each stored field of a row: the cell's, its place and each of the table's
    /// decisions about it.
    static let changes: [(field: String, change: @Sendable (inout TableRow) -> Void)] = [
        ("indexPath", { $0.indexPath = IndexPath(row: 9, section: 1) }),
        ("cell", { $0.cell.text = "Changed" }),
        ("editingStyle", { $0.editingStyle = .delete }),
        ("isMovable", { $0.isMovable.toggle() }),
        ("canSwipeToDelete", { $0.canSwipeToDelete.toggle() }),
        ("canMoveUp", { $0.canMoveUp.toggle() }),
        ("canMoveDown", { $0.canMoveDown.toggle() }),
        ("isSelectable", { $0.isSelectable.toggle() }),
        ("deleteConfirmationTitle", { $0.deleteConfirmationTitle = "Remove" }),
        ("indentsWhileEditing", { $0.indentsWhileEditing.toggle() }),
        ("insertionPlacement", { $0.insertionPlacement = .before }),
    ]

    @Test("a change to any one field of a row marks that row, and only that row")
    func eachFieldCounts() {
        let before = Self.rows(["a", "b", "c"])
        for (field, change) in Self.changes {
            var now = before
            change(&now[1])
            #expect(TableRow.positionsChanged(in: now, since: before) == [1], "a change of \(field) alone")
        }
        // A field added to the row must be added to the comparison's fast path (and here).
        #expect(Mirror(reflecting: before[0]).children.compactMap(\.label) == Self.changes.map(\.field))
    }

    @Test("rows past the end of the last render are all new; a shorter section has none")
    func differentCounts() {
        let before = Self.rows(["a", "b"])
        #expect(TableRow.positionsChanged(in: Self.rows(["a", "b", "c", "d"]), since: before) == [2, 3])
        #expect(TableRow.positionsChanged(in: Self.rows(["a"]), since: before).isEmpty)
        #expect(TableRow.positionsChanged(in: Self.rows(["x", "y"]), since: []) == [0, 1])
        #expect(TableRow.positionsChanged(in: [], since: before).isEmpty)
    }
}
