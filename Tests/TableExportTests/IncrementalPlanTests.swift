import Foundation
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

@Suite("A carried page's ids are completed from its file when a page made now names a new one")
struct CarriedIDsTests {
    static func result(_ file: String, ids: Set<String> = [], links: [PageLink] = [], line: String? = nil) -> PageResult {
        var result = PageResult(path: ExportState.path(ofPage: file) ?? [], file: file, ids: ids, links: links, problems: [], wasWritten: false)
        result.recordLine = line.map { ArraySlice($0.utf8) }
        return result
    }

    @Test("only carried pages a made page links into by an anchor they did not keep are read, and their records line dropped")
    func readsOnlyWhatIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-ids-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder + "/a", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Data(#"<html xmlns="http://www.w3.org/1999/xhtml"><body><p id="kept"/><p id="new"/></body></html>"#.utf8)
            .write(to: URL(fileURLWithPath: folder + "/a/index.html"))
        // "b" has no file: reading it would leave its ids empty.
        let made = [
            Self.result("index.html", ids: ["top"], links: [
                PageLink(text: "a/index.html#new", target: "a/index.html", anchor: "new"),
                PageLink(text: "b/index.html#x", target: "b/index.html", anchor: "x"),
                PageLink(text: "#top", target: "index.html", anchor: "top"),
                PageLink(text: "c/index.html", target: "c/index.html", anchor: nil),
            ]),
            Self.result("n/index.html", links: [PageLink(text: "../index.html#top", target: "index.html", anchor: "top")]),
        ]
        let carried = [Self.result("a/index.html", ids: ["kept"], line: "a"), Self.result("b/index.html", ids: ["x"], line: "b"),
                       Self.result("c/index.html", ids: ["y"], line: "c")]
        var results = made + carried
        SiteExporter.completeIDs(of: &results, carriedFrom: made.count, in: folder)
        #expect(results[2].ids == ["kept", "new"] && results[2].recordLine == nil)
        #expect(results[3].ids == ["x"] && results[3].recordLine == ArraySlice("b".utf8), "the anchor was kept: nothing read")
        #expect(results[4].ids == ["y"] && results[4].recordLine == ArraySlice("c".utf8), "no anchor: nothing read")
        #expect(results[..<2].map(\.ids) == made.map(\.ids))

        // Made pages that link by anchor only to one another read nothing.
        var among = [made[1], Self.result("index.html", ids: ["top"])] + [Self.result("a/index.html", line: "a")]
        SiteExporter.completeIDs(of: &among, carriedFrom: 2, in: folder)
        #expect(among[2].ids.isEmpty && among[2].recordLine == ArraySlice("a".utf8))
    }
}
