import Foundation
import Testing
import TableApp
@testable import TableExport
import TableRender
import TableStore

/// A long list's page made again takes the rows of its unchanged sections from its file as the
/// last export left them, and comes out as a full export makes it.
@Suite("Sections copied from a long list's page")
struct SectionCopiesTests {
    static let yaml = """
        title: Long lists
        root: home
        scenes:
          home:
            title: Home
            style: grouped
            sections:
              - cells:
                  - { key: items, text: Items, push: items }
                  - { key: tagged, text: Tagged, push: tagged }
                  - { key: teams, text: Teams, push: teams }
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
                - fields:
                    - { attribute: name, label: Name, type: text }
          tagged:
            title: Tagged
            list: tagged
            sectionBy: group
            cell: { text: "{name}" }
          teams:
            title: Teams
            list: teams
            cell: { text: "{name}" }
            push: members
          members:
            title: "{name}"
            list: members
            sectionBy: group
            cell: { text: "{name}" }
        """
    static let words = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel", "India", "Juliett"]

    /// Re-exports after `change`, checks the pages and records against a full export of the same
    /// folder, and returns how many sections were copied.
    static func reexport(_ fixture: ExportFixture, round: Int, _ change: () async throws -> Void) async throws -> Int {
        try await change()
        let date = IncrementalExportTests.date.addingTimeInterval(Double(round) * 86_400)
        let reference = fixture.folder.appendingPathComponent("reference").path
        try? FileManager.default.removeItem(atPath: reference)
        try FileManager.default.copyItem(atPath: fixture.output, toPath: reference)
        let report = try await fixture.export(at: date, sources: "app", sectionsRecordedFromRows: 500)
        let full = try await IncrementalExportTests.fullExport(of: fixture, into: reference, at: date, sectionsRecordedFromRows: 500)
        #expect(report.problems == [] && full.problems == [] && report.made < report.pages.count, "round \(round)")
        IncrementalExportTests.expectSamePages(full, in: fixture.output, as: reference, "round \(round)")
        let records = { (folder: String) in
            (try? String(contentsOfFile: folder + "/" + PageRecords.fileName, encoding: .utf8))?.split(separator: "\n")
                .filter { !$0.hasPrefix("inputs ") && !$0.hasPrefix("end ") }
        }
        #expect(records(fixture.output) != nil && records(fixture.output) == records(reference), "round \(round): the records")
        return report.copiedSections
    }

    @Test("after an item is added, renamed into another section, or moved, only the sections it left or joined are rendered")
    func onlyChangedSectionsRendered() async throws {
        let items = (0..<1_000).map { number in
            DataDocument.Item(key: "item-\(number)", attributes: ["name": .string("\(Self.words[number % 10]) \(number)"), "number": .number(Double(number))])
        }
        let tagged = (0..<600).map { number in
            DataDocument.Item(key: "tag-\(number)", attributes: ["name": .string("Tagged \(number)"), "group": .string(["Red", "Green", "Blue"][number % 3])])
        }
        let fixture = try await ExportFixture(app: try AppFileLoader.parse(Self.yaml, file: "long.yaml"),
                                              data: DataDocument(lists: [("items", items), ("tagged", tagged), ("teams", [])]))
        defer { fixture.remove() }
        let first = try await fixture.export(at: IncrementalExportTests.date, sources: "app", sectionsRecordedFromRows: 500)
        #expect(first.problems == [] && first.copiedSections == 0)
        let store = fixture.store

        // Ten sections hold rows (one a word); "Kilo" opens an eleventh.
        let added = try await Self.reexport(fixture, round: 1) {
            try await store.apply([.insert(StoredItem(key: "kilo", attributes: ["name": .string("Kilo 1"), "number": .number(1)]), at: 0)],
                                  to: .root("items"), basedOn: nil)
        }
        #expect(added == 10)
        // Foxtrot 5 becomes an Alpha: its old section and its new one are rendered.
        let renamed = try await Self.reexport(fixture, round: 2) {
            try await store.apply([.update(key: "item-5", attributes: ["name": .string("Alpha again")])], to: .root("items"), basedOn: nil)
        }
        #expect(renamed == 9)
        // Moved in the stored order: the index sorts by name, but the change log names the key.
        let moved = try await Self.reexport(fixture, round: 3) {
            try await store.apply([.move(key: "item-17", to: 900)], to: .root("items"), basedOn: nil)
        }
        #expect(moved == 10)
        // One tagged item more at the end: one of the three sections is rendered.
        let tag = try await Self.reexport(fixture, round: 4) {
            try await store.apply([.insert(StoredItem(key: "tag-new", attributes: ["name": .string("Tagged new"), "group": .string("Green")]),
                                           at: 600)], to: .root("tagged"), basedOn: nil)
        }
        #expect(tag == 2)
        // A new group first: every section's number moves on, and with it each row's index path.
        let shifted = try await Self.reexport(fixture, round: 5) {
            try await store.apply([.insert(StoredItem(key: "tag-first", attributes: ["name": .string("First"), "group": .string("Amber")]),
                                           at: 0)], to: .root("tagged"), basedOn: nil)
        }
        #expect(shifted == 0)
        // Deleted: the section it left is rendered.
        let deleted = try await Self.reexport(fixture, round: 6) {
            try await store.apply([.delete(key: "item-22")], to: .root("items"), basedOn: nil)
        }
        #expect(deleted == 10)
    }

