import Foundation
import Testing
@testable import TableExport
import TableStore

@Suite("The page records say what each exported page was made from and links to")
struct PageRecordsTests {
    static func folder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-records-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("saved and read back: keys and texts with tabs, newlines, backslashes and \\u{1}, pages without data, empty lists")
    func roundTrip() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let odd = "a\tb\nc\\d\u{1}e ü"
        let records = PageRecords(inputs: "in", base: "base", data: "7\n\titems\t7\t{}\t1\nfile 1:2", pages: [
            .init(file: "index.html", dependencies: PageDependencies(lists: [.root("items"), ListID(parent: "items/\(odd)", relationship: "parts")], items: []),
                  links: [PageLink(text: "./\(odd)/index.html", target: "\(odd)/index.html", anchor: nil)], ids: ["row-\(odd)"]),
            .init(file: "\(odd)/index.html", dependencies: PageDependencies(lists: [], items: ["items/\(odd)"]),
                  links: [PageLink(text: "../index.html#row-\(odd)", target: "index.html", anchor: "row-\(odd)")], ids: []),
            .init(file: "swift/index.html", dependencies: nil, links: [], ids: ["content", "row-1"]),
            .init(file: "static/index.html", dependencies: PageDependencies(lists: [], items: []), links: [], ids: []),
        ])
        try records.save(to: folder)
        #expect(PageRecords.load(from: folder) == records)
        PageRecords.remove(from: folder)
        #expect(PageRecords.load(from: folder) == nil)
    }

    @Test("records of results leave out links to the public folder, links a page holds to itself and ids no other page names")
    func fromResults() {
        let root = PageResult(path: [], file: "index.html", ids: ["content", "row-a", "row-b"],
                              links: [PageLink(text: "./_assets/t.css", target: "_assets/t.css", anchor: nil),
                                      PageLink(text: "#content", target: "index.html", anchor: "content"),
                                      PageLink(text: "#gone", target: "index.html", anchor: "gone"),
                                      PageLink(text: "./a/index.html", target: "a/index.html", anchor: nil)],
                              problems: [], wasWritten: true)
        let child = PageResult(path: ["a"], file: "a/index.html", ids: ["content"],
                               links: [PageLink(text: "../index.html#row-a", target: "index.html", anchor: "row-a")], problems: [], wasWritten: false)
        let records = PageRecords(inputs: "in", base: "b", data: "1", results: [root, child])
        #expect(records.pages[0].links.map(\.text) == ["#gone", "./a/index.html"], "a link to an id the page lacks is kept, to be checked")
        #expect(records.pages[0].ids == ["row-a"] && records.pages[1].ids == [])
        #expect(records.pages[1].links == child.links)
    }

    @Test("a records file from elsewhere or cut short is not taken as one")
    func unreadable() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for text in ["TableStack export pages 1\ninputs a\nbase b\n", "TableStack export pages 2\ninputs a\nbase b\ndata 1\n",
                     "TableStack export pages 1\ninputs a\nbase b\ndata 1\nindex.html\tXwhat\n",
                     "TableStack export pages 1\ninputs a\nbase b\ndata 1\nindex.html\tKonly-two\u{1}parts\n"] {
            try text.write(toFile: folder + "/" + PageRecords.fileName, atomically: true, encoding: .utf8)
            #expect(PageRecords.load(from: folder) == nil, "\(text.debugDescription)")
        }
    }
}
