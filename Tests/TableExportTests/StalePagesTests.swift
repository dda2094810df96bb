import Foundation
import Testing
@testable import TableExport
import TableRender
import TableStore

/// Pages the site no longer has leave the export folder with the next export, and nothing else does.
@Suite("Pages of deleted items")
struct StalePagesTests {
    @Test("a deleted item's page and its emptied folder go; a page changed by hand and files someone added stay")
    func deletedItemsPagesGo() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let first = try await fixture.export(sources: "app")
        #expect(first.problems == [])
        let keys = try #require(try await fixture.store.document().lists.first { $0.name == "groceries" }?.items.map(\.key))
        try #require(keys.count >= 3 && keys.contains("milk"))
        let changed = try #require(keys.first { $0 != "milk" }), keptFolder = try #require(keys.last { $0 != "milk" })
        let page = { (key: String) in fixture.output + "/groceries/" + key + "/index.html" }
        try #require(FileManager.default.fileExists(atPath: page("milk")))
        // Someone edits one page by hand and leaves a file of their own beside another.
        try "edited by hand".write(toFile: page(changed), atomically: false, encoding: .utf8)
        try "my notes".write(toFile: fixture.output + "/groceries/" + keptFolder + "/notes.txt", atomically: true, encoding: .utf8)

        for key in ["milk", changed, keptFolder] {
            try await fixture.store.apply([.delete(key: key)], to: .root("groceries"), basedOn: nil)
        }
        let second = try await fixture.export(sources: "app")
        #expect(second.problems == [])
        #expect(!second.pages.contains(["groceries", "milk"]))
        #expect(!FileManager.default.fileExists(atPath: page("milk")))
        #expect(!FileManager.default.fileExists(atPath: fixture.output + "/groceries/milk"), "the emptied folder goes too")
        #expect(try String(contentsOfFile: page(changed), encoding: .utf8) == "edited by hand", "a page changed since stays")
        #expect(!FileManager.default.fileExists(atPath: page(keptFolder)))
        #expect(try String(contentsOfFile: fixture.output + "/groceries/" + keptFolder + "/notes.txt", encoding: .utf8) == "my notes")
        #expect(second.removed == 2)

