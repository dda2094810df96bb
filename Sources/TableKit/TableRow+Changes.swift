/// Which rows of a section differ from the rows rendered in their places before: a one-row edit
/// of a long list hands on every other row as the very row it was (the same cell box, place and
/// decisions), so most comparisons end at a few words, read in place.
extension TableRow {
    /// The positions of `rows` whose row is not equal to the one at the same position of
    /// `before` (every position past its end among them), in order.
    package static func positionsChanged(in rows: [TableRow], since before: [TableRow]) -> [Int] {
        rows.withUnsafeBufferPointer { now in
            before.withUnsafeBufferPointer { before in
                now.indices.filter { position in
                    guard position < before.count else { return true }
                    // Taken out of the arrays, each row would be copied (a retain of its cell and
                    // a release) to be compared: the fields are read where they lie, the cell's
                    // fields compared only when the two rows hold different boxes.
                    let row = now.baseAddress! + position, old = before.baseAddress! + position
                    return !(isSameRow(row, old) || row.pointee == old.pointee)
                }
            }
        }
    }

    /// Whether the rows at `row` and `old` hold the same cell box, place and decisions; the field
    /// read by a call out of this module, the index path, last (a row is copied for no other).
    private static func isSameRow(_ row: UnsafePointer<TableRow>, _ old: UnsafePointer<TableRow>) -> Bool {
        row.pointee.cell.sharesBox(with: old.pointee.cell) && row.pointee.editingStyle == old.pointee.editingStyle
            && row.pointee.isMovable == old.pointee.isMovable && row.pointee.canSwipeToDelete == old.pointee.canSwipeToDelete
            && row.pointee.canMoveUp == old.pointee.canMoveUp && row.pointee.canMoveDown == old.pointee.canMoveDown
            && row.pointee.isSelectable == old.pointee.isSelectable && row.pointee.indentsWhileEditing == old.pointee.indentsWhileEditing
            && row.pointee.insertionPlacement == old.pointee.insertionPlacement
            && row.pointee.deleteConfirmationTitle == old.pointee.deleteConfirmationTitle
            && row.pointee.indexPath == old.pointee.indexPath
    }
}
