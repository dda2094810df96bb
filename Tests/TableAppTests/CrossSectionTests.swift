import Foundation
import Testing
import TableApp
import TableKit
import TableStore

/// An app file of our own over a fresh database holding `document`.
struct CustomAppFixture {
    let folder: URL
    let store: SQLiteStore
    let runtime: AppRuntime

    init(_ yaml: String, _ document: DataDocument) async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        store = try SQLiteStore(path: folder.appendingPathComponent("app.sqlite").path, durability: .normal)
        try await store.load(document, replacing: true)
        runtime = AppRuntime(app: try AppFileLoader.parse(yaml, file: "test.yaml"), store: store)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// The scene's section headers and row texts, a header as "# title".
    func outline(_ path: [String] = []) async throws -> [String] {
        try await runtime.resolve(path).sections.flatMap { ["# " + ($0.headerTitle ?? "")] + $0.rows.map(\.cell.text) }
    }

    @discardableResult
    func perform(_ action: TableAction, on path: [String] = []) async throws -> TableActionResult {
        var scene = try await runtime.resolve(path)
        return try await scene.perform(action, basedOn: scene.revisionToken)
    }

    @discardableResult
    func batch(_ script: BatchScript, on path: [String] = []) async throws -> ActionOutcome {
        let scene = try await runtime.resolve(path)
        return try await SceneEditor(runtime: runtime, scene: scene).perform(.batch(script), revisionToken: scene.revisionToken)
    }
}

extension DataDocument.Item {
    static func named(_ name: String, _ attributes: [String: String] = [:], rows: [String]? = nil) -> DataDocument.Item {
        .init(key: ItemKey.slug(name), attributes: attributes.mapValues(AttributeValue.string).merging(["name": .string(name)]) { $1 },
              lists: rows.map { [("rows", $0.map { .named($0) })] } ?? [])
    }
}

