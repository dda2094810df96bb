import Foundation
import Testing
import TestSupport
import TableApp
import TableKit
import TableRender
import TableSite
import TableStore

/// A page rendered after commits by a site that keeps what it built — each scene's rows, its
/// snapshots, where its rows lead, its rendered rows — is byte for byte the page a site that
/// keeps nothing renders from the same data.
@Suite("Pages rendered after edits")
struct IncrementalRenderTests {
    /// An indexed list whose sections are long (three initials), rows that open their item and
    /// delete in editing mode; and one long plain section with checkmarks, the closed rows of
    /// which cannot be selected; and that section's rows, moving.
    static func app(root: String) throws -> AppDefinition {
        try AppFileLoader.parse("""
            title: Pages
            root: \(root)
            scenes:
              names:
                title: Names
                list: names
                index: { by: name, locale: en_US }
                cell: { text: "{name}", detail: "{rank, number}", style: subtitle }
                push: name
                editing: { rows: delete }
              name:
                title: "{name}"
                style: grouped
                detail:
                  sections:
                    - fields:
                        - { attribute: name, label: Name, type: text }
              plain:
                title: Plain
                list: plain
                selection: { mode: inclusive, attribute: checked }
                cell: { text: "{name}" }
                # Closed rows refuse selection: an edit that opens or closes one changes where it leads.
                rows: { canSelect: { attribute: open } }
              moving:
                title: Moving
                list: plain
                cell: { text: "{name}" }
                # In editing mode each row's Move up and Move down name the rows beside it.
                moves: {}
            """, file: "app.yaml")
    }

    static func name(_ dice: inout SeededGenerator) -> AttributeValue {
        .string(["Anna", "Bo", "Carl"][dice.next(below: 3)] + " \(dice.next(below: 1_000))")
    }

    @Test("a site that keeps rows, snapshots, links and rendered rows renders what a fresh site renders, edit after edit")
    func sameBytes() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("app.sqlite").path
        let store = try SQLiteStore(path: path, durability: .normal)
        var dice = SeededGenerator(seed: 7)
        let seeded = (0..<240).map { number in
            DataDocument.Item(key: "s\(number)", attributes: ["name": Self.name(&dice), "rank": .number(Double(number))])
        }
        try await store.load(DataDocument(lists: [("names", seeded), ("plain", seeded)]), replacing: true)
        let apps = try ["names", "plain", "moving"].map { try Self.app(root: $0) }
        let keeping = try apps.map { try ServedDemo.site($0, store: store) }
        // Fresh pages are read through a store of their own on the same file.
        let other = try SQLiteStore(path: path, durability: .normal)
        var compared = 0
        for step in 1...400 {
            let list = ListID.root(["names", "plain"][dice.next(below: 2)])
            let current = try await store.list(list)
            let key = current.items[dice.next(below: current.items.count)].key
            // Mostly edits in place, which keep row counts and let sections be carried whole.
            let change: ListChange = switch dice.next(below: 8) {
            case 0: .insert(StoredItem(key: "n\(step)", attributes: ["name": Self.name(&dice), "rank": .number(Double(step))]),
                            at: dice.next(below: current.items.count + 1))
            case 1: .delete(key: key)
            case 2: .move(key: key, to: dice.next(below: current.items.count))
            case 3, 4: .update(key: key, attributes: ["name": Self.name(&dice)])
            case 5: .update(key: key, attributes: ["open": .bool(dice.next(below: 2) == 0)])
            default: .update(key: key, attributes: ["rank": .number(Double(dice.next(below: 1_000))), "checked": .bool(dice.next(below: 2) == 0)])
            }
            try await store.apply([change], to: list, basedOn: current.revision)
            guard dice.next(below: 2) == 0 else { continue }
            for (app, site) in zip(apps, keeping) {
                let fresh = try ServedDemo.site(app, store: other)
                for options in [PageOptions(csrf: "token"), PageOptions(state: ViewState(isEditing: true), csrf: "token"), PageOptions()] {
                    let kept = site.renderer.render(try site.tablePage(try await site.page(at: []), options: options))
                    let made = fresh.renderer.render(try fresh.tablePage(try await fresh.page(at: []), options: options))
                    // Compared apart from the expectation, which would print two whole pages.
                    let same = kept == made
                    #expect(same, "after step \(step), \(app.rootScene) (editing: \(options.showsEditing)) renders otherwise than a fresh site")
                    if !same { return }
                    compared += 1
                }
            }
        }
        #expect(compared > 1_000, "\(compared) pages compared")
        // Most rows were not rendered again (an insert, delete or move renders the rows whose
        // index paths it shifts): the kept site did far less work than the fresh ones.
        let rendered = keeping.map(\.renderer.renderedRowCount).reduce(0, +)
        #expect(rendered < compared * 240 / 5, "\(rendered) rows rendered for \(compared) pages")
        // Likewise where rows lead: asked again only about rows a commit touched or shifted.
        let asked = keeping.map(\.linkQuestionCount).reduce(0, +)
        #expect(asked < compared * 240 / 8, "\(asked) rows asked where they lead for \(compared) pages")
    }
}
