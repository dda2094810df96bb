import Testing
@testable import TableExport
import TableStore

@Suite("An incremental plan takes the last export's records as they were written")
struct IncrementalPlanTests {
    static func page(_ file: String) -> PageRecords.Page {
        PageRecords.Page(file: file, dependencies: PageDependencies(lists: [], items: []), links: [], ids: [])
    }

    @Test("records kept in the order, or (written by something else) out of it")
    func carriedInOrder() throws {
        let inOrder = ["index.html", "a/index.html", "b/index.html", "a/x/index.html", "b/y/index.html"]
        for files in [inOrder, inOrder.reversed(), ["b/y/index.html", "index.html", "a/x/index.html", "b/index.html", "a/index.html"]] {
            let records = PageRecords(inputs: "in", base: "base", data: "1", pages: files.map(Self.page))
            let plan = try #require(IncrementalPlan(records: records, changes: ChangedData([]), notAsLeft: []))
            #expect(plan.results(notIn: [], children: [:]).map(\.file) == inOrder)
        }
    }

    @Test("two records of one page, or of two names for one path, make no plan: every page is made")
    func twoRecordsOfOnePage() {
        for files in [["index.html", "a/index.html", "a/index.html"], ["index.html", "a%20b/index.html", "a%20b//index.html"]] {
            let records = PageRecords(inputs: "in", base: "base", data: "1", pages: files.map(Self.page))
            #expect(IncrementalPlan(records: records, changes: ChangedData([]), notAsLeft: []) == nil, "\(files)")
        }
    }
}
