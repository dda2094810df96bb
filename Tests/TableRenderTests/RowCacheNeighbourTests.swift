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
}
