import Foundation
import Testing
@testable import TableExport

@Suite("A carried page's ids are completed from its file when a page made now names a new one")
struct CompleteIDsTests {
    static func result(_ file: String, ids: Set<String> = [], links: [PageLink] = [], line: String? = nil) -> PageResult {
        var result = PageResult(path: ExportState.path(ofPage: file) ?? [], file: file, ids: ids, links: links, problems: [], wasWritten: false)
        result.recordLine = line.map { ArraySlice($0.utf8) }
        return result
    }

    /// A page whose ids are `ids`.
    static func page(ids: [String]) -> Data {
        Data(("<html xmlns=\"http://www.w3.org/1999/xhtml\"><body>" + ids.map { "<p id=\"\($0)\"/>" }.joined() + "</body></html>").utf8)
    }

    @Test("only carried pages a made page links into by an anchor they did not keep are read, and their records line dropped")
    func readsOnlyWhatIsNamed() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-ids-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Every page has a file with more ids than its records keep: a page read that should not
        // be would gain them and lose its records line.
        for (page, ids) in [("a", ["kept", "new"]), ("b", ["x", "more"]), ("c", ["y", "more"])] {
            try FileManager.default.createDirectory(atPath: folder + "/" + page, withIntermediateDirectories: true)
            try Self.page(ids: ids).write(to: URL(fileURLWithPath: folder + "/" + page + "/index.html"))
        }
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
        var results = carried
        SiteExporter.completeIDs(of: &results, linkedFrom: made, in: folder)
        #expect(results[0].ids == ["kept", "new"] && results[0].recordLine == nil)
        #expect(results[1].ids == ["x"] && results[1].recordLine == ArraySlice("b".utf8), "the anchor was kept: nothing read")
        #expect(results[2].ids == ["y"] && results[2].recordLine == ArraySlice("c".utf8), "no anchor: nothing read")

        // Made pages that link by anchor only to one another read nothing.
        var among = [Self.result("a/index.html", line: "a")]
        SiteExporter.completeIDs(of: &among, linkedFrom: [made[1], Self.result("index.html", ids: ["top"])], in: folder)
        #expect(among[0].ids.isEmpty && among[0].recordLine == ArraySlice("a".utf8))
    }
}
