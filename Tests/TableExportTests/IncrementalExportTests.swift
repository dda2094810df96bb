import Foundation
import Testing
import TestSupport
import TableApp
@testable import TableExport
import TableKit
import TableRender
import TableSite
import TableStore

/// A re-export makes again only the pages a commit since the last export may have changed, and
/// leaves the folder exactly as a full export would.
@Suite("Incremental export")
struct IncrementalExportTests {
    static let date = Date(timeIntervalSince1970: 1_800_000_000)

    /// A full export of the fixture's data into `folder` at `date`: its records are taken away
    /// first, so every page is made, over the pages and the manifest the folder holds.
    static func fullExport(of fixture: ExportFixture, into folder: String, at date: Date,
                           sectionsRecordedFromRows: Int? = nil) async throws -> ExportReport {
        PageRecords.remove(from: folder)
        var options = ExportOptions(outputFolder: folder, publicFolder: ExportFixture.repository.appendingPathComponent("Public").path, date: date)
        options.sources = "app"
        if let sectionsRecordedFromRows { options.sectionsRecordedFromRows = sectionsRecordedFromRows }
        let report = try await SiteExporter(site: fixture.site, options: options).export()
        #expect(report.made == report.pages.count)
        return report
    }

    /// Every page of `report` holds the same bytes in both folders.
    static func expectSamePages(_ report: ExportReport, in folder: String, as reference: String, _ comment: String) {
        for path in report.pages {
            let file = (path.map(URLBuilder.encodeSegment) + ["index.html"]).joined(separator: "/")
            let made = FileManager.default.contents(atPath: folder + "/" + file)
            #expect(made != nil && made == FileManager.default.contents(atPath: reference + "/" + file), "\(comment): /\(file)")
        }
    }

    /// Every list of the store with its items, depth first.
    static func lists(of store: SQLiteStore) async throws -> [(id: ListID, items: [DataDocument.Item])] {
        var found: [(id: ListID, items: [DataDocument.Item])] = []
        func walk(_ lists: [(name: String, items: [DataDocument.Item])], owner: ListID?, key: String?) {
            for list in lists {
                let id = owner.map { $0.child(of: key!, relationship: list.name) } ?? .root(list.name)
                found.append((id, list.items))
                for item in list.items { walk(item.lists, owner: id, key: item.key) }
            }
        }
        walk(try await store.document().lists, owner: nil, key: nil)
        return found
    }

    /// One random commit on the demo's data: an item inserted, deleted, renamed or moved, an item
    /// moved into another list of the same kind, or a list rewritten whole.
    static func randomCommit(on store: SQLiteStore, number: Int, using random: inout SeededGenerator) async throws {
        // The settings scene shows one item of its own list by key: that list is only edited.
        let lists = try await lists(of: store).filter { !$0.items.isEmpty }
        let fixed = ["settings"]
        let (id, items) = lists.randomElement(using: &random)!
        let item = items.randomElement(using: &random)!
        let revision = try await store.revision(of: id)
        let change: ListChange
        let kind = Int.random(in: 0..<13, using: &random)
        switch fixed.contains(id.relationship) ? 5 : kind {
        case 0..<3:
            change = .insert(StoredItem(key: "new-\(number)", attributes: item.attributes), at: Int.random(in: 0...items.count, using: &random))
        case 3..<5:
            change = .delete(key: item.key)
        case 5..<8:
            // A new text for one of its words: a row's title, a page's title, a field.
            let texts = item.attributes.filter { if case .string = $0.value { true } else { false } }.keys.sorted()
            guard let name = texts.randomElement(using: &random) else { return }
            change = .update(key: item.key, attributes: [name: .string("Edit \(number) \(["Zulu", "Alpha", "Mike"][number % 3])")])
        case 8..<10:
            change = .move(key: item.key, to: Int.random(in: 0..<items.count, using: &random))
        case 10:
            let kin = lists.filter { $0.id.relationship == id.relationship && $0.id != id }
            guard let other = kin.randomElement(using: &random) else { return }
            change = .moveIn(key: item.key, from: id, at: 0, renamedTo: "moved-\(number)")
            _ = try await store.apply([change], to: other.id, basedOn: nil)
            return
        default:
            // Rewritten whole, one item with a new text: the change log names no key.
            var rewritten = items.shuffled(using: &random).map { StoredItem(key: $0.key, attributes: $0.attributes) }
            if let name = rewritten[0].attributes.first(where: { if case .string = $0.value { true } else { false } })?.key {
                rewritten[0].attributes[name] = .string("Rewritten \(number)")
            }
            change = .replaceAll(rewritten)
        }
        _ = try await store.apply([change], to: id, basedOn: revision)
    }