/// Rows moved between sections — by the sheet's proposal, by Up and Down, by a batch — in
/// lists grouped by an attribute, nested lists and indexed lists.
@Suite("Moves between sections")
struct CrossSectionTests {
    @Test("in a list grouped by an attribute, a row moved into another section takes that section's value")
    func byAttribute() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let result = try await demo.perform(.move(key: "passport", to: .after(key: "boots")), on: ["packing"],
                                            basedOn: try await demo.runtime.resolve(["packing"]).revisionToken)
        #expect(result.indexPath == IndexPath(1, 2) && result.key == "passport")
        #expect(try await demo.texts(["packing"]) == [["Phone Charger", "Headphones"], ["Rain Jacket", "Hiking Boots", "Passport", "Sunscreen"],
                                                      ["Water Bottle", "Trail Map"]])
        #expect(try await demo.store.item("passport", in: .root("packing"))?["bag"] == .string("Checked"))
        // Down from a section's last row is the top of the next section; up from its first row the end of the one above.
        let token = try await demo.runtime.resolve(["packing"]).revisionToken
        try await demo.perform(.moveDown(key: "headphones"), on: ["packing"], basedOn: token)
        #expect(try await demo.texts(["packing"])[1].first == "Headphones")
        try await demo.perform(.moveUp(key: "headphones"), on: ["packing"], basedOn: token)
        #expect(try await demo.texts(["packing"])[0] == ["Phone Charger", "Headphones"])
        await #expect(throws: TableActionError.refused(.noFurtherPlace(at: IndexPath(0, 0), upward: true))) {
            try await demo.perform(.moveUp(key: "charger"), on: ["packing"], basedOn: token)
        }
    }

    @Test("in a nested list a row moves into another item's list, renamed only where that list has its key; a key two rows share names neither")
    func nested() async throws {
        let app = try await CustomAppFixture("""
            title: Nested
            root: teams
            scenes:
              teams:
                title: Teams
                list: teams
                nested: { title: "{name}", rows: rows }
                cell: { text: "{name}" }
                moves: {}
                batchEditing: true
            """, DataDocument(lists: [("teams", [.named("Red", rows: ["Ann", "Bob"]), .named("Blue", rows: ["Cy", "Ann"])])]))
        defer { app.remove() }
        let moved = try await app.perform(.move(key: "bob", to: .before(key: "cy")))
        #expect(moved.indexPath == IndexPath(1, 0) && moved.key == "bob")
        #expect(try await app.outline() == ["# Red", "Ann", "# Blue", "Bob", "Cy", "Ann"])
        // Both teams have an "ann": a move naming her cannot tell which is meant.
        await #expect(throws: TableActionError.ambiguous(key: "ann", table: "Teams")) {
            try await app.perform(.move(key: "ann", to: .after(key: "cy")))
        }
        #expect(try await app.outline() == ["# Red", "Ann", "# Blue", "Bob", "Cy", "Ann"])
        // Red's Ann into Blue by index path, which has an Ann: she keeps her name and takes the key ann-2.
        try await app.batch(BatchScript(BatchUpdate([.moveRow(from: IndexPath(0, 0), to: IndexPath(1, 2))])))
        #expect(try await app.outline() == ["# Red", "# Blue", "Bob", "Cy", "Ann", "Ann"])
        let blue = ListID.root("teams").child(of: "blue", relationship: "rows")
        #expect(try await app.store.list(blue).items.map(\.key) == ["bob", "cy", "ann-2", "ann"])
        #expect(try await app.store.integrityProblems().isEmpty)
        // An empty section still takes rows, by index path.
        try await app.perform(.move(key: "cy", to: .indexPath(IndexPath(0, 0))))
        #expect(try await app.outline() == ["# Red", "Cy", "# Blue", "Bob", "Ann", "Ann"])
    }

    @Test("in an indexed list the initial decides the section: a row proposed elsewhere stays in its own, reordered within it")
    func indexed() async throws {
        let app = try await CustomAppFixture("""
            title: Indexed
            root: people
            scenes:
              people:
                title: People
                list: people
                index: { by: name, locale: en_US }
                cell: { text: "{name}" }
                moves: {}
            """, DataDocument(lists: [("people", ["Bea", "Ben", "Bo", "Dan", "Dee"].map { .named($0) })]))
        defer { app.remove() }
        let scene = try await app.runtime.resolve([])
        let b = try #require(scene.sections.firstIndex { $0.headerTitle == "B" })
        let d = try #require(scene.sections.firstIndex { $0.headerTitle == "D" })
        let result = try await app.perform(.move(key: "bea", to: .before(key: "dee")))
        #expect(result.indexPath == IndexPath(b, 2) && result.proposed == IndexPath(d, 1), "the nearest end of its own section")
        #expect(try await app.runtime.resolve([]).sections[b].rows.map(\.cell.text) == ["Ben", "Bo", "Bea"], "kept in the order people gave")
        // The sheet offers only places in the row's own section.
        let places = try await app.runtime.resolve([]).movePlaces(for: IndexPath(b, 0))
        #expect(Set(places.map(\.section)) == [b] && places.count == 3)
    }

    @Test("Figure 7-2 as the demo's named batch: a row and a section deleted, a row inserted into the old section 2; then restored")
    func figure72() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let three = [["A1", "A2", "A3"], ["B1", "B2", "B3"], ["C1", "C2", "C3"]]
        #expect(try await demo.texts(["figure-7-2"]) == three)
        let scene = try await demo.runtime.resolve(["figure-7-2"])
        let outcome = try await demo.editor(["figure-7-2"]).perform(.runBatch(name: "figure-7-2"), revisionToken: scene.revisionToken)
        #expect(outcome.notice == "Applied the batch: 9 rows in 3 sections before, 6 rows in 2 sections after.")
        #expect(try await demo.texts(["figure-7-2"]) == [["A1", "A3"], ["C1", "Inserted", "C2", "C3"]])
        #expect(try await demo.store.list(.root("figure-sections")).items.map(\.key) == ["section-a", "section-c"])
        let after = try await demo.runtime.resolve(["figure-7-2"])
        _ = try await demo.editor(["figure-7-2"]).perform(.runBatch(name: "restore-figure-7-2"), revisionToken: after.revisionToken)
        #expect(try await demo.texts(["figure-7-2"]) == three)
        #expect(try await demo.store.integrityProblems().isEmpty)
    }

    static let grouped = """
        title: Grouped
        root: packing
        scenes:
          packing:
            title: Packing
            list: packing
            sectionBy: bag
            cell: { text: "{name}" }
            editing: { rows: delete }
            moves: {}
            batchEditing: true
            add:
              fields:
                - { attribute: name, label: Name, type: text, required: true }
                - { attribute: bag, label: Bag, type: text }
        """

    static let packing = DataDocument(lists: [("packing", [
        .named("Passport", ["bag": "Carry-on"]), .named("Boots", ["bag": "Checked"]), .named("Jacket", ["bag": "Checked"]),
        .named("Map", ["bag": "Daypack"]),
    ])])

    @Test("sections of a list grouped by an attribute are its values: inserted, deleted, renamed and moved by a batch")
    func groupedBatches() async throws {
        let app = try await CustomAppFixture(Self.grouped, Self.packing)
        defer { app.remove() }
        // After the batch: Daypack (moved from 2), Suitcase (inserted), Carry-on, Checked.
        var script = BatchScript(BatchUpdate([.insertSections([1]), .moveSection(from: 2, to: 0), .reloadSections([0]),
                                              .moveRow(from: IndexPath(1, 1), to: IndexPath(3, 0))]))
        script.insertedSections[1] = .init(header: ["bag": "Suitcase"], rows: [["name": "Shirts"]])
        script.reloadedSections[0] = ["bag": "Cabin"]
        let outcome = try await app.batch(script)
        #expect(outcome.notice == "Applied the batch: 4 rows in 3 sections before, 5 rows in 4 sections after.")
        #expect(try await app.outline() == ["# Daypack", "Map", "# Suitcase", "Shirts", "# Cabin", "Passport", "# Checked", "Jacket", "Boots"])
        #expect(try await app.store.item("passport", in: .root("packing"))?["bag"] == .string("Cabin"))
        #expect(try await app.store.item("shirts", in: .root("packing"))?["bag"] == .string("Suitcase"))
    }

    @Test("a batch the values cannot show is refused with UIKit's check: a section left empty, a value given twice")
    func groupedConsistency() async throws {
        let app = try await CustomAppFixture(Self.grouped, Self.packing)
        defer { app.remove() }
        await #expect(throws: ActionError.refused("invalid update: invalid number of sections. The number of sections after the update (2) must equal the number before the update (3), plus or minus the sections inserted or deleted (0 inserted, 0 deleted)")) {
            try await app.batch(BatchScript(BatchUpdate([.deleteRows([IndexPath(2, 0)])])))
        }
        var twice = BatchScript(BatchUpdate([.insertSections([0])]))
        twice.insertedSections[0] = .init(header: ["bag": "Checked"], rows: [["name": "Socks"]])
        await #expect(throws: ActionError.self) { try await app.batch(twice) }
        var empty = BatchScript(BatchUpdate([.insertSections([3])]))
        empty.insertedSections[3] = .init(header: ["bag": "Tote"], rows: [])
        await #expect(throws: ActionError.self) { try await app.batch(empty) }
        #expect(try await app.outline() == ["# Carry-on", "Passport", "# Checked", "Boots", "Jacket", "# Daypack", "Map"], "nothing changed")
        // Deleting the section with the row is consistent.
        try await app.batch(BatchScript(BatchUpdate([.deleteSections([2])])))
        #expect(try await app.outline() == ["# Carry-on", "Passport", "# Checked", "Boots", "Jacket"])
    }
}
