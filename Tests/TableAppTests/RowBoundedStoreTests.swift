import Testing
@testable import TableApp

/// The bound on the rows the scene caches keep: past it, the values least recently kept or used
/// go first.
@Suite("Values kept within a budget of rows")
struct RowBoundedStoreTests {
    @Test("keeping past the budget drops the least recently kept or used value")
    func leastRecentlyUsedGoesFirst() {
        var store = RowBoundedStore<String, Int>(capacity: 5)
        store.keep(1, rows: 2, for: "a")
        store.keep(2, rows: 2, for: "b")
        #expect(store.use("a") == 1)
        store.keep(3, rows: 2, for: "c")
        #expect(store["a"] == 1, "used after b was kept, so kept")
        #expect(store["b"] == nil, "kept least recently and never used")
        #expect(store["c"] == 3)
        #expect(store.use("b") == nil)
    }

    @Test("a value of more rows than the whole budget is not kept")
    func tooLarge() {
        var store = RowBoundedStore<String, Int>(capacity: 5)
        store.keep(1, rows: 6, for: "a")
        #expect(store["a"] == nil)
    }
}
