import Foundation
import GRDB
import Glibc
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TestSupport
import TableApp
@testable import TableExport
import TableKit
import TableRender
import TableServer
import TableSite
import TableStore

/// An app and its data in a temporary folder, exported to another.
struct ExportFixture {
    let folder: URL
    let store: SQLiteStore
    let site: Site
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    init(app: AppDefinition? = nil, data: DataDocument? = nil) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try SQLiteStore(path: folder.appendingPathComponent("data.sqlite").path, durability: .normal)
        if let data { try await store.load(data, replacing: true) } else { try await DemoApp.seedIfEmpty(store) }
        let definition = try app ?? DemoApp.definition()
        let templates = try TemplateSet(folder: Self.repository.appendingPathComponent("Templates").path, appFolder: definition.templateFolder)
        site = Site(storyboard: AppRuntime(app: definition, store: store), renderer: PageRenderer(templates: templates),
                    urls: URLBuilder())
    }

    var output: String { folder.appendingPathComponent("dist").path }

    /// Moves the time of the change log's newest commit `seconds` on, as a server whose clock is
    /// that far ahead would have stamped it; through a connection of its own, as another process.
    func stampNewestCommit(secondsAhead seconds: Int) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let database = try DatabaseQueue(path: folder.appendingPathComponent("data.sqlite").path, configuration: configuration)
        try database.write { db in
            try db.execute(sql: "UPDATE changes SET at = at + ? WHERE sequence = (SELECT MAX(sequence) FROM changes)", arguments: [seconds])
        }
    }

    /// (`sectionsRecordedFromRows`: from how many rows a page records its sections, when not the
    /// export's own number.)
    func export(at date: Date = Date(), sources: String? = nil, publicFolder: String? = nil, siteURL: String? = nil,
                sectionsRecordedFromRows: Int? = nil) async throws -> ExportReport {
        var options = ExportOptions(outputFolder: output, siteURL: siteURL,
                                    publicFolder: publicFolder ?? Self.repository.appendingPathComponent("Public").path, date: date)
        options.sources = sources
        if let sectionsRecordedFromRows { options.sectionsRecordedFromRows = sectionsRecordedFromRows }
        let answer = try await SiteExporter.upToDateReport(options: options, store: store)
        let report = try await SiteExporter(site: site, options: options).export()
        // The check a command makes before it loads its templates agrees with the export's own.
        #expect(answer?.pages == (report.wasUpToDate ? report.pages : nil) && answer?.problems == (report.wasUpToDate ? report.problems : nil))
        return report
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Every written page, parsed, by its file path inside the export.
    func parsedPages() throws -> [String: XMLElement] {
        var pages: [String: XMLElement] = [:]
        let enumerator = FileManager.default.enumerator(atPath: output)
        while let file = enumerator?.nextObject() as? String {
            guard file.hasSuffix("index.html") else { continue }
            let html = try String(contentsOfFile: output + "/" + file, encoding: .utf8)
            let (root, diagnostics) = LibXML.parse(html, file: file)
            #expect(diagnostics.isEmpty, "\(file): \(diagnostics)")
            pages[file] = root
        }
        return pages
    }
}

@Suite("Static export")
struct ExportTests {
    /// Checks, independently of the exporter, that every href and src resolves to a written file
    /// and every #anchor to an id in it.
    static func checkLinks(_ pages: [String: XMLElement], output: String) {
        let ids = pages.mapValues { Set($0.descendantsAndSelf.compactMap { $0.attributes["id"] }) }
        for (file, root) in pages {
            let folder = (file as NSString).deletingLastPathComponent
            for element in root.descendantsAndSelf {
                for attribute in ["href", "src"] {
                    guard let link = element.attributes[attribute], !link.contains("://") else { continue }
                    #expect(!link.hasPrefix("/"), "\(file): \(link) is not relative")
                    let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                    let target = parts[0].isEmpty ? file : URL(fileURLWithPath: output + "/" + folder + "/" + parts[0]).standardized.path
                        .replacingOccurrences(of: URL(fileURLWithPath: output).standardized.path + "/", with: "")
                    #expect(FileManager.default.fileExists(atPath: output + "/" + target), "\(file): \(link) → missing \(target)")
                    if parts.count == 2, !parts[1].isEmpty {
                        #expect(ids[target]?.contains(String(parts[1])) == true, "\(file): \(link) → no #\(parts[1])")
                    }
                }
            }
        }
    }

