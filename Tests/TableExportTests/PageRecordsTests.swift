import Foundation
import Testing
import TestSupport
@testable import TableExport
import TableRender
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
        #expect(PageRecords.templateChecks(in: folder) == nil, "records that name no templates' checks")
        var checked = records
        checked.templateChecks = "5f0e"
        try checked.save(to: folder)
        #expect(PageRecords.load(from: folder) == checked && PageRecords.load(from: folder) != records)
        #expect(PageRecords.templateChecks(in: folder) == "5f0e")
        PageRecords.remove(from: folder)
        #expect(PageRecords.load(from: folder) == nil && PageRecords.templateChecks(in: folder) == nil)
    }

    /// A records file of `body` (its lines after the header's, each ending in a newline), with
    /// the end line `save` writes: read as records as far as its lines are.
    static func sealed(_ body: String) -> String {
        let text = "TableStack export pages 3\ntemplates \ninputs in\nbase base\ndata 1\n" + body
        return text + "end \(body.split(separator: "\n").count) " + Fingerprint.hex(of: text) + "\n"
    }

    @Test("read without links, a page's links and ids come from its line when asked, as read with them")
    func linksReadLater() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let odd = "a\tb\nc\\d\u{1}e ü"
        let records = PageRecords(inputs: "in", base: "base", data: "1", pages: [
            .init(file: "index.html", dependencies: PageDependencies(lists: [.root("items")], items: []),
                  links: [PageLink(text: "./\(odd)/index.html", target: "\(odd)/index.html", anchor: nil),
                          PageLink(text: "https://x", target: nil, anchor: nil)], ids: ["row-\(odd)", "row-b"]),
            .init(file: "\(odd)/index.html", dependencies: nil,
                  links: [PageLink(text: "../index.html#row-\(odd)", target: "index.html", anchor: "row-\(odd)")], ids: []),
            .init(file: "static/index.html", dependencies: PageDependencies(lists: [], items: []), links: [], ids: []),
        ])
        try records.save(to: folder)
        var later = try #require(PageRecords.load(from: folder, readingLinks: false))
        #expect(later.pages.allSatisfy { $0.links.isEmpty && $0.ids.isEmpty && !$0.hasLinks })
        #expect(later.pages.map(\.dependencies) == records.pages.map(\.dependencies))
        #expect(later != records, "a page whose links are not read is not the page with them")
        for index in later.pages.indices {
            let isRead = later.pages[index].readLinks()
            #expect(isRead)
        }
        #expect(later == records)
        let isReadAgain = later.pages[0].readLinks()
        #expect(isReadAgain, "read once, asked again")

        // Links that are not as `save` writes them are found when they are read.
        for field in ["\tKonly-two\u{1}parts", "\tKa\u{1}b\u{1}c\u{1}d", "\tDbad\\q", "\tDa\u{1}b"] {
            try Self.sealed("index.html\tIitems/a" + field + "\n").write(toFile: folder + "/" + PageRecords.fileName, atomically: true,
                                                                         encoding: .utf8)
            #expect(PageRecords.load(from: folder) == nil, "\(field.debugDescription)")
            var page = try #require(PageRecords.load(from: folder, readingLinks: false)?.pages.first, "\(field.debugDescription)")
            #expect(page.dependencies?.items == ["items/a"])
            let before = page
            let isRead = page.readLinks()
            #expect(!isRead, "\(field.debugDescription)")
            #expect(page == before && !page.hasLinks && page.links.isEmpty, "a line that fails leaves the page as it was")
        }
    }

    @Test("a copy of a page's records changes alone; changed ids forget the order they were written in")
    func copiesChangeAlone() {
        let original = PageRecords.Page(file: "index.html", dependencies: PageDependencies(lists: [.root("items")], items: []),
                                        links: [PageLink(text: "./a/index.html", target: "a/index.html", anchor: nil)],
                                        ids: ["row-b", "row-a"], idOrder: ["row-b", "row-a"])
        var copy = original
        #expect(copy == original)
        copy.ids.insert("row-c")
        copy.links.removeAll()
        copy.file = "other.html"
        #expect(original.ids == ["row-b", "row-a"] && original.idOrder == ["row-b", "row-a"])
        #expect(original.links.count == 1 && original.file == "index.html")
        #expect(copy.ids == ["row-a", "row-b", "row-c"] && copy.idOrder == nil && copy.links.isEmpty)
        #expect(copy != original)
        var alone = PageRecords.Page(file: "x.html", dependencies: nil, links: [], ids: ["a"], idOrder: ["a"])
        alone.ids.remove("a")
        #expect(alone.idOrder == nil)
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

    @Test("a page taken as it is saves its line as read, the same bytes, until a page stops naming one of its ids")
    func linesTakenAsRead() throws {
        let folder = try Self.folder(), again = try Self.folder()
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: again)
        }
        let odd = "a\tb\nc\\d\u{1}e ü"
        let links = [PageLink(text: "./\(odd)/index.html", target: "\(odd)/index.html", anchor: nil)]
        let back = [PageLink(text: "../index.html#row-\(odd)", target: "index.html", anchor: "row-\(odd)"),
                    PageLink(text: "../index.html#row-b", target: "index.html", anchor: "row-b")]
        let records = PageRecords(inputs: "in", base: "b", data: "1", pages: [
            .init(file: "index.html", dependencies: PageDependencies(lists: [.root("items")], items: []), links: links,
                  ids: ["row-\(odd)", "row-b"]),
            .init(file: "\(odd)/index.html", dependencies: nil, links: back, ids: []),
        ])
        try records.save(to: folder)
        let loaded = try #require(PageRecords.load(from: folder))
        #expect(loaded.pages.allSatisfy { $0.line != nil })
        // The results of an export that took both pages as they were.
        func results(_ pages: [PageRecords.Page]) -> [PageResult] {
            pages.map { page in
                var result = PageResult(path: [], file: page.file, ids: page.ids, links: page.links, problems: [], wasWritten: false)
                result.dependencies = page.dependencies
                result.recordLine = page.line
                return result
            }
        }
        let saved = PageRecords(inputs: "in", base: "b", data: "1", results: results(loaded.pages))
        #expect(saved.pages.allSatisfy { $0.line != nil } && saved == records)
        try saved.save(to: again)
        #expect(FileManager.default.contents(atPath: again + "/" + PageRecords.fileName) == FileManager.default.contents(atPath: folder + "/" + PageRecords.fileName))
        // The second page, made again, no longer links to row-b: the first page's line is written
        // anew, the same as records made without any line.
        var fewer = results(loaded.pages)
        fewer[1].links.removeLast()
        fewer[1].recordLine = nil
        let rewritten = PageRecords(inputs: "in", base: "b", data: "1", results: fewer)
        #expect(rewritten.pages.allSatisfy { $0.line == nil } && rewritten.pages[0].ids == ["row-\(odd)"])
        try rewritten.save(to: again)
        var reference = rewritten
        reference.pages = rewritten.pages.map { PageRecords.Page(file: $0.file, dependencies: $0.dependencies, links: $0.links, ids: $0.ids) }
        try reference.save(to: folder)
        #expect(FileManager.default.contents(atPath: again + "/" + PageRecords.fileName) == FileManager.default.contents(atPath: folder + "/" + PageRecords.fileName))
    }

    @Test("a records file from elsewhere, cut short anywhere, or with what `save` never writes is not taken as one")
    func unreadable() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let records = PageRecords(inputs: "in", base: "b", data: "1", pages: [
            .init(file: "index.html", dependencies: PageDependencies(lists: [.root("items")], items: []),
                  links: [PageLink(text: "./a/index.html", target: "a/index.html", anchor: nil)], ids: ["row-a"]),
            .init(file: "a/index.html", dependencies: PageDependencies(lists: [], items: ["items/a"]), links: [], ids: []),
        ])
        try records.save(to: folder)
        let whole = try #require(FileManager.default.contents(atPath: folder + "/" + PageRecords.fileName))
        #expect(PageRecords.load(from: folder) == records)
        // Cut after every byte but the last: never read as records (a page line cut after its
        // name would otherwise pass for a page that depends on nothing).
        for length in 0..<whole.count {
            try whole.prefix(length).write(to: URL(fileURLWithPath: folder + "/" + PageRecords.fileName))
            #expect(PageRecords.load(from: folder) == nil, "cut at \(length)")
        }
        // Any byte changed: not read as records, though most changes would still parse.
        var random = SeededGenerator(seed: 3)
        for _ in 0..<200 {
            var damaged = whole
            let at = Int.random(in: 0..<(whole.count - 1), using: &random)
            damaged[at] = damaged[at] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
            try damaged.write(to: URL(fileURLWithPath: folder + "/" + PageRecords.fileName))
            #expect(PageRecords.load(from: folder) == nil, "byte \(at) changed")
        }
        // With a fingerprint that matches: another format, a count that does not, lines save
        // never writes.
        let body = "TableStack export pages 3\ntemplates 5f0e\ninputs a\nbase b\ndata 1\nindex.html\tIitems/a\n"
        let sealed = { (text: String) in text + "end 1 " + Fingerprint.hex(of: text) + "\n" }
        try sealed(body).write(toFile: folder + "/" + PageRecords.fileName, atomically: true, encoding: .utf8)
        #expect(PageRecords.load(from: folder)?.pages.first?.dependencies?.items == ["items/a"])
        #expect(PageRecords.load(from: folder)?.templateChecks == "5f0e" && PageRecords.templateChecks(in: folder) == "5f0e")
        for text in [body.replacingOccurrences(of: "pages 3", with: "pages 2"),
                     // An earlier TableStack's records: no templates line.
                     body.replacingOccurrences(of: "pages 3\ntemplates 5f0e", with: "pages 2"), body + "more.html\n",
                     body.replacingOccurrences(of: "\tIitems/a", with: "\tXwhat"),
                     body.replacingOccurrences(of: "\tIitems/a", with: "\tKonly-two\u{1}parts"),
                     body.replacingOccurrences(of: "\tIitems/a", with: "\tIitems/\\q"),
                     body.replacingOccurrences(of: "\tIitems/a", with: "\tIitems/a\\"),
                     body.replacingOccurrences(of: "\tIitems/a", with: "\tIitems/a\tO"),
                     body.replacingOccurrences(of: "index.html\tIitems/a", with: "\tIitems/a")] {
            try sealed(text).write(toFile: folder + "/" + PageRecords.fileName, atomically: true, encoding: .utf8)
            #expect(PageRecords.load(from: folder) == nil, "\(text.debugDescription)")
            // The templates line is read from the head alone, and only where this format has it.
            #expect(PageRecords.templateChecks(in: folder) == (text.hasPrefix("TableStack export pages 3\ntemplates 5f0e\n") ? "5f0e" : nil))
        }
    }
}