    @Test("nothing is copied from a file changed since, from a list rewritten whole, or for a page that shows other changed data")
    func notCopiedWhenItCannotTell() async throws {
        let items = (0..<1_000).map { number in
            DataDocument.Item(key: "item-\(number)", attributes: ["name": .string("\(Self.words[number % 10]) \(number)"), "number": .number(Double(number))])
        }
        let members = (0..<600).map { number in
            DataDocument.Item(key: "member-\(number)", attributes: ["name": .string("Member \(number)"), "group": .string(["Red", "Blue"][number % 2])])
        }
        let team = DataDocument.Item(key: "team", attributes: ["name": .string("Team")], lists: [("members", members)])
        let fixture = try await ExportFixture(app: try AppFileLoader.parse(Self.yaml, file: "long.yaml"),
                                              data: DataDocument(lists: [("items", items), ("tagged", []), ("teams", [team])]))
        defer { fixture.remove() }
        _ = try await fixture.export(at: IncrementalExportTests.date, sources: "app", sectionsRecordedFromRows: 500)
        let store = fixture.store
        // The page's file, changed by hand where a section's rows stand, is made whole again.
        let page = fixture.output + "/items/index.html"
        let changedByHand = try await Self.reexport(fixture, round: 1) {
            let text = try String(contentsOfFile: page, encoding: .utf8)
            try text.replacingOccurrences(of: ">Hotel 7<", with: ">Hacked 7<").write(toFile: page, atomically: true, encoding: .utf8)
            try await store.apply([.update(key: "item-0", attributes: ["name": .string("Alpha 0 again")])], to: .root("items"), basedOn: nil)
        }
        #expect(changedByHand == 0)
        #expect(try String(contentsOfFile: page, encoding: .utf8).contains(">Hotel 7<"))
        // Then copied again from the file as this export left it.
        #expect(try await Self.reexport(fixture, round: 2) {
            try await store.apply([.update(key: "item-1", attributes: ["name": .string("Bravo 1 again")])], to: .root("items"), basedOn: nil)
        } == 9)
        // Rewritten whole, the list's change names no key.
        let rewritten = try await Self.reexport(fixture, round: 3) {
            let list = try await store.list(.root("items"))
            try await store.apply([.replaceAll(list.items)], to: .root("items"), basedOn: nil)
        }
        #expect(rewritten == 0)
        // The team's page shows its name in the navigation bar, and its rows: renamed, the team
        // is data the page shows that is not one of its rows, so no section is copied (though
        // none changed); a member renamed then leaves the other section to copy.
        let membersPage = fixture.output + "/teams/team/index.html"
        #expect(try String(contentsOfFile: membersPage, encoding: .utf8).contains("Member 599"))
        let teamRenamed = try await Self.reexport(fixture, round: 4) {
            try await store.apply([.update(key: "team", attributes: ["name": .string("Team renamed")])], to: .root("teams"), basedOn: nil)
        }
        #expect(teamRenamed == 0)
        let memberRenamed = try await Self.reexport(fixture, round: 5) {
            try await store.apply([.update(key: "member-3", attributes: ["name": .string("Member three")])],
                                  to: ListID.root("teams").child(of: "team", relationship: "members"), basedOn: nil)
        }
        #expect(memberRenamed == 1)
    }
}