    @Test("the demo exports every reachable page, valid, read-only, with every link resolving")
    func demo() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let report = try await fixture.export()
        #expect(report.problems == [])
        #expect(report.pages.count == 61)
        let pages = try fixture.parsedPages()
        #expect(pages.count == report.pages.count)
        #expect(pages["trails/north-cascades/cascade-pass/index.html"] != nil)
        for (file, root) in pages {
            #expect(root.all(named: "form").isEmpty && root.all(named: "button").isEmpty, "\(file) has forms")
            #expect(root.first { $0.attributes["class"] == "export-note" }?.normalizedText.contains("read-only export") == true)
            #expect(root.all { $0.name == "a" && ["Edit", "Done"].contains($0.normalizedText) }.isEmpty, "\(file) offers editing")
            #expect(root.all { $0.attributes["data-live"] != nil }.isEmpty, "\(file) names a live stream")
        }
        Self.checkLinks(pages, output: fixture.output)
        // Without the site's origin there is no sitemap: the protocol takes only absolute addresses.
        #expect(!FileManager.default.fileExists(atPath: fixture.output + "/sitemap.xml"))
        #expect(FileManager.default.fileExists(atPath: fixture.output + "/_assets/tablestack.css"))
        // Selection state and switch values show as they are.
        let toppings = try #require(pages["toppings/index.html"])
        #expect(toppings.all { $0.attributes["aria-label"]?.hasSuffix(", selected") == true }.count == 2)
        let settings = try #require(pages["settings/index.html"])
        #expect(settings.first { $0.attributes["role"] == "switch" }?.attributes["disabled"] == "disabled")
    }

    @Test("the export shows issue 17's selection details as the server does: one checkmark and the note, no swipe, no links where rows select nothing")
    func selectionDetails() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        _ = try await fixture.export()
        let pages = try fixture.parsedPages()
        let ringtone = try #require(pages["ringtone/index.html"])
        #expect(ringtone.all { $0.attributes["aria-label"]?.hasSuffix(", selected") == true }.map { $0.attributes["aria-label"] } == ["Opening, selected"])
        #expect(ringtone.first { $0.attributes["class"] == "table__note" }?.normalizedText.contains("“Chimes”") == true)
        let playlist = try #require(pages["playlist/index.html"])
        #expect(playlist.all(having: "data-swipe-delete").isEmpty && playlist.all(having: "data-delete-title").isEmpty)
        #expect(playlist.all { $0.name == "a" && $0.attributes["class"] == "row__action" }.count == 4, "selectionStyle none still links")
        #expect(pages["playlist/the-swan/index.html"] != nil)
        let recent = try #require(pages["recently-played/index.html"])
        #expect(recent.all { $0.name == "a" && $0.attributes["class"] == "row__action" }.isEmpty)
        #expect(recent.all(having: "data-index-path").count == 4)
    }

    @Test("the export shows per-row values from attributes and rules as the server does")
    func rowRules() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let report = try await fixture.export()
        let pages = try fixture.parsedPages()
        let outline = try #require(pages["outline/index.html"])
        #expect(outline.first { $0.attributes["data-key"] == "installing" }?.attributes["class"]?.contains("row--indent-2") == true)
        #expect(pages["outline/grouped-tables/index.html"] == nil && report.pages.contains(["outline", "plain-tables"]))
        let trail = try #require(pages["trails/north-cascades/cascade-pass/index.html"])
        #expect(trail.first { $0.attributes["data-key"] == "map" }?.attributes["class"]?.contains("row--indent-2") == true)
        #expect(trail.first { $0.attributes["class"] == "table__header table__header--title" }?.normalizedText == "Cascade Pass")
        let packing = try #require(pages["packing/index.html"])
        #expect(packing.first { $0.attributes["class"] == "section__footer" }?.normalizedText == "Liquids in containers of 100 ml or less.")
    }

    @Test("the export shows each alarm's switch as it is stored, and every song's info page behind its ⓘ button")
    func listAccessories() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let report = try await fixture.export()
        let pages = try fixture.parsedPages()
        let alarms = try #require(pages["alarms/index.html"])
        let switches = alarms.all { $0.attributes["role"] == "switch" }
        #expect(switches.map { $0.attributes["checked"] == "checked" } == [true, false, false, true])
        #expect(switches.allSatisfy { $0.attributes["disabled"] == "disabled" })
        #expect(!report.pages.contains(["alarms", "weekday"]), "a read-only page opens no alarm")
        let recent = try #require(pages["recently-played/index.html"])
        #expect(recent.first { $0.attributes["aria-label"] == "More info about The Swan" }?.attributes["href"]
            == "../recently-played/the-swan~info/index.html")
        #expect(pages["recently-played/the-swan~info/index.html"]?.first { $0.name == "h1" }?.normalizedText == "The Swan")
    }

    @Test("each exported page shows the same table content as the server renders for the same path")
    func sameContentAsServer() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let report = try await fixture.export()
        let pages = try fixture.parsedPages()
        let server = SiteServer(site: fixture.site, configuration: ServerConfiguration(
            publicFolder: ExportFixture.repository.appendingPathComponent("Public").path))
        try await Application(router: server.router()).test(.router) { client in
            for path in report.pages {
                let uri = "/" + path.map { $0 + "/" }.joined()
                let response = try await client.execute(uri: uri, method: .get, headers: [.accept: "text/html"])
                let served = try #require(LibXML.parse(String(buffer: response.body), file: uri).root)
                let exported = try #require(pages[path.map { $0 + "/" }.joined() + "index.html"])
                // The table's content: each row's texts (controls aside) and each section's header.
                func content(_ root: XMLElement) -> [String] {
                    root.all(having: "data-index-path").map { row in
                        row.attributes["data-index-path"]! + " " + row.all { ["cell__text", "cell__detail"].contains($0.attributes["class"] ?? "") }
                            .map(\.normalizedText).joined(separator: " | ")
                    }
                        + root.all(having: "data-section").map { $0.first { $0.name == "h2" }?.normalizedText ?? "" }
                }
                #expect(content(served) == content(exported), "\(uri)")
                #expect(served.first { $0.name == "h1" }?.normalizedText == exported.first { $0.name == "h1" }?.normalizedText)
            }
        }
    }

    @Test("a later export of unchanged data rewrites nothing; a change rewrites only its page, with the new date")
    func incremental() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let first = try await fixture.export(at: Date(timeIntervalSince1970: 1_800_000_000))
        let second = try await fixture.export(at: Date(timeIntervalSince1970: 1_800_090_000))
        #expect(first.written == first.pages.count && second.written == 0 && second.unchanged == first.pages.count)
        let revision = try await fixture.store.revision(of: .root("groceries"))
        try await fixture.store.apply([.delete(key: "milk")], to: .root("groceries"), basedOn: revision)
        let third = try await fixture.export(at: Date(timeIntervalSince1970: 1_800_180_000))
        #expect(third.written == 2, "the groceries page and the shopping list, which shows the same list")
        let groceries = try String(contentsOfFile: fixture.output + "/groceries/index.html", encoding: .utf8)
        let root = try String(contentsOfFile: fixture.output + "/index.html", encoding: .utf8)
        #expect(groceries.contains("on 17 January 2027 at 10:00 UTC") && root.contains("on 15 January 2027 at 08:00 UTC"))
    }

    @Test("a re-export from the same sources and data does nothing; new data, sources, assets or a touched file export again")
    func upToDate() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        // An export vouches only for data whose last commit came before the second it began in.
        let nextSecond = waitForNextSecond
        let fresh = try await fixture.export(sources: "app 1")
        #expect(!fresh.wasUpToDate && fresh.written == fresh.pages.count)
        try await nextSecond()
        let first = try await fixture.export(sources: "app 1")
        let groceries = fixture.output + "/groceries/index.html"
        let modified = try FileManager.default.attributesOfItem(atPath: groceries)[.modificationDate] as? Date

        let again = try await fixture.export(sources: "app 1")
        #expect(again.wasUpToDate && again.written == 0 && again.pages == first.pages && again.problems == first.problems)
        #expect(try FileManager.default.attributesOfItem(atPath: groceries)[.modificationDate] as? Date == modified)
        let withoutSources = try await fixture.export()
        #expect(!withoutSources.wasUpToDate, "without sources nothing is taken as up to date")

        // Each of these makes the next export read and render again, and then it is up to date.
        let revision = try await fixture.store.revision(of: .root("groceries"))
        try await fixture.store.apply([.delete(key: "milk")], to: .root("groceries"), basedOn: revision)
        let changed = try await fixture.export(sources: "app 1")
        #expect(!changed.wasUpToDate && changed.written == 2, "new data: the two pages showing groceries")
        try await nextSecond()
        _ = try await fixture.export(sources: "app 1")
        #expect(try await fixture.export(sources: "app 1").wasUpToDate)
        let otherSources = try await fixture.export(sources: "app 2")
        #expect(!otherSources.wasUpToDate, "other sources")

        try "tampered".write(toFile: groceries, atomically: true, encoding: .utf8)
        let restored = try await fixture.export(sources: "app 2")
        let restoredText = try String(contentsOfFile: groceries, encoding: .utf8)
        #expect(!restored.wasUpToDate && restored.written == 1 && !restoredText.contains("tampered"))
        try FileManager.default.removeItem(atPath: groceries)
        #expect(try await fixture.export(sources: "app 2").written == 1, "a page file removed is written again")

        // Edited in place and given back its size and modification time, as `touch -r` would:
        // the change time tells, and the page is written again.
        var before = stat()
        #expect(stat(groceries, &before) == 0)
        let text = try String(contentsOfFile: groceries, encoding: .utf8)
        let edited = text.replacingOccurrences(of: "Groceries", with: "Groceriez")
        #expect(edited != text && edited.utf8.count == text.utf8.count)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: groceries))
        try handle.write(contentsOf: Data(edited.utf8))
        try handle.close()
        let times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, groceries, times, 0) == 0)
        var after = stat()
        #expect(stat(groceries, &after) == 0 && after.st_size == before.st_size && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        let repaired = try await fixture.export(sources: "app 2")
        #expect(!repaired.wasUpToDate && repaired.written == 1)
        #expect(try String(contentsOfFile: groceries, encoding: .utf8) == text)

        let assets = fixture.folder.appendingPathComponent("public")
        try FileManager.default.copyItem(atPath: ExportFixture.repository.appendingPathComponent("Public").path, toPath: assets.path)
        #expect(try await fixture.export(sources: "app 2", publicFolder: assets.path).wasUpToDate, "the same assets from elsewhere")
        try "/* changed */".write(to: assets.appendingPathComponent("extra.css"), atomically: true, encoding: .utf8)
        let otherAssets = try await fixture.export(sources: "app 2", publicFolder: assets.path)
        #expect(!otherAssets.wasUpToDate, "another asset")
        #expect(FileManager.default.fileExists(atPath: fixture.output + "/_assets/extra.css"))
    }

    @Test("a database made again at the same path with alike commits is not taken for the one exported")
    func anotherDatabaseAtTheSamePath() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        try await waitForNextSecond()
        _ = try await fixture.export(sources: "app")
        #expect(try await fixture.export(sources: "app").wasUpToDate)
        // The same seed in a new file at the same place: the same commit numbers and summaries.
        let path = fixture.folder.appendingPathComponent("data.sqlite").path
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        let again = try SQLiteStore(path: path, durability: .normal)
        // Closed before the fixture's folder goes, whatever happens: left open, it writes its
        // file again as it is torn down, and the folder stays behind.
        try await again.closing {
            try await DemoApp.seedIfEmpty(again)
            #expect(try await again.dataMark().text.components(separatedBy: "\n").first == (try await fixture.store.dataMark()).text.components(separatedBy: "\n").first,
                    "the same commit number")
            let site = Site(storyboard: AppRuntime(app: try DemoApp.definition(), store: again), renderer: fixture.site.renderer, urls: URLBuilder())
            var options = ExportOptions(outputFolder: fixture.output, publicFolder: ExportFixture.repository.appendingPathComponent("Public").path)
            options.sources = "app"
            let report = try await SiteExporter(site: site, options: options).export()
            #expect(!report.wasUpToDate)
        }
    }

    @Test("an export into a new folder is made beside it and appears whole; a failed one leaves nothing behind")
    func freshFolderAppearsWhole() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let report = try await fixture.export()
        #expect(report.problems == [] && report.written == report.pages.count)
        let beside = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path)
        #expect(!beside.contains { $0.contains("partial") }, "\(beside)")
        #expect(FileManager.default.fileExists(atPath: fixture.output + "/index.html"))
        // The manifest and the state stay; no file written beside its place is left.
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: fixture.output)).contains {
            $0.hasPrefix(".tablestack-") && ![".tablestack-export.json", ".tablestack-export-state"].contains($0)
        })

        let failing = fixture.folder.appendingPathComponent("never").path
        let error = await #expect(throws: ExportError.self) {
            try await SiteExporter(site: fixture.site, options: ExportOptions(
                outputFolder: failing, publicFolder: fixture.folder.appendingPathComponent("no-such-folder").path)).export()
        }
        #expect(error?.description == "\(failing)/_assets: cannot write: the public folder \(fixture.folder.path)/no-such-folder cannot be read")
        let after = try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path)
        #expect(!after.contains { $0.hasPrefix("never") }, "\(after)")
    }

    @Test("a scene that leads to itself without going into the data stops the export at a hundred levels, naming the path, and leaves no folder")
    func sceneLeadingToItself() async throws {
        let yaml = """
            title: Loop
            root: home
            scenes:
              home:
                title: Home
                sections:
                  - cells:
                      - { key: again, text: Again, push: home }
            """
        let fixture = try await ExportFixture(app: try AppFileLoader.parse(yaml, file: "loop.yaml"), data: DataDocument())
        defer { fixture.remove() }
        let error = await #expect(throws: ExportError.self) { try await fixture.export() }
        #expect(error?.description.hasPrefix("/again/again/again/…/again/again/again/: pages nest more than 100 levels deep here") == true,
                "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: fixture.output))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path)).contains { $0.contains("partial") })
    }

    @Test("a folder someone makes at the output path while a fresh export runs is left as it is, and the message says what happened")
    func folderMadeMeanwhile() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let output = fixture.output
        var exporter = SiteExporter(site: fixture.site, options: ExportOptions(
            outputFolder: output, publicFolder: ExportFixture.repository.appendingPathComponent("Public").path))
        // As another export finishing first would: the folder appears, with a page in it.
        exporter.progress = { _, _ in
            try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: output + "/index.html", contents: Data("theirs".utf8))
        }
        let error = await #expect(throws: ExportError.self) { try await exporter.export() }
        #expect(error?.description.hasPrefix("\(output): cannot write: a folder appeared here while this export ran (another export?); it was left as it is") == true,
                "\(String(describing: error))")
        #expect(FileManager.default.contents(atPath: output + "/index.html") == Data("theirs".utf8))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path)).contains { $0.contains("partial") })
    }

    @Test("an output path that is a file or a dangling link is refused, naming it, and left as it was")
    func outputThatIsNotAFolder() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let file = fixture.folder.appendingPathComponent("a-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        let link = fixture.folder.appendingPathComponent("a-link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: fixture.folder.appendingPathComponent("missing/x").path)
        for output in [file, link] {
            let error = await #expect(throws: ExportError.self) {
                try await SiteExporter(site: fixture.site, options: ExportOptions(
                    outputFolder: output, publicFolder: ExportFixture.repository.appendingPathComponent("Public").path)).export()
            }
            #expect(error?.description.hasPrefix("\(output): cannot write:") == true, "\(String(describing: error))")
        }
        #expect(FileManager.default.contents(atPath: file) == Data("x".utf8))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link).hasSuffix("missing/x"))
        #expect(!(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path)).contains { $0.contains("partial") })
    }

    @Test("NUL and U+FFFF stored in an item come out as U+FFFD and the export passes its checks")
    func charactersXMLCannotHold() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let list = ListID.root("groceries")
        try await fixture.store.apply([.update(key: "milk", attributes: ["name": .string("Mi\u{0}lk\u{FFFF}")])],
                                      to: list, basedOn: try await fixture.store.revision(of: list))
        _ = try await fixture.export()
        let page = try String(contentsOfFile: fixture.output + "/groceries/index.html", encoding: .utf8)
        #expect(page.contains("Mi\u{FFFD}lk\u{FFFD}"))
        #expect(!page.unicodeScalars.contains { !DocumentText.isAllowed($0) })
        #expect(try fixture.parsedPages()["groceries/index.html"] != nil)
    }

    @Test("an app with 10,000 items exports every page and passes the same checks")
    func tenThousandItems() async throws {
        let yaml = """
            title: Big
            root: items
            scenes:
              items:
                title: Items
                list: items
                index: { by: name, locale: en_US }
                cell: { text: "{name}", detail: "{number}", style: subtitle }
                push: item
              item:
                title: "{name}"
                style: grouped
                detail:
                  sections:
                    - header: Item
                      fields:
                        - { attribute: name, label: Name, type: text }
                        - { attribute: number, label: Number, type: number }
            """
        let app = try AppFileLoader.parse(yaml, file: "big.yaml")
        let words = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett"]
        let items = (0..<10_000).map { number in
            DataDocument.Item(key: "item-\(number)", attributes: ["name": .string("\(words[number % 10]) \(number)"), "number": .number(Double(number))])
        }
        let fixture = try await ExportFixture(app: app, data: DataDocument(lists: [("items", items)]))
        defer { fixture.remove() }
        let report = try await fixture.export()
        #expect(report.problems == [])
        #expect(report.pages.count == 10_001)
        let pages = try fixture.parsedPages()
        #expect(pages.count == 10_001)
        Self.checkLinks(pages, output: fixture.output)
        #expect(pages["index.html"]?.all(having: "data-index-path").count == 10_000)
    }

    @Test("a link to a page the export does not have is reported, naming the page and the link")
    func brokenLinksAreReported() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        _ = try await fixture.export()
        // Break the export from the outside: a template that links nowhere.
        let templates = fixture.folder.appendingPathComponent("templates")
        try FileManager.default.copyItem(atPath: ExportFixture.repository.appendingPathComponent("Templates").path, toPath: templates.path)
        let table = templates.appendingPathComponent("table.mustache")
        let text = try String(contentsOf: table, encoding: .utf8)
        try text.replacingOccurrences(of: "<main ", with: "<p><a href=\"nowhere/index.html\">x</a><a href=\"#missing\">y</a></p>\n<main ")
            .write(to: table, atomically: true, encoding: .utf8)
        let broken = Site(storyboard: fixture.site.storyboard, renderer: PageRenderer(templates: try TemplateSet(folder: templates.path)), urls: URLBuilder())
        let report = try await SiteExporter(site: broken, options: ExportOptions(
            outputFolder: fixture.output, publicFolder: ExportFixture.repository.appendingPathComponent("Public").path)).export()
        #expect(report.problems.contains("index.html: link \"nowhere/index.html\" leads to nowhere/index.html, which the export does not have"))
        #expect(report.problems.contains("index.html: link \"#missing\" names #missing, which index.html does not have"))
    }
}
