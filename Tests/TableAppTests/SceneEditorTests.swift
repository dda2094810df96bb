import Testing
import Foundation
import TableKit
import TableApp
import TableStore

@Suite("Editing the demo through its scenes, as table view controllers and forms")
struct SceneEditorTests {
    @Test("the exclusive list moves its checkmark; choosing the checked row again changes nothing (Listing 6-3)")
    func exclusive() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let before = try await demo.runtime.resolve(["task-category"])
        let outcome = try await demo.perform(.setChecked(key: "work", isChecked: true), on: ["task-category"], basedOn: before.revisionToken)
        #expect(outcome.key == "work")
        let after = try await demo.runtime.resolve(["task-category"])
        #expect(after.sections[0].rows.map { $0.cell.accessory == .checkmark } == [true, false, false, false])
        let again = try await demo.perform(.setChecked(key: "work", isChecked: true), on: ["task-category"], basedOn: after.revisionToken)
        #expect(again.selectionChange == SelectionList.Change.unchanged)
        #expect(try await demo.runtime.resolve(["task-category"]).revisionToken == after.revisionToken, "nothing was written")
    }

    @Test("the inclusive list toggles the chosen row only (Listing 6-4)")
    func inclusive() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        var scene = try await demo.runtime.resolve(["toppings"])
        try await demo.perform(.setChecked(key: "olives", isChecked: true), on: ["toppings"], basedOn: scene.revisionToken)
        scene = try await demo.runtime.resolve(["toppings"])
        try await demo.perform(.setChecked(key: "cheese", isChecked: false), on: ["toppings"], basedOn: scene.revisionToken)
        // Sent again (a second click, a second tab), the same wish changes nothing.
        try await demo.perform(.setChecked(key: "cheese", isChecked: false), on: ["toppings"], basedOn: scene.revisionToken)
        scene = try await demo.runtime.resolve(["toppings"])
        #expect(scene.sections[0].rows.filter { $0.cell.accessory == .checkmark }.map(\.cell.text) == ["Olives", "Basil"])
    }

    @Test("delete and insert follow the SimpleEditableList rule; a forged delete of the insert row is refused")
    func editableList() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        var scene = try await demo.runtime.resolve(["groceries"])
        #expect(try scene.snapshot(isEditing: true).sections[0].rows.map(\.editingStyle) == [.delete, .delete, .delete, .insert])
        await #expect(throws: TableActionError.refused(.editingStyleNotOffered(.delete, offered: .insert, at: IndexPath(0, 3)))) {
            try await demo.perform(.delete(key: "butter", isEditing: true), on: ["groceries"], basedOn: scene.revisionToken)
        }
        try await demo.perform(.delete(key: "eggs", isEditing: true), on: ["groceries"], basedOn: scene.revisionToken)
        scene = try await demo.runtime.resolve(["groceries"])
        #expect(scene.sections[0].rows.map(\.cell.text) == ["Milk", "Bread", "Butter"])
        let inserted = try await demo.perform(.insert(key: "butter", isEditing: true), on: ["groceries"], basedOn: scene.revisionToken)
        #expect(try await demo.texts(["groceries"]) == [["Milk", "Bread", "Butter", "New Item"]], "after the row whose control it is")
        #expect(inserted.key == "new-item")
    }

    @Test("sixteen people inserting the same name into one list at once: every item is added, each under a key of its own")
    func concurrentInsertsOfOneName() async throws {
        let app = try AppFileLoader.parse("""
            title: Groups
            root: groups
            scenes:
              groups:
                title: Groups
                list: groups
                cell: { text: "{name}" }
                push: group
              group:
                title: "{name}"
                list: items
                cell: { text: "{name}" }
                editing: { rows: delete, lastRow: insert }
            """, file: "groups.yaml")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(path: folder.appendingPathComponent("groups.sqlite").path, durability: .normal)
        let groups = (1...16).map { group in
            DataDocument.Item(key: "group-\(group)", attributes: ["name": .string("Group \(group)")],
                              lists: [("items", [.init(key: "group-\(group)-1", attributes: ["name": .string("First")])])])
        }
        try await store.load(DataDocument(lists: [("groups", groups)]), replacing: true)
        let runtime = AppRuntime(app: app, store: store)

        // Sixteen people insert into one list at once, four times each, from pages read before
        // any of it: no insert conflicts with another; two picking one key at the same moment
        // read again and pick another, as the server does (SaveRace).
        let page = try await runtime.resolve(["group-1"]).revisionToken
        let keys = try await withThrowingTaskGroup(of: [String].self) { tasks in
            for _ in 1...16 {
                tasks.addTask {
                    var added: [String] = []
                    for _ in 0..<4 {
                        while true {
                            var scene = try await runtime.resolve(["group-1"])
                            // The insert control is on the last row (the SimpleEditableList rule).
                            let last = try #require(scene.sections[0].rows.last?.cell.key)
                            do {
                                added.append(try #require(try await scene.perform(.insert(key: last, isEditing: true), basedOn: page).key))
                                break
                            } catch is SaveRace {
                                continue
                            }
                        }
                    }
                    return added
                }
            }
            return try await tasks.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(keys.count == 64 && Set(keys).count == 64, "every insert answered with a key of its own")
        #expect(try await runtime.resolve(["group-1"]).sections[0].rows.filter { $0.cell.text == "New Item" }.count == 64)
        #expect(try await runtime.resolve(["group-2"]).sections[0].rows.count == 1, "other lists are untouched")
    }

    @Test("Add: a validation error keeps what was typed; then success lands on the new row")
    func add() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let scene = try await demo.runtime.resolve(["groceries"])
        await #expect(throws: ActionError.invalidFields(["name": "Name cannot be empty.", "quantity": "Quantity must be at most 99."],
                                                        typed: ["name": "  ", "quantity": "120"])) {
            try await demo.editor(["groceries"]).perform(.add(fields: ["name": "  ", "quantity": "120"]), revisionToken: scene.revisionToken)
        }
        let outcome = try await demo.editor(["groceries"]).perform(.add(fields: ["name": "Apples", "quantity": "6"]), revisionToken: scene.revisionToken)
        #expect(outcome.highlightKey == "apples")
        #expect(try await demo.texts(["groceries"])[0].last == "Apples")
    }

    @Test("Add: a name that shows nothing is empty; one spelling (NFC) is stored, without invisible marks at its ends")
    func addInvisibleNames() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let scene = try await demo.runtime.resolve(["groceries"])
        for name in ["\u{200D}", "\u{2060}\u{200E}", "\u{202E}", "\u{00AD}", "\u{0301}", "\u{3164}", "\u{2800}", "\u{FEFF} \u{200B}"] {
            await #expect(throws: ActionError.self, "\(name.unicodeScalars.map { String($0.value, radix: 16) })") {
                try await demo.editor(["groceries"]).perform(.add(fields: ["name": name, "quantity": "1"]), revisionToken: scene.revisionToken)
            }
        }
        // A bell is refused as the control character it is, not as nothing; a private font's glyph shows.
        await #expect(throws: ActionError.invalidFields(["name": "Name cannot hold the character U+0007 (a control character, line break or noncharacter)."],
                                                        typed: ["name": "\u{7}", "quantity": "1"])) {
            try await demo.editor(["groceries"]).perform(.add(fields: ["name": "\u{7}", "quantity": "1"]), revisionToken: scene.revisionToken)
        }
        _ = try await demo.editor(["groceries"]).perform(.add(fields: ["name": "\u{E000}", "quantity": "1"]), revisionToken: scene.revisionToken)
        // "Café" spelt with a combining accent (NFD) after a byte order mark, an emoji keeping its presentation selector.
        let outcome = try await demo.editor(["groceries"]).perform(.add(fields: ["name": "\u{FEFF}Cafe\u{0301} \u{2615}\u{FE0F}\u{200D}", "quantity": "1"]),
                                                                   revisionToken: scene.revisionToken)
        let key = try #require(outcome.highlightKey)
        let stored = try #require(try await demo.store.item(key, in: .root("groceries")))
        #expect(stored["name"]?.description.unicodeScalars.map(\.value) == Array("Caf\u{E9} \u{2615}\u{FE0F}".unicodeScalars.map(\.value)))
        #expect(outcome.highlightKey == "cafe")
        // An override or isolate left open is ended at the name's end, so it cannot turn around
        // what a page shows after the name; one already ended is kept as it is.
        for (typed, kept) in [("ab\u{202E}cd", "ab\u{202E}cd\u{202C}"), ("ab\u{202E}cd\u{202C}", "ab\u{202E}cd\u{202C}"),
                              ("ab\u{202E}cd\u{202C}ef", "ab\u{202E}cd\u{202C}ef"), ("x\u{2067}y", "x\u{2067}y\u{2069}"),
                              ("a\u{202B}b\u{2066}c", "a\u{202B}b\u{2066}c\u{2069}\u{202C}"), ("a\u{2066}b\u{202A}c\u{2069}d", "a\u{2066}b\u{202A}c\u{2069}d"),
                              ("a\u{202C}\u{2069}b", "a\u{202C}\u{2069}b"), ("\u{202E}Lead\u{202C}", "\u{202E}Lead\u{202C}"),
                              ("\u{202C}\u{2067}Iso", "\u{2067}Iso\u{2069}"), ("\u{202E}", nil),
                              ("\u{2068}\u{FEFF}  Milk", "\u{2068}Milk\u{2069}"), ("\u{2066}\u{2069} x", "x"),
                              (String(repeating: "y", count: 58) + "\u{202E}z", String(repeating: "y", count: 58) + "\u{202E}z\u{202C}")] as [(String, String?)] {
            guard let kept else {
                await #expect(throws: ActionError.self) {
                    try await demo.editor(["groceries"]).perform(.add(fields: ["name": typed, "quantity": "1"]), revisionToken: scene.revisionToken)
                }
                continue
            }
            let added = try await demo.editor(["groceries"]).perform(.add(fields: ["name": typed, "quantity": "1"]), revisionToken: scene.revisionToken)
            let key = try #require(added.highlightKey)
            let name = try #require(try await demo.store.item(key, in: .root("groceries"))?["name"]?.description)
            #expect(name.unicodeScalars.map(\.value) == kept.unicodeScalars.map(\.value), "\(typed.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }

    @Test("Add: a number with more digits than a stored number keeps is refused, saying what would be kept")
    func addTooManyDigits() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let scene = try await demo.runtime.resolve(["groceries"])
        let typed = ["name": "Flour", "quantity": "1.123456789012345678901234567890"]
        await #expect(throws: ActionError.invalidFields(["quantity": "Quantity has more digits than a number here keeps: it would be stored as 1.1234567890123457."],
                                                        typed: typed)) {
            try await demo.editor(["groceries"]).perform(.add(fields: typed), revisionToken: scene.revisionToken)
        }
        #expect(try await demo.texts(["groceries"])[0] == ["Milk", "Eggs", "Bread", "Butter"])
        let tiny = ["name": "Flour", "quantity": "1e-400"]
        await #expect(throws: ActionError.invalidFields(["quantity": "Quantity is too close to zero to keep: it would be stored as 0."], typed: tiny)) {
            try await demo.editor(["groceries"]).perform(.add(fields: tiny), revisionToken: scene.revisionToken)
        }
        // As many digits as are kept, and a number written as a page shows it back, are taken.
        let outcome = try await demo.editor(["groceries"]).perform(.add(fields: ["name": "Flour", "quantity": "1.0000000000000002"]),
                                                                   revisionToken: scene.revisionToken)
        let key = try #require(outcome.highlightKey)
        #expect(try await demo.store.item(key, in: .root("groceries"))?["quantity"] == .number(1 + Double.ulpOfOne))
    }

    @Test("Add on a scene read without its rows: the page's revisions, no rows read, the item at the end as a whole read adds it")
    func addWithoutRows() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        for (path, fields, expected) in [
            (["groceries"], ["name": "Apples", "quantity": "6"], [["Milk", "Eggs", "Bread", "Butter", "Apples"]]),
            (["packing"], ["name": "Hat", "bag": "Checked"], try await demo.texts(["packing"]).enumerated().map { $0.element + ($0.offset == 1 ? ["Hat"] : []) }),
        ] {
            let whole = try await demo.runtime.resolve(path)
            let bare = try await demo.runtime.resolveForAdding(path)
            #expect(bare.sections.isEmpty && bare.revisionToken == whole.revisionToken && bare.title == whole.title)
            let outcome = try await SceneEditor(runtime: demo.runtime, scene: bare).perform(.add(fields: fields), revisionToken: whole.revisionToken)
            #expect(outcome.highlightKey == fields["name"]?.lowercased())
            #expect(try await demo.texts(path) == expected, "\(path)")
        }
        // A scene whose sections are lists of their own is read whole.
        let nested = try await demo.runtime.resolveForAdding(["reorder"])
        #expect(nested.sections.map { $0.rows.map(\.cell.text) } == (try await demo.texts(["reorder"])))
        await #expect(throws: RuntimeError.self) { try await demo.runtime.resolveForAdding(["groceries", "no-such-item"]) }
    }

    @Test("rows found by key: the same answers the first time and once looked up by index, and again after the rows change")
    func rowsByKey() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        var scene = try await demo.runtime.resolve(["groceries"])
        let keys = scene.sections[0].rows.map(\.cell.key)
        // Fifteen lookups: the scene makes its index after eight, so the later ones go through it.
        for _ in 0..<3 {
            #expect(keys.map { scene.row(forKey: $0)?.indexPath } == keys.indices.map { IndexPath(row: $0, section: 0) })
            #expect(scene.row(forKey: "no-such-key") == nil)
        }
        let copy = scene
        scene.sections[0].rows.removeFirst()
        #expect(scene.row(forKey: keys[1])?.indexPath == IndexPath(row: 0, section: 0), "the rows changed: found where they are now")
        #expect(scene.row(forKey: keys[0]) == nil)
        #expect(copy.row(forKey: keys[1])?.indexPath == IndexPath(row: 1, section: 0), "a copy keeps its own rows")
        // Two rows with one key: the first is found, before and after the index.
        scene.sections[0].rows.append(scene.sections[0].rows[0])
        for _ in 0..<12 { #expect(scene.row(forKey: keys[1])?.indexPath == IndexPath(row: 0, section: 0)) }
    }

    @Test("Reorder: the retarget rule keeps rows in their section, off the fixed first row and the placeholder")
    func reorder() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        var scene = try await demo.runtime.resolve(["reorder"])
        #expect(scene.sections.map { $0.rows.map(\.cell.text) } == [
            ["Wake Up", "Stretch", "Make Coffee", "Read the News", "Add Item"],
            ["Cook Dinner", "Take a Walk", "Read a Book", "Sleep", "Add Item"],
        ])
        // Proposed at the very top: lands just below the fixed row.
        let outcome = try await demo.perform(.move(key: "m-read-the-news", to: .indexPath(IndexPath(0, 0))), on: ["reorder"], basedOn: scene.revisionToken)
        #expect(outcome.indexPath == IndexPath(0, 1) && outcome.proposed == IndexPath(0, 0), "landed at row 2, the nearest allowed place")
        scene = try await demo.runtime.resolve(["reorder"])
        #expect(scene.sections[0].rows.map(\.cell.text) == ["Wake Up", "Read the News", "Stretch", "Make Coffee", "Add Item"])
        // Proposed in the other section: brought back to the end of its own, before the placeholder.
        try await demo.perform(.move(key: "m-stretch", to: .indexPath(IndexPath(1, 1))), on: ["reorder"], basedOn: scene.revisionToken)
        scene = try await demo.runtime.resolve(["reorder"])
        #expect(scene.sections[0].rows.map(\.cell.text) == ["Wake Up", "Read the News", "Make Coffee", "Stretch", "Add Item"])
        // The fixed first row refuses to move.
        await #expect(throws: TableActionError.refused(.rowNotMovable(at: IndexPath(0, 0)))) {
            try await demo.perform(.moveDown(key: "m-wake-up"), on: ["reorder"], basedOn: scene.revisionToken)
        }
        try await demo.perform(.moveUp(key: "m-stretch"), on: ["reorder"], basedOn: scene.revisionToken)
        #expect(try await demo.texts(["reorder"])[0] == ["Wake Up", "Read the News", "Stretch", "Make Coffee", "Add Item"])
    }

    @Test("moves inside a section of an attribute-grouped list keep the other sections' items in place")
    func groupedMoves() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        // Elements have no moves in the demo; the same logic serves any grouped list.
        let scene = try await demo.runtime.resolve(["elements"])
        await #expect(throws: TableActionError.refused(.rowNotMovable(at: IndexPath(row: 0, section: 2)))) {
            try await demo.perform(.moveUp(key: "hydrogen"), on: ["elements"], basedOn: scene.revisionToken)
        }
    }

    @Test("Listing 7-8 as a named batch, then restored")
    func batch() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        var scene = try await demo.runtime.resolve(["batch-update"])
        #expect(scene.sections[0].rows.map(\.cell.text) == ["Arizona", "California", "Delaware", "New Jersey", "Washington"])
        _ = try await demo.editor(["batch-update"]).perform(.runBatch(name: "listing-7-8"), revisionToken: scene.revisionToken)
        scene = try await demo.runtime.resolve(["batch-update"])
        #expect(scene.sections[0].rows.map(\.cell.text) == ["Alaska", "Arizona", "California", "Georgia", "New Jersey", "Virginia"])
        #expect(scene.sections[0].rows[0].cell.key == "alaska", "keys are the list's own: the States list's Alaska is another item")
        _ = try await demo.editor(["batch-update"]).perform(.runBatch(name: "restore-states"), revisionToken: scene.revisionToken)
        #expect(try await demo.texts(["batch-update"]) == [["Arizona", "California", "Delaware", "New Jersey", "Washington"]])
    }

    @Test("a batch's inserted row takes the Add sheet's defaults for the fields it leaves out, as an Add does")
    func batchInsertDefaults() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let scene = try await demo.runtime.resolve(["groceries"])
        let update = BatchUpdate([.insertRows([IndexPath(0, 4)])])
        _ = try await demo.editor(["groceries"]).perform(.batch(BatchScript(update, insertedRows: [IndexPath(0, 4): ["name": "Honey"]])),
                                                         revisionToken: scene.revisionToken)
        let honey = try #require(try await demo.store.list(.root("groceries")).items.first { $0.attributes["name"] == .string("Honey") })
        #expect(honey.attributes["quantity"] == .number(1))
    }

    @Test("a batch from a page ahead of the list is refused as older data, not as someone else's change")
    func batchAheadOfList() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let scene = try await demo.runtime.resolve(["batch-update"])
        var later = scene
        later.revisions = later.revisions.mapValues { $0 + 500 }
        do {
            _ = try await demo.editor(["batch-update"]).perform(.runBatch(name: "listing-7-8"), revisionToken: later.revisionToken)
            Issue.record("the batch was run")
        } catch let conflict as SaveConflict {
            #expect(conflict.description.hasPrefix("the server's data is older than this page"), "\(conflict.description)")
        }
        #expect(try await demo.texts(["batch-update"])[0].count == 5)
    }

    @Test("an inconsistent batch is refused whole with UIKit's reason")
    func inconsistentBatch() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let scene = try await demo.runtime.resolve(["batch-update"])
        let update = BatchUpdate([.insertRows([IndexPath(0, 9)])])
        await #expect(throws: ActionError.refused("operation 1 (insert 0.9): row 0.9 does not exist in the table after the update (section 0 has 6 rows)")) {
            try await demo.editor(["batch-update"]).perform(.batch(BatchScript(update, insertedRows: [IndexPath(0, 9): ["name": "X"]])),
                                                            revisionToken: scene.revisionToken)
        }
        #expect(try await demo.texts(["batch-update"])[0].count == 5)
    }

    @Test("a deletion from an older page goes ahead unless that item changed since; a malformed revision is refused")
    func stale() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let old = try await demo.runtime.resolve(["groceries"])
        try await demo.perform(.delete(key: "milk", isEditing: true), on: ["groceries"], basedOn: old.revisionToken)
        try await demo.perform(.delete(key: "bread", isEditing: true), on: ["groceries"], basedOn: old.revisionToken)
        let now = try await demo.runtime.resolve(["groceries"])
        try await demo.store.apply([.update(key: "eggs", attributes: ["quantity": .number(12)])], to: .root("groceries"),
                                   basedOn: now.revisions[.root("groceries")])
        await #expect(throws: SaveConflict.self) {
            try await demo.perform(.delete(key: "eggs", isEditing: true), on: ["groceries"], basedOn: old.revisionToken)
        }
        #expect(try await demo.texts(["groceries"]) == [["Eggs", "Butter"]])
        await #expect(throws: ActionError.badRequest("the revision \"nonsense\" is malformed; reload the page")) {
            try await demo.perform(.delete(key: "eggs", isEditing: true), on: ["groceries"], basedOn: "nonsense")
        }
    }

    @Test("a revision token reads back as the revisions it was made from; a malformed one is refused")
    func revisionTokens() throws {
        let revisions: [ListID: Int] = [.root("regions"): 3, ListID(parent: "regions/north", relationship: "trails"): 7,
                                        ListID(parent: "a.b", relationship: "c"): 0]
        #expect(try ResolvedScene.parse("regions=3;regions/north.trails=7;a.b.c=0") == revisions)
        #expect(try ResolvedScene.parse(";regions=3;;regions/north.trails=7;a.b.c=0;") == revisions, "empty parts are skipped")
        #expect(try ResolvedScene.parse("") == [:])
        #expect(try ResolvedScene.parse("caf\u{E9}.ol\u{E9}=12") == [ListID(parent: "caf\u{E9}", relationship: "ol\u{E9}"): 12])
        for malformed in ["nonsense", "=5", "=a=5", "a=", "a==5", "a=-1", "a=5x", "a=5;b", "a=1;a=2", "a.b=1;c=2;a.b=1"] {
            #expect(throws: ActionError.badRequest("the revision \"\(malformed)\" is malformed; reload the page")) {
                try ResolvedScene.parse(malformed)
            }
        }
    }

    @Test("Settings: the switch and the slider write the settings item; out-of-range values are refused")
    func settings() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        var scene = try await demo.runtime.resolve(["settings"])
        try await demo.perform(.toggle(key: "sound-effects", isOn: false), on: ["settings"], basedOn: scene.revisionToken)
        scene = try await demo.runtime.resolve(["settings"])
        try await demo.perform(.slide(key: "volume", value: 3.5), on: ["settings"], basedOn: scene.revisionToken)
        scene = try await demo.runtime.resolve(["settings"])
        let rows = scene.sections[0].rows.map(\.cell.accessory)
        #expect(rows[0] == .toggle(isOn: false))
        #expect(rows[1] == .slider(try Slider(minimum: 0, maximum: 10, value: 3.5)))
        await #expect(throws: TableActionError.refused(.sliderValueOutOfRange(value: 11, minimum: 0, maximum: 10))) {
            try await demo.perform(.slide(key: "volume", value: 11), on: ["settings"], basedOn: scene.revisionToken)
        }
    }

    @Test("a detail save read before others changed the list goes ahead; one whose own field changed meanwhile is read again")
    func detailSaveAmongOtherWrites() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let path = ["groceries", "bread"]
        let list = ListID.root("groceries")
        let shown = try await demo.runtime.resolve(path)
        let editor = try await demo.editor(path)
        let quantity = try #require(shown.item?["quantity"]).description
        // Someone adds a row and renames another after the page and the editor read the list.
        _ = try await demo.store.apply([.insertAfter(StoredItem(key: "tea", attributes: ["name": .string("Tea"), "quantity": .number(1)]), key: nil)],
                                       to: list, basedOn: nil)
        _ = try await demo.store.apply([.update(key: "eggs", attributes: ["name": .string("Duck Eggs")])], to: list, basedOn: nil)
        let outcome = try await editor.perform(.saveDetail(fields: ["name": "Rye Bread", "quantity": quantity],
                                                           originals: ["name": "Bread", "quantity": quantity]),
                                               revisionToken: shown.revisionToken)
        #expect(outcome.notice == "Saved.")
        #expect(try await demo.store.item("bread", in: list)?["name"] == .string("Rye Bread"))

        // The same field changed between the editor's read and its save: the server reads again
        // (`SaveRace`), and the fresh read then shows the person the value now (`fieldsChanged`).
        let stale = try await demo.editor(path)
        _ = try await demo.store.apply([.update(key: "bread", attributes: ["name": .string("Sourdough")])], to: list, basedOn: nil)
        await #expect(throws: SaveRace.self) {
            try await stale.perform(.saveDetail(fields: ["name": "Spelt Bread", "quantity": quantity], originals: ["name": "Rye Bread", "quantity": quantity]),
                                    revisionToken: shown.revisionToken)
        }
        await #expect(throws: ActionError.fieldsChanged(["name": "Sourdough"], typed: ["name": "Spelt Bread", "quantity": quantity])) {
            try await demo.editor(path).perform(.saveDetail(fields: ["name": "Spelt Bread", "quantity": quantity],
                                                            originals: ["name": "Rye Bread", "quantity": quantity]),
                                                revisionToken: shown.revisionToken)
        }
        #expect(try await demo.store.item("bread", in: list)?["name"] == .string("Sourdough"))
    }

    @Test("two people who make the same change to a field are not in conflict; what else they changed is saved")
    func sameChangeTwice() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let path = ["groceries", "bread"]
        let list = ListID.root("groceries")
        let shown = try await demo.runtime.resolve(path)
        let quantity = try #require(shown.item?["quantity"]).description
        let originals = ["name": "Bread", "quantity": quantity]
        let first = try await demo.editor(path).perform(.saveDetail(fields: ["name": "Rye Bread", "quantity": quantity], originals: originals),
                                                        revisionToken: shown.revisionToken)
        #expect(first.notice == "Saved.")
        let revision = try await demo.store.revision(of: list)
        // The second person typed the same name from the same form: their value is stored already.
        let same = try await demo.editor(path).perform(.saveDetail(fields: ["name": "Rye Bread", "quantity": quantity], originals: originals),
                                                       revisionToken: shown.revisionToken)
        #expect(same.notice == "Saved.")
        #expect(try await demo.store.revision(of: list) == revision, "nothing was written again")
        // The same name and another quantity: the quantity is saved, the name is no conflict.
        let more = try await demo.editor(path).perform(.saveDetail(fields: ["name": "Rye Bread", "quantity": "7"], originals: originals),
                                                       revisionToken: shown.revisionToken)
        #expect(more.notice == "Saved.")
        #expect(try await demo.store.item("bread", in: list)?["quantity"] == .number(7))
        // Another name still conflicts with the one stored. The quantity this person left as
        // shown comes back as it is now, so that saving again keeps the 7 saved meanwhile.
        await #expect(throws: ActionError.fieldsChanged(["name": "Rye Bread"], typed: ["name": "Spelt Bread", "quantity": "7"])) {
            try await demo.editor(path).perform(.saveDetail(fields: ["name": "Spelt Bread", "quantity": quantity], originals: originals),
                                                revisionToken: shown.revisionToken)
        }
    }

    @Test("a trail's detail fields save with validation")
    func detail() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let path = ["trails", "north-cascades", "cascade-pass"]
        let scene = try await demo.runtime.resolve(path)
        let fields = ["name": "Cascade Pass", "location": "Marblemount", "length": "7.5", "difficulty": "Hard", "dogs": "on"]
        await #expect(throws: ActionError.self) {
            try await demo.editor(path).perform(.saveDetail(fields: fields.merging(["difficulty": "Extreme"]) { $1 }), revisionToken: scene.revisionToken)
        }
        _ = try await demo.editor(path).perform(.saveDetail(fields: fields), revisionToken: scene.revisionToken)
        let details = try await demo.runtime.resolve(path).sections[0].rows.map(\.cell.detailText)
        #expect(details == ["Cascade Pass", "Marblemount", "7.5 mi", "Hard", "Yes"])
    }
}