        // Every page file left is a page of the site, but the one changed by hand.
        let files = Set(try Self.pageFiles(in: fixture.output))
        let pages = Set(second.pages.map { ($0.map(URLBuilder.encodeSegment) + ["index.html"]).joined(separator: "/") })
        #expect(files == pages.union(["groceries/\(changed)/index.html"]))
        // Nothing more to remove the next time.
        #expect(try await fixture.export(sources: "app").removed == 0)
    }

    @Test("a file someone put where a new item's page goes is refused and kept as it is, not replaced by the page")
    func handFileWhereAPageGoes() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        _ = try await fixture.export(sources: "app")
        let folder = fixture.output + "/groceries/saffron"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try "my own page".write(toFile: folder + "/index.html", atomically: true, encoding: .utf8)
        try await fixture.store.apply([.insert(StoredItem(key: "saffron", attributes: ["name": .string("Saffron")]), at: 0)],
                                      to: .root("groceries"), basedOn: nil)
        let refusal = await #expect(throws: ExportError.self) { try await fixture.export(sources: "app") }
        #expect(refusal?.description == folder + "/index.html: cannot write: a file no export into this folder lists as its own stands here, "
                + "and an export never replaces such a file; move it away and export again")
        #expect(try String(contentsOfFile: folder + "/index.html", encoding: .utf8) == "my own page")
        // Refused again (the failed export's state lists it no more than before), then made once moved away.
        await #expect(throws: ExportError.self) { try await fixture.export(sources: "app") }
        #expect(try String(contentsOfFile: folder + "/index.html", encoding: .utf8) == "my own page")
        try FileManager.default.moveItem(atPath: folder + "/index.html", toPath: fixture.folder.appendingPathComponent("mine.html").path)
        let report = try await fixture.export(sources: "app")
        #expect(report.problems == [] && report.pages.contains(["groceries", "saffron"]))
        #expect(try String(contentsOfFile: folder + "/index.html", encoding: .utf8).contains("Saffron"))
    }

    @Test("a first export into a folder of someone else's files refuses one where a page goes; one killed there leaves its pages to the next")
    func firstExportIntoAFolder() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        try FileManager.default.createDirectory(atPath: fixture.output, withIntermediateDirectories: true)
        try "my home page".write(toFile: fixture.output + "/index.html", atomically: true, encoding: .utf8)
        try "my notes".write(toFile: fixture.output + "/notes.txt", atomically: true, encoding: .utf8)
        let refusal = await #expect(throws: ExportError.self) { try await fixture.export(sources: "app") }
        #expect(refusal?.description.hasSuffix("an export never replaces such a file (the folder's exports are not known: it holds no record of them, "
                                               + ".tablestack-export-state); move it away, or export into a new folder") == true, "\(String(describing: refusal))")
        #expect(try String(contentsOfFile: fixture.output + "/index.html", encoding: .utf8) == "my home page")
        // Taken back: no page, asset or record of the refused export is left among that person's files.
        #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.output).sorted() == ["index.html", "notes.txt"])
        try FileManager.default.removeItem(atPath: fixture.output + "/index.html")
        #expect(try await fixture.export(sources: "app").problems == [])
        #expect(try String(contentsOfFile: fixture.output + "/notes.txt", encoding: .utf8) == "my notes")

        // A record that cannot be read tells no file for an export's either, and says so.
        try "garbage".write(toFile: fixture.output + "/" + ExportState.fileName, atomically: true, encoding: .utf8)
        try await fixture.store.apply([.insert(StoredItem(key: "saffron", attributes: ["name": .string("Saffron")]), at: 0)],
                                      to: .root("groceries"), basedOn: nil)
        try FileManager.default.createDirectory(atPath: fixture.output + "/groceries/saffron", withIntermediateDirectories: false)
        try "mine".write(toFile: fixture.output + "/groceries/saffron/index.html", atomically: true, encoding: .utf8)
        let unreadable = await #expect(throws: ExportError.self) { try await fixture.export(sources: "app") }
        #expect(unreadable?.description.contains("its record of them cannot be read") == true, "\(String(describing: unreadable))")
        #expect(try String(contentsOfFile: fixture.output + "/groceries/saffron/index.html", encoding: .utf8) == "mine")
        #expect(FileManager.default.fileExists(atPath: fixture.output + "/groceries/index.html"), "the earlier export's pages stay")
        try FileManager.default.removeItem(atPath: fixture.output + "/groceries/saffron/index.html")

        // Killed as it began in a folder of its own files (here: its state gone, then struck out as an export begins).
        try? FileManager.default.removeItem(atPath: fixture.output + "/" + ExportState.fileName)
        ExportState.keepPagesOnly(of: nil, in: fixture.output)
        #expect(try await fixture.export(sources: "app").problems == [], "its own pages are replaced, not refused")
    }

    @Test("a first export into a folder where someone's links stand at a page or a page's folder is refused and leaves the links as they were")
    func firstExportLeavesLinks() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let elsewhere = fixture.folder.appendingPathComponent("elsewhere").path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        try "theirs".write(toFile: elsewhere + "/page.html", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: fixture.output, withIntermediateDirectories: true)
        for (link, target) in [("index.html", elsewhere + "/page.html"), ("groceries", elsewhere)] {
            try FileManager.default.createSymbolicLink(atPath: fixture.output + "/" + link, withDestinationPath: target)
            let refusal = await #expect(throws: ExportError.self) { try await fixture.export(sources: "app") }
            #expect(refusal?.description.contains("/\(link): ") == true && refusal?.description.hasSuffix("move it away, or export into a new folder") == true,
                    "\(String(describing: refusal))")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: fixture.output + "/" + link) == target)
            #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.output) == [link], "the refused export is taken back")
            try FileManager.default.removeItem(atPath: fixture.output + "/" + link)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere) == ["page.html"], "nothing was written through a link")
        #expect(try await fixture.export(sources: "app").problems == [])
    }

    @Test("a fresh export removes the half-made folders killed exports of its folder left, not those of a running one or another folder's")
    func killedFreshExportsLeftovers() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let beside = { (name: String) in fixture.folder.appendingPathComponent(name).path }
        // A process id no process has (beyond the largest Linux gives), this one's, and older names.
        let gone = beside("dist.tablestack-partial-99999999-0A1B"), running = beside("dist.tablestack-partial-\(getpid())-0A1B")
        let unnamed = beside("dist.tablestack-partial-5FE901C3-D380-4E2F-B3E1-1D8F870EBFE2"), other = beside("other.tablestack-partial-99999999-0A1B")
        for path in [gone, running, unnamed, other] {
            try FileManager.default.createDirectory(atPath: path + "/groceries", withIntermediateDirectories: true)
        }
        #expect(try await fixture.export(sources: "app").problems == [])
        #expect(!FileManager.default.fileExists(atPath: gone))
        for kept in [running, unnamed, other] { #expect(FileManager.default.fileExists(atPath: kept), "\(kept)") }
    }

    @Test("the pages a killed export wrote for data since gone are removed by the next export, and never block a later one")
    func killedExportsOrphans() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        _ = try await fixture.export(sources: "app")
        let saffron = StoredItem(key: "saffron", attributes: ["name": .string("Saffron")])
        try await fixture.store.apply([.insert(saffron, at: 0)], to: .root("groceries"), basedOn: nil)
        let page = try Self.leaveAsKilled(fixture, journaling: "groceries/saffron/index.html\ngroceries/sa")
        // The next export's data has no saffron: the killed export's page goes.
        try await fixture.store.apply([.delete(key: "saffron")], to: .root("groceries"), basedOn: nil)
        let next = try await fixture.export(sources: "app")
        #expect(next.problems == [] && next.removed == 1 && !FileManager.default.fileExists(atPath: page))
        #expect(!FileManager.default.fileExists(atPath: fixture.output + "/" + WrittenJournal.fileName))
        // Saffron back: its page is made, not refused as someone else's file.
        try await fixture.store.apply([.insert(saffron, at: 0)], to: .root("groceries"), basedOn: nil)
        #expect(try await fixture.export(sources: "app").problems == [])
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("Saffron"))
    }

    /// Leaves the fixture's folder as an export killed part way would: its state struck out when
    /// it began, saffron's page half written, and `journaling` in its journal. Saffron's page.
    static func leaveAsKilled(_ fixture: ExportFixture, journaling: String?) throws -> String {
        ExportState.keepPagesOnly(of: ExportState.load(from: fixture.output), in: fixture.output)
        let page = fixture.output + "/groceries/saffron/index.html"
        try FileManager.default.createDirectory(atPath: fixture.output + "/groceries/saffron", withIntermediateDirectories: false)
        try "<!DOCTYPE html><html".write(toFile: page, atomically: true, encoding: .utf8)
        try journaling?.write(toFile: fixture.output + "/" + WrittenJournal.fileName, atomically: true, encoding: .utf8)
        return page
    }

    @Test("a page file an export killed part way wrote, which its state could not list, is replaced by the next export, not refused")
    func killedExportsFile() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        _ = try await fixture.export(sources: "app")
        try await fixture.store.apply([.insert(StoredItem(key: "saffron", attributes: ["name": .string("Saffron")]), at: 0)],
                                      to: .root("groceries"), basedOn: nil)
        // Killed before it named the page (by a TableStack that kept no journal, say).
        let page = try Self.leaveAsKilled(fixture, journaling: nil)
        let report = try await fixture.export(sources: "app")
        #expect(report.problems == [])
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains("Saffron"))
    }

    @Test("a deleted item's folder moved away and linked back is left alone: no link is followed")
    func noLinkFollowed() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        _ = try await fixture.export(sources: "app")
        let outside = fixture.folder.appendingPathComponent("kept-milk").path
        try FileManager.default.moveItem(atPath: fixture.output + "/groceries/milk", toPath: outside)
        try FileManager.default.createSymbolicLink(atPath: fixture.output + "/groceries/milk", withDestinationPath: outside)
        try await fixture.store.apply([.delete(key: "milk")], to: .root("groceries"), basedOn: nil)
        let report = try await fixture.export(sources: "app")
        #expect(report.removed == 0)
        #expect(FileManager.default.fileExists(atPath: outside + "/index.html"), "the file the link leads to, outside the folder, stays")
    }

    @Test("a page's folder replaced by a link to a folder elsewhere gets its own folder again; the page is never written through the link")
    func noPageWrittenThroughALink() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        _ = try await fixture.export(sources: "app")
        let outside = fixture.folder.appendingPathComponent("someone-elses").path
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: false)
        try Data("not a page".utf8).write(to: URL(fileURLWithPath: outside + "/index.html"))
        try FileManager.default.removeItem(atPath: fixture.output + "/groceries/milk")
        try FileManager.default.createSymbolicLink(atPath: fixture.output + "/groceries/milk", withDestinationPath: outside)
        _ = try await fixture.export(sources: "app, changed")
        #expect(FileManager.default.contents(atPath: outside + "/index.html") == Data("not a page".utf8))
        let kind = try FileManager.default.attributesOfItem(atPath: fixture.output + "/groceries/milk")[.type] as? FileAttributeType
        #expect(kind == .typeDirectory)
        #expect(try String(contentsOfFile: fixture.output + "/groceries/milk/index.html", encoding: .utf8).contains("<html"))
    }

    @Test("an export that fails part way leaves the last one's pages listed, so the next removes what the site lost")
    func afterAFailedExport() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        _ = try await fixture.export(sources: "app")
        try await fixture.store.apply([.delete(key: "milk")], to: .root("groceries"), basedOn: nil)
        // The list's page cannot be written (a folder stands in its place): the export fails.
        let list = fixture.output + "/groceries/index.html"
        try FileManager.default.removeItem(atPath: list)
        try FileManager.default.createDirectory(atPath: list, withIntermediateDirectories: false)
        await #expect(throws: (any Error).self) { try await fixture.export(sources: "app") }
        #expect(FileManager.default.fileExists(atPath: fixture.output + "/groceries/milk/index.html"))
        // The failed export struck out the state's fingerprint as it began (the folder is no
        // longer up to date) and kept its page list.
        let kept = try #require(ExportState.load(from: fixture.output))
        #expect(kept.hasUnknownInputs)
        #expect(kept.pages.contains { $0.file == "groceries/milk/index.html" })
        try FileManager.default.removeItem(atPath: list)
        let report = try await fixture.export(sources: "app")
        #expect(report.problems == [] && report.removed == 1)
        #expect(!FileManager.default.fileExists(atPath: fixture.output + "/groceries/milk/index.html"))
    }

    @Test("an export that fails after writing a new item's page lists it, so the next removes it once the item is deleted")
    func pagesOfAFailedExport() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        _ = try await fixture.export(sources: "app")
        try await fixture.store.apply([.insert(StoredItem(key: "tea", attributes: ["name": .string("Tea")]), at: 0)], to: .root("groceries"), basedOn: nil)
        // The sitemap, written once every page is, cannot be (a folder stands in its place).
        let sitemap = fixture.output + "/sitemap.xml", tea = fixture.output + "/groceries/tea/index.html"
        try FileManager.default.createDirectory(atPath: sitemap, withIntermediateDirectories: false)
        await #expect(throws: (any Error).self) { try await fixture.export(sources: "app", siteURL: "https://example.com") }
        #expect(FileManager.default.fileExists(atPath: tea), "written before the export failed")
        let kept = try #require(ExportState.load(from: fixture.output))
        #expect(kept.hasUnknownInputs && kept.pages.contains { $0.file == "groceries/tea/index.html" })
        #expect(kept.pages.contains { $0.file == "groceries/milk/index.html" }, "the last complete export's pages stay listed")
        try FileManager.default.removeItem(atPath: sitemap)
        try await fixture.store.apply([.delete(key: "tea")], to: .root("groceries"), basedOn: nil)
        let report = try await fixture.export(sources: "app")
        #expect(report.problems == [] && report.removed == 1)
        #expect(!FileManager.default.fileExists(atPath: tea), "a deleted item's page does not outlive it")
    }

    @Test("only names an export gives pages below the root are taken for page files")
    func pageNames() {
        for name in ["a/index.html", "a/b/index.html", "caf%C3%A9/index.html", ".hidden/index.html"] {
            #expect(StalePages.isPageName(name), "\(name)")
        }
        for name in ["index.html", "../index.html", "a/../index.html", "./index.html", "/a/index.html", "a//index.html", "a/notes.txt", "a/index.html/"] {
            #expect(!StalePages.isPageName(name), "\(name)")
        }
    }

    /// The `index.html` files below `folder`, relative to it.
    static func pageFiles(in folder: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: folder).filter { $0 == "index.html" || $0.hasSuffix("/index.html") }
    }
}
