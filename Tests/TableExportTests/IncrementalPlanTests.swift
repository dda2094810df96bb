import Foundation
import Testing
@testable import TableExport
import TableStore

@Suite("An incremental plan takes the last export's records as they were written")
struct IncrementalPlanTests {
    static func page(_ file: String) -> PageRecords.Page {
        PageRecords.Page(file: file, dependencies: PageDependencies(lists: [], items: []), links: [], ids: [])
    }

    /// The carried pages' results, their links read from their lines or else their files in `folder`.
    static func results(of plan: IncrementalPlan, notIn made: Set<[String]>, children: [[String]: Set<String>],
                        folder: String) -> [PageResult] {
        plan.results(notIn: made, children: children, pages: plan.pagesWithLinks()) { SiteExporter.linksAndIDs(ofFile: $0, in: folder) }
    }

    @Test("records kept in the order, or (written by something else) out of it")
    func carriedInOrder() throws {
        let inOrder = ["index.html", "a/index.html", "b/index.html", "a/x/index.html", "b/y/index.html"]
        for files in [inOrder, inOrder.reversed(), ["b/y/index.html", "index.html", "a/x/index.html", "b/index.html", "a/index.html"]] {
            let records = PageRecords(inputs: "in", base: "base", data: "1", pages: files.map(Self.page))
            let plan = try #require(IncrementalPlan(records: records, changes: ChangedData([]), notAsLeft: []))
            #expect(Self.results(of: plan, notIn: [], children: [:], folder: "/nonexistent").map(\.file) == inOrder)
        }
    }

    @Test("a carried page is taken while it is reached: its parent carried and taken, or read again and linking to it")
    func carriedPagesReached() throws {
        let files = ["index.html", "a/index.html", "b/index.html", "c/index.html", "a/x/index.html", "a/y/index.html",
                     "b/z/index.html", "c/w/index.html", "a/x/1/index.html", "b/z/2/index.html", "c/w/3/index.html"]
        let records = PageRecords(inputs: "in", base: "base", data: "1", pages: files.map(Self.page))
        let plan = try #require(IncrementalPlan(records: records, changes: ChangedData([]), notAsLeft: []))
        // The root and b are made again: the root still links to a and c, b no longer to z.
        let taken = Self.results(of: plan, notIn: [[], ["b"]], children: [[]: ["a", "c"], ["b"]: ["q"]], folder: "/nonexistent").map(\.file)
        #expect(taken == ["a/index.html", "c/index.html", "a/x/index.html", "a/y/index.html", "c/w/index.html",
                          "a/x/1/index.html", "c/w/3/index.html"])
        // The root no longer links to c: c and everything below it is left out.
        let fewer = Self.results(of: plan, notIn: [[], ["b"]], children: [[]: ["a"], ["b"]: ["z"]], folder: "/nonexistent").map(\.file)
        #expect(fewer == ["a/index.html", "a/x/index.html", "a/y/index.html", "b/z/index.html", "a/x/1/index.html", "b/z/2/index.html"])
        // Everything carried: all of it, parents before children.
        #expect(Self.results(of: plan, notIn: [], children: [:], folder: "/nonexistent").map(\.file) == files)
    }

    @Test("two records of one page, or of two names for one path, make no plan: every page is made")
    func twoRecordsOfOnePage() {
        for files in [["index.html", "a/index.html", "a/index.html"], ["index.html", "a%20b/index.html", "a%20b//index.html"]] {
            let records = PageRecords(inputs: "in", base: "base", data: "1", pages: files.map(Self.page))
            #expect(IncrementalPlan(records: records, changes: ChangedData([]), notAsLeft: []) == nil, "\(files)")
        }
    }

    @Test("read without links, the records give the pages carried their links; one whose line cannot give them has them read from its file")
    func linksOfCarriedPages() throws {
        let folder = try PageRecordsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let body = "index.html\tL\u{1}items\tKa/index.html\u{1}\u{1}./a/index.html\tDrow-a\n"
            + "a/index.html\tIitems/a\tKindex.html\u{1}row-a\u{1}../index.html#row-a\n"
            + "b/index.html\tIitems/b\tKbroken\n"
        try PageRecordsTests.sealed(body).write(toFile: folder + "/" + PageRecords.fileName, atomically: true, encoding: .utf8)
        let records = try #require(PageRecords.load(from: folder, readingLinks: false))
        // b's page is made again (its file changed), so its links are never read.
        let plan = try #require(IncrementalPlan(records: records, changes: ChangedData([]), notAsLeft: ["b/index.html"]))
        let results = Self.results(of: plan, notIn: [], children: [:], folder: folder)
        #expect(results.map(\.file) == ["index.html", "a/index.html"])
        #expect(results.map(\.links) == [[PageLink(text: "./a/index.html", target: "a/index.html", anchor: nil)],
                                          [PageLink(text: "../index.html#row-a", target: "index.html", anchor: "row-a")]])
        #expect(results.map(\.ids) == [["row-a"], []])
        #expect(results.allSatisfy { $0.recordLine != nil })
        // Carried, b's page has its links and ids read from its file, and its line is not kept.
        try FileManager.default.createDirectory(atPath: folder + "/b", withIntermediateDirectories: true)
        try "<html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p id=\"here\"><a href=\"../index.html#row-a\">a</a></p></body></html>"
            .write(toFile: folder + "/b/index.html", atomically: true, encoding: .utf8)
        let carried = try #require(IncrementalPlan(records: records, changes: ChangedData([]), notAsLeft: []))
        let b = try #require(Self.results(of: carried, notIn: [], children: [:], folder: folder).last)
        #expect(b.file == "b/index.html" && b.recordLine == nil)
        #expect(b.links == [PageLink(text: "../index.html#row-a", target: "index.html", anchor: "row-a")] && b.ids == ["here"])
        #expect(b.problems.isEmpty)
        // With neither a line nor a file to read them from, the page has a problem: the export
        // fails, leaves no records, and the next one makes every page.
        try FileManager.default.removeItem(atPath: folder + "/b/index.html")
        let unread = try #require(Self.results(of: carried, notIn: [], children: [:], folder: folder).last)
        #expect(unread.file == "b/index.html" && unread.problems.count == 1 && unread.problems[0].hasPrefix("b/index.html: "))
    }
}