    /// Run twice: as exports are, and with every page's sections recorded, so that every list
    /// page made again copies what rows it can from its file (the demo's lists are short).
    @Test("after each of many random commits, a re-export leaves every page, footer dates too, as a full export over the same folder makes it, and makes few pages",
          arguments: [nil, 1])
    func sameAsFullExport(sectionsRecordedFromRows: Int?) async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let reference = fixture.folder.appendingPathComponent("reference").path
        var random = SeededGenerator(seed: 21)
        let first = try await fixture.export(at: Self.date, sources: "app", sectionsRecordedFromRows: sectionsRecordedFromRows)
        #expect(first.problems == [] && first.made == first.pages.count)
        var madeFewer = 0, copied = 0, taken = 0
        for round in 0..<30 {
            for step in 0..<Int.random(in: 1...3, using: &random) {
                try await Self.randomCommit(on: fixture.store, number: round * 10 + step, using: &random)
            }
            // A day later each round: pages made again from changed content carry the new date,
            // the others keep theirs, in both exports.
            let date = Self.date.addingTimeInterval(Double(round + 1) * 86_400)
            try? FileManager.default.removeItem(atPath: reference)
            try FileManager.default.copyItem(atPath: fixture.output, toPath: reference)
            let report = try await fixture.export(at: date, sources: "app", sectionsRecordedFromRows: sectionsRecordedFromRows)
            let full = try await Self.fullExport(of: fixture, into: reference, at: date, sectionsRecordedFromRows: sectionsRecordedFromRows)
            #expect(full.copiedSections == 0)
            copied += report.copiedSections
            taken += report.sectionsTakenAsChecked
            #expect(full.sectionsTakenAsChecked == 0)
            #expect(report.problems == [] && full.problems == [])
            #expect(report.pages == full.pages, "round \(round): the same pages")
            Self.expectSamePages(full, in: fixture.output, as: reference, "round \(round)")
            // And the same records, though most of the re-export's lines were taken as read: all
            // but the inputs (unknown to an export in its last commit's second) and the line that
            // fingerprints the others.
            let records = { (folder: String) in
                (try? String(contentsOfFile: folder + "/" + PageRecords.fileName, encoding: .utf8))?.split(separator: "\n")
                    .filter { !$0.hasPrefix("inputs ") && !$0.hasPrefix("end ") }
            }
            #expect(records(fixture.output) != nil && records(fixture.output) == records(reference), "round \(round): the records")
            // No page file is left of a page the site no longer has.
            let files = Set(try StalePagesTests.pageFiles(in: fixture.output))
            #expect(files == Set(report.pages.map { ($0.map(URLBuilder.encodeSegment) + ["index.html"]).joined(separator: "/") }), "round \(round)")
            if report.made < report.pages.count { madeFewer += 1 }
        }
        #expect(madeFewer >= 25, "most re-exports make only what changed (\(madeFewer) of 30)")
        if sectionsRecordedFromRows == nil {
            #expect(copied == 0, "no page of the demo is long enough to record its sections")
        } else {
            #expect(copied >= 30, "list pages made again copied sections from their files (\(copied))")
            // The contract check took every copied section as it checked it last time.
            #expect(taken == copied)
        }
    }

    @Test("below a list whose sections are lists of their own, a page, and the pages below it, follow a key to whichever section now holds it first")
    func nestedSectionsWithSharedKeys() async throws {
        let yaml = """
            title: Teams
            root: home
            scenes:
              home:
                title: Home
                style: grouped
                sections:
                  - cells:
                      - { key: teams, text: Teams, push: teams }
                      - { key: notes, text: Notes, push: notes }
              notes:
                title: Notes
                list: notes
                cell: { text: "{name}" }
              teams:
                title: Teams
                style: grouped
                list: teams
                nested: { title: "{name}", rows: members }
                cell: { text: "{name}" }
                push: member
              member:
                title: "{name}"
                list: tasks
                cell: { text: "{name}" }
                push: task
              task:
                title: "{name}"
                style: grouped
                detail:
                  sections:
                    - fields:
                        - { attribute: name, label: Name, type: text }
            """
        let item = { (key: String, name: String, lists: [(name: String, items: [DataDocument.Item])]) in
            DataDocument.Item(key: key, attributes: ["name": .string(name)], lists: lists)
        }
        let teams = [item("a", "Alpha", [("members", [item("lead", "Ann", [("tasks", [item("plan", "Plan of Ann", [])])])])]),
                     item("b", "Bravo", [("members", [item("bob", "Bob", [])])])]
        let fixture = try await ExportFixture(app: try AppFileLoader.parse(yaml, file: "teams.yaml"),
                                              data: DataDocument(lists: [("teams", teams), ("notes", [item("n1", "Note", [])])]))
        defer { fixture.remove() }
        #expect(try await fixture.export(at: Self.date, sources: "app").problems == [])
        let lead = fixture.output + "/teams/lead/index.html", plan = fixture.output + "/teams/lead/plan/index.html"
        #expect(try String(contentsOfFile: lead, encoding: .utf8).contains("Ann"))
        #expect(try String(contentsOfFile: plan, encoding: .utf8).contains("Plan of Ann"))

        // A note changes: only the notes page is made again. The home page above it is read to
        // reach it and taken as it is, as is the team page when a task two levels below changes.
        // (Made again, those pages would have the same bytes: the counts tell.)
        try await fixture.store.apply([.update(key: "n1", attributes: ["name": .string("Note 2")])], to: .root("notes"), basedOn: nil)
        let quiet = try await fixture.export(at: Self.date, sources: "app")
        #expect(quiet.made == 1, "the plan was used: \(quiet.made) of \(quiet.pages.count) made")
        let home = fixture.output + "/index.html", teamsPage = fixture.output + "/teams/index.html"
        let homeBefore = try Data(contentsOf: URL(fileURLWithPath: home)), teamsBefore = try Data(contentsOf: URL(fileURLWithPath: teamsPage))
        let tasks = ListID.root("teams").child(of: "a", relationship: "members").child(of: "lead", relationship: "tasks")
        try await fixture.store.apply([.update(key: "plan", attributes: ["name": .string("Plan of Ann, again")])], to: tasks, basedOn: nil)
        let deep = try await fixture.export(at: Self.date, sources: "app")
        #expect(deep.problems == [] && deep.made == 2, "the member page and the task page: \(deep.made) made")
        #expect(try String(contentsOfFile: plan, encoding: .utf8).contains("Plan of Ann, again"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: home)) == homeBefore && Data(contentsOf: URL(fileURLWithPath: teamsPage)) == teamsBefore)
        #expect(deep.pages.count == quiet.pages.count)

        // Bravo gets a lead with a plan of its own, and its section comes first: the first row
        // keyed "lead" is Bravo's, two levels down too. (Two rows of one page with one key also
        // share an id, which the export reports; the pages the key leads to must still be the
        // ones a full export makes.)
        let bravo = ListID.root("teams").child(of: "b", relationship: "members")
        try await fixture.store.apply([.insert(StoredItem(key: "lead", attributes: ["name": .string("Bea")]), at: 0)], to: bravo, basedOn: nil)
        try await fixture.store.apply([.insert(StoredItem(key: "plan", attributes: ["name": .string("Plan of Bea")]), at: 0)],
                                      to: bravo.child(of: "lead", relationship: "tasks"), basedOn: nil)
        try await fixture.store.apply([.move(key: "b", to: 0)], to: .root("teams"), basedOn: nil)
        let report = try await fixture.export(at: Self.date, sources: "app")
        #expect(report.made < report.pages.count, "the plan was used")
        #expect(try String(contentsOfFile: lead, encoding: .utf8).contains("Bea"))
        #expect(try String(contentsOfFile: plan, encoding: .utf8).contains("Plan of Bea"))
        #expect(report.problems.contains { $0.contains("\"row-lead\" is used again") })
    }

    @Test("an export with problems leaves no records, and records that do not match the state are not used")
    func recordsOnlyOfACleanExport() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let records = fixture.output + "/" + PageRecords.fileName
        let first = try await fixture.export(at: Self.date, sources: "app")
        #expect(FileManager.default.fileExists(atPath: records))
        // They name the templates the pages were made with, for the next export's load.
        let checks = try #require(fixture.site.renderer.templates.checksFingerprint)
        #expect(SiteExporter.templateChecks(in: fixture.output) == checks && PageRecords.load(from: fixture.output)?.templateChecks == checks)

        // Records of another export (other inputs) beside this state: every page is made.
        try await fixture.store.apply([.update(key: "milk", attributes: ["name": .string("Oat milk")])], to: .root("groceries"), basedOn: nil)
        var other = try #require(PageRecords.load(from: fixture.output))
        other.inputs = "another export's"
        try other.save(to: fixture.output)
        #expect(try await fixture.export(at: Self.date, sources: "app").made == first.pages.count)

        // A page whose file names no path, in both the records and the state: every page.
        try await fixture.store.apply([.update(key: "milk", attributes: ["name": .string("Milk")])], to: .root("groceries"), basedOn: nil)
        var records2 = try #require(PageRecords.load(from: fixture.output))
        var state = try #require(ExportState.load(from: fixture.output))
        let last = records2.pages.count - 1
        let renamed = state.pages[last].file
        records2.pages[last].file = "a%zz/index.html"
        state.pages[last].file = "a%zz/index.html"
        try records2.save(to: fixture.output)
        try state.save(to: fixture.output)
        // The page's own file, which the state no longer names, would be refused as someone else's.
        try FileManager.default.removeItem(atPath: fixture.output + "/" + renamed)
        #expect(try await fixture.export(at: Self.date, sources: "app").made == first.pages.count)

        // The manifest gone, or holding no date for a page the plan would carry: every page.
        try await fixture.store.apply([.update(key: "milk", attributes: ["name": .string("Oat milk")])], to: .root("groceries"), basedOn: nil)
        try FileManager.default.removeItem(atPath: fixture.output + "/" + ExportManifest.fileName)
        #expect(try await fixture.export(at: Self.date, sources: "app").made == first.pages.count)
        try await fixture.store.apply([.update(key: "milk", attributes: ["name": .string("Milk")])], to: .root("groceries"), basedOn: nil)
        try "{}".write(toFile: fixture.output + "/" + ExportManifest.fileName, atomically: true, encoding: .utf8)
        #expect(try await fixture.export(at: Self.date, sources: "app").made == first.pages.count)

        // A template that links nowhere: the export reports it and leaves no records.
        let templates = fixture.folder.appendingPathComponent("templates")
        try FileManager.default.copyItem(atPath: ExportFixture.repository.appendingPathComponent("Templates").path, toPath: templates.path)
        let table = templates.appendingPathComponent("table.mustache")
        try String(contentsOf: table, encoding: .utf8).replacingOccurrences(of: "<main ", with: "<p><a href=\"nowhere/index.html\">x</a></p>\n<main ")
            .write(to: table, atomically: true, encoding: .utf8)
        let broken = Site(storyboard: fixture.site.storyboard, renderer: PageRenderer(templates: try TemplateSet(folder: templates.path)), urls: URLBuilder())
        var options = ExportOptions(outputFolder: fixture.output, publicFolder: ExportFixture.repository.appendingPathComponent("Public").path, date: Self.date)
        options.sources = "broken"
        let report = try await SiteExporter(site: broken, options: options).export()
        #expect(!report.problems.isEmpty && !FileManager.default.fileExists(atPath: records))
    }

    @Test("records left by an export whose inputs could not be told apart are never taken with another export's state")
    func unknownInputsAreOneExportsOwn() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let first = try await fixture.export(at: Self.date, sources: "app")
        // An export cannot vouch for data whose newest commit carries the second it began in or a
        // later one (see `DataMark`). The commit is stamped an hour ahead, as a server whose clock
        // runs fast would stamp it, so that the export's inputs are unknown however long it takes
        // to begin (waiting for one to begin within its commit's second failed on a slow machine).
        func exportAfterACommitStampedAhead(_ name: String) async throws {
            try await fixture.store.apply([.update(key: "milk", attributes: ["name": .string(name)])], to: .root("groceries"), basedOn: nil)
            try fixture.stampNewestCommit(secondsAhead: 3600)
            _ = try await fixture.export(at: Self.date, sources: "app")
            #expect(try #require(ExportState.load(from: fixture.output)).hasUnknownInputs)
        }
        let records = URL(fileURLWithPath: fixture.output + "/" + PageRecords.fileName)
        try await exportAfterACommitStampedAhead("Oat milk")
        let earlier = try Data(contentsOf: records)
        try await exportAfterACommitStampedAhead("Goat milk")
        // As if the last export had stopped between its state and its records: the earlier
        // export's records beside its state. They must not be taken: every page is made.
        try earlier.write(to: records)
        try await fixture.store.apply([.update(key: "milk", attributes: ["name": .string("Milk")])], to: .root("groceries"), basedOn: nil)
        #expect(try await fixture.export(at: Self.date, sources: "app").made == first.pages.count)
    }

    @Test("records that cannot be written fail the export, and the folder is not taken for up to date after it")
    func recordsNotWritten() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let first = try await fixture.export(at: Self.date, sources: "app")
        try await fixture.store.apply([.update(key: "milk", attributes: ["name": .string("Oat milk")])], to: .root("groceries"), basedOn: nil)
        // A folder, not empty, where the records go: they cannot be renamed into place. (The state
        // is saved before the records are.)
        let records = fixture.output + "/" + PageRecords.fileName
        // A commit in the export's own second leaves its inputs unknown anyway (see `DataMark`).
        try await Task.sleep(for: .seconds(1.1))
        try FileManager.default.removeItem(atPath: records)
        try FileManager.default.createDirectory(atPath: records + "/in-the-way", withIntermediateDirectories: true)
        await #expect(throws: (any Error).self) { try await fixture.export(at: Self.date, sources: "app") }
        #expect(try #require(ExportState.load(from: fixture.output)).hasUnknownInputs)
        // With nothing changed since, the next export is not answered as up to date: it makes
        // every page (there are no records) and leaves the records.
        try FileManager.default.removeItem(atPath: records)
        let next = try await fixture.export(at: Self.date, sources: "app")
        #expect(!next.wasUpToDate && next.made == first.pages.count)
        #expect(FileManager.default.fileExists(atPath: records))
    }

    @Test("a page changed by hand, a trimmed change log or a replaced store make the next export make every page it must")
    func fallsBackWhenItCannotTell() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let first = try await fixture.export(at: Self.date, sources: "app")
        let groceries = try await fixture.store.revision(of: .root("groceries"))
        try await fixture.store.apply([.update(key: "milk", attributes: ["name": .string("Oat milk")])], to: .root("groceries"), basedOn: groceries)
        // A page of another list edited by hand is made again with the changed ones.
        let settings = try #require(first.pages.first { $0.first != "groceries" && !$0.isEmpty })
        let file = fixture.output + "/" + (settings.map(URLBuilder.encodeSegment) + ["index.html"]).joined(separator: "/")
        try "edited".write(toFile: file, atomically: true, encoding: .utf8)
        let second = try await fixture.export(at: Self.date, sources: "app")
        #expect(second.made < second.pages.count && second.written >= 2)
        #expect(try String(contentsOfFile: file, encoding: .utf8) != "edited")

        // Other sources: every page.
        try await fixture.store.apply([.update(key: "milk", attributes: ["name": .string("Milk")])], to: .root("groceries"), basedOn: nil)
        #expect(try await fixture.export(at: Self.date, sources: "app 2").made == first.pages.count)
        // The change log trimmed past the last export: every page.
        try await fixture.store.apply([.update(key: "milk", attributes: ["name": .string("Goat milk")])], to: .root("groceries"), basedOn: nil)
        try await fixture.store.trimChangeLog(before: Date().addingTimeInterval(3_600))
        #expect(try await fixture.export(at: Self.date, sources: "app 2").made == first.pages.count)
        // The whole store replaced (an import with replacing): every page.
        try await fixture.store.load(try await fixture.store.document(), replacing: true)
        #expect(try await fixture.export(at: Self.date, sources: "app 2").made == first.pages.count)
        // And with nothing in between, the next one makes none (or only the up-to-date check).
        let quiet = try await fixture.export(at: Self.date, sources: "app 2")
        #expect(quiet.wasUpToDate || quiet.made == 0)
    }

    @Test("an import that appends an item notes its key, so the next export makes the list's pages and the new one only")
    func importAppends() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        _ = try await fixture.export(at: Self.date, sources: "app")
        try await fixture.store.load(DataDocument(lists: [("groceries", [DataDocument.Item(key: "figs", attributes: ["name": .string("Figs")])])]),
                                     replacing: false)
        let commits = try #require(try await fixture.store.commits(after: try await fixture.store.dataMark().sequence! - 1))
        #expect(commits.last?.lists.map(\.inserted) == [["figs"]] && commits.last?.lists.first?.reset == false)
        let report = try await fixture.export(at: Self.date, sources: "app")
        #expect(report.pages.contains(["groceries", "figs"]) && report.made < report.pages.count)
        #expect(report.written >= 2, "the list, the new item's page (and any page showing the same list)")
    }
}
