import Testing
@testable import TableExport

@Suite("A lookup by file that remembers the last")
struct RememberingLookupTests {
    @Test("runs of one file, files not in the table and files in turn all give the table's values")
    func givesTheTablesValues() {
        let table = ["index.html": 0, "a/index.html": 1]
        var lookup = RememberingLookup(table)
        let asked = ["index.html", "index.html", "b/index.html", "b/index.html", "a/index.html", "index.html", "a/index.html", "", "index.html"]
        #expect(asked.map { lookup.value(for: $0) } == asked.map { table[$0] })
    }
}
