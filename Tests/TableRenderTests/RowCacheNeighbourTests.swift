import Foundation
import TableKit
import Testing
@testable import TableRender

/// In editing mode a row's HTML names the rows beside it, so the row cache makes again the rows
/// next to each changed one, and the last row when the count changes.
@Suite("Rows made again beside a change")
struct RowCacheNeighbourTests {
    @Test("the rows beside each change, in order, within the section", arguments: [
        ([], 5, 5, []),
        ([2], 5, 5, [1, 2, 3]),
        ([0, 4], 5, 5, [0, 1, 3, 4]),
        ([1, 2], 5, 5, [0, 1, 2, 3]),
        // A row taken from the end: the new last row has no row below it now.
        ([], 4, 5, [3]),
        // One added at the end: it and the old last row.
        ([5], 6, 5, [4, 5]),
        ([0], 1, 0, [0]),
        ([], 0, 3, []),
    ])
    func beside(changed: [Int], count: Int, countBefore: Int, expected: [Int]) {
        #expect(RowCache.besideChanges(changed, count: count, countBefore: countBefore) == expected)
    }

    @Test("in editing mode a row alone in its section is made again when the section's title changes, as its Move buttons name it")
    func aloneRowsTitle() {
        let cache = RowCache(capacity: 100)
        let alone = [TableRow(indexPath: IndexPath(0, 0), cell: Cell(key: "x", text: "X"))]
        let two = alone + [TableRow(indexPath: IndexPath(row: 1, section: 0), cell: Cell(key: "y", text: "Y"))]
        func html(_ rows: [TableRow], title: String, editing: Bool) -> String {
            let state = RowCache.PageState(actions: nil, isEditing: editing, selectionMode: nil, assets: "", links: AnyHashable(0))
            return cache.html(for: rows, section: 0, title: title, state: state) { "\($0.cell.key) in \(title);" }.text
        }
        #expect(html(alone, title: "One", editing: true) == "x in One;")
        #expect(html(alone, title: "Uno", editing: true) == "x in Uno;", "the same rows, the same array, a new title")
        #expect(html(alone, title: "Uno", editing: false) == "x in Uno;")
        #expect(html(alone, title: "One", editing: false) == "x in Uno;", "a plain page's rows name no section")
        #expect(html(two, title: "Two", editing: true) == "x in Two;y in Two;")
        #expect(html(two, title: "Deux", editing: true) == "x in Two;y in Two;", "rows beside others name those rows")
    }
}
