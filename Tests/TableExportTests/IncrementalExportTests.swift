import Foundation
import Testing
import TestSupport
import TableApp
import TableExport
import TableKit
import TableRender
import TableSite
import TableStore

/// A re-export makes again only the pages a commit since the last export may have changed, and
/// leaves the folder exactly as a full export would.
@Suite("Incremental export")
struct IncrementalExportTests {
    static let date = Date(timeIntervalSince1970: 1_800_000_000)

    /// A full export of the fixture's data into a folder of its own, at the same date.
    static func fullExport(of fixture: ExportFixture, into folder: String) async throws -> ExportReport {
        try? FileManager.default.removeItem(atPath: folder)
        let options = ExportOptions(outputFolder: folder, publicFolder: ExportFixture.repository.appendingPathComponent("Public").path, date: date)
        return try await SiteExporter(site: fixture.site, options: options).export()
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

    @Test("after each of many random commits, a re-export leaves every page as a full export makes it, and makes few pages")
    func sameAsFullExport() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let reference = fixture.folder.appendingPathComponent("reference").path
        var random = SeededGenerator(seed: 21)
        var first = try await fixture.export(at: Self.date, sources: "app")
        #expect(first.problems == [] && first.made == first.pages.count)
        var madeFewer = 0
        for round in 0..<30 {
            for step in 0..<Int.random(in: 1...3, using: &random) {
                try await Self.randomCommit(on: fixture.store, number: round * 10 + step, using: &random)
            }
            let report = try await fixture.export(at: Self.date, sources: "app")
            let full = try await Self.fullExport(of: fixture, into: reference)
            #expect(report.problems == [] && full.problems == [])
            #expect(report.pages == full.pages, "round \(round): the same pages")
            for path in full.pages {
                let file = (path.map(URLBuilder.encodeSegment) + ["index.html"]).joined(separator: "/")
                let made = FileManager.default.contents(atPath: fixture.output + "/" + file)
                #expect(made != nil && made == FileManager.default.contents(atPath: reference + "/" + file), "round \(round): /\(file)")
            }
            if report.made < report.pages.count { madeFewer += 1 }
            first = report
        }
        #expect(madeFewer >= 25, "most re-exports make only what changed (\(madeFewer) of 30)")
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
