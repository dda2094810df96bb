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

    @Test("a changed cell, place or decision marks its row, and only its row")
    func eachFieldCounts() {
        let before = Self.rows(["a", "b", "c"])
        var text = before
        text[1].cell.text = "B"
        #expect(TableRow.positionsChanged(in: text, since: before) == [1])
        var section = before
        section[2].indexPath = IndexPath(row: 2, section: 1)
        #expect(TableRow.positionsChanged(in: section, since: before) == [2])
        var editing = before
        editing[0].editingStyle = .delete
        editing[2].deleteConfirmationTitle = "Remove"
        #expect(TableRow.positionsChanged(in: editing, since: before) == [0, 2])
        var movable = before
        movable[1].canMoveDown = true
        #expect(TableRow.positionsChanged(in: movable, since: before) == [1])
        var placement = before
        placement[0].insertionPlacement = .before
        placement[0].indentsWhileEditing = false
        #expect(TableRow.positionsChanged(in: placement, since: before) == [0])
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
