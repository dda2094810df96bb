import Foundation
import Testing
import TestSupport
import TableApp
import TableKit
import TableRender
@testable import TableSite
import TableStore

/// The JSON twin is written by hand; these hold it to what JSONEncoder writes of the same twin
/// (sorted keys, pretty-printed, slashes as they are), byte for byte.
@Suite("The JSON twin, written by hand, as JSONEncoder writes it")
struct SceneJSONTextTests {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return encoder
    }

    /// Texts that escaping must get right: quotes, backslashes, slashes, every control character,
    /// DEL, non-ASCII and emoji, and the empty text.
    static func text(_ dice: inout SeededGenerator) -> String {
        let pieces = ["a", "Zürich", "/", "\"", "\\", "🙂", "\u{7F}", "\u{2028}", " ", "é", "<b>&amp;</b>", ""]
        return (0..<dice.next(below: 5)).map { _ in
            dice.next(below: 3) == 0 ? String(UnicodeScalar(UInt8(dice.next(below: 0x20)))) : pieces[dice.next(below: pieces.count)]
        }.joined()
    }

    static func maybe<Value>(_ dice: inout SeededGenerator, _ value: Value) -> Value? {
        dice.next(below: 2) == 0 ? value : nil
    }

    static func values(_ dice: inout SeededGenerator) -> [String: String] {
        Dictionary((0..<dice.next(below: 4)).map { _ in (text(&dice), text(&dice)) }, uniquingKeysWith: { first, _ in first })
    }

    static func row(_ dice: inout SeededGenerator, number: Int) -> SceneJSON.Row {
        var row = SceneJSON.Row(indexPath: "0.\(number)", key: text(&dice), text: text(&dice), style: "subtitle",
                                indentationLevel: dice.next(below: 3), accessory: "none", isMovable: dice.next(below: 2) == 0,
                                isSelectable: dice.next(below: 2) == 0, canSwipeToDelete: dice.next(below: 2) == 0,
                                highlights: dice.next(below: 2) == 0)
        row.detailText = maybe(&dice, text(&dice))
        row.editingAccessory = maybe(&dice, "disclosureIndicator")
        row.editingStyle = maybe(&dice, "delete")
        row.isChecked = maybe(&dice, dice.next(below: 2) == 0)
        row.value = maybe(&dice, [0.5, 1, -2.25, 1e-7, 123_456_789.125, 0][dice.next(below: 6)])
        row.isOn = maybe(&dice, true)
        row.canMoveUp = maybe(&dice, false)
        row.canMoveDown = maybe(&dice, true)
        row.deleteConfirmationTitle = maybe(&dice, text(&dice))
        row.indentsWhileEditing = maybe(&dice, true)
        row.insertionPlacement = maybe(&dice, "after")
        row.template = maybe(&dice, "card")
        row.templateValues = maybe(&dice, values(&dice))
        row.accessoryTemplate = maybe(&dice, "badge")
        row.accessoryValues = maybe(&dice, values(&dice))
        row.height = maybe(&dice, 44)
        row.heightIsEstimate = maybe(&dice, false)
        return row
    }

    /// The twin of a served one-row list, the base the tests set their own values on.
    static func servedTwin() async throws -> SceneJSON {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-twin-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(path: folder.appendingPathComponent("app.sqlite").path, durability: .normal)
        try await store.load(DataDocument(lists: [("items", [DataDocument.Item(key: "a", attributes: ["name": .string("A")])])]), replacing: true)
        let site = try ServedDemo.site(try AppFileLoader.parse("""
            title: Twin
            root: list
            scenes:
              list:
                title: List
                list: items
                cell: { text: "{name}" }
            """, file: "app.yaml"), store: store)
        let page = try await site.page(at: [])
        return SceneJSON(page: page, snapshot: try page.controller.snapshot(isEditing: false), templates: site.renderer.templates)
    }

    @Test("random twins, rows with every optional field present or not and texts of every kind, are written byte for byte as the encoder writes them")
    func sameBytes() async throws {
        let base = try await Self.servedTwin()
        #expect(base.encoded() == (try Self.encoder().encode(base)))
        var dice = SeededGenerator(seed: 21)
        for round in 0..<300 {
            var json = base
            json.title = Self.text(&dice)
            json.path = (0..<dice.next(below: 3)).map { _ in Self.text(&dice) }
            json.stack = (0..<dice.next(below: 3)).map { _ in SceneJSON.Level(scene: Self.text(&dice), key: Self.maybe(&dice, Self.text(&dice)), title: Self.text(&dice)) }
            json.isEditing = dice.next(below: 2) == 0
            json.revision = Self.text(&dice)
            json.headerTitle = Self.maybe(&dice, Self.text(&dice))
            json.footerTitle = Self.maybe(&dice, Self.text(&dice))
            json.notes = (0..<dice.next(below: 3)).map { _ in Self.text(&dice) }
            if let notice = Self.maybe(&dice, Self.text(&dice)) { json.tell(notice) }
            json.sectionIndex = Self.maybe(&dice, (0..<dice.next(below: 3)).map { _ in
                SceneJSON.IndexTitle(title: Self.text(&dice), accessibilityLabel: Self.maybe(&dice, Self.text(&dice)),
                                     accessibilityLanguage: Self.maybe(&dice, "en"), section: dice.next(below: 9))
            })
            json.sections = (0..<dice.next(below: 4)).map { number in
                SceneJSON.Section(index: number, headerTitle: Self.maybe(&dice, Self.text(&dice)), footerTitle: Self.maybe(&dice, Self.text(&dice)),
                                  headerView: Self.maybe(&dice, SceneJSON.TemplateViewJSON(template: "head", values: Self.values(&dice))),
                                  footerView: Self.maybe(&dice, SceneJSON.TemplateViewJSON(template: "foot", values: Self.values(&dice))),
                                  rows: (0..<dice.next(below: 5)).map { Self.row(&dice, number: $0) })
            }
            let written = json.encoded(), encoded = try Self.encoder().encode(json)
            #expect(written == encoded, "round \(round):\n\(String(decoding: written, as: UTF8.self))\n---\n\(String(decoding: encoded, as: UTF8.self))")
            if written != encoded { return }
        }
    }

    /// The stored properties' names of `value`, by reflection.
    static func properties(of value: Any) -> Set<String> {
        Set(Mirror(reflecting: value).children.compactMap(\.label))
    }

    /// The keys of the JSON object `json` at `path` (object keys and array indices).
    static func keys(_ json: Any, at path: [Any]) -> Set<String> {
        var value = json
        for step in path {
            if let key = step as? String { value = (value as? [String: Any])?[key] as Any } else { value = (value as? [Any])?[step as! Int] as Any }
        }
        return Set((value as? [String: Any])?.keys.map { $0 } ?? [])
    }

    @Test("every stored property of the twin and its parts, given a value, is written under its own name")
    func everyPropertyWritten() async throws {
        var dice = SeededGenerator(seed: 5)
        var row = Self.row(&dice, number: 0)
        // Every optional set: a property added later and not written fails here.
        (row.detailText, row.editingAccessory, row.editingStyle, row.isChecked, row.value, row.isOn) = ("d", "none", "delete", true, 0.5, true)
        (row.canMoveUp, row.canMoveDown, row.deleteConfirmationTitle, row.indentsWhileEditing) = (true, false, "Delete", true)
        (row.insertionPlacement, row.template, row.templateValues, row.accessoryTemplate) = ("after", "card", ["a": "b"], "badge")
        (row.accessoryValues, row.height, row.heightIsEstimate) = (["c": "d"], 44, false)
        let view = SceneJSON.TemplateViewJSON(template: "head", values: ["e": "f"])
        let section = SceneJSON.Section(index: 0, headerTitle: "H", footerTitle: "F", headerView: view, footerView: view, rows: [row])
        let index = SceneJSON.IndexTitle(title: "A", accessibilityLabel: "a", accessibilityLanguage: "en", section: 0)
        let level = SceneJSON.Level(scene: "list", key: "k", title: "List")
        var json = try await Self.servedTwin()
        (json.headerTitle, json.footerTitle, json.sectionIndex, json.sections, json.stack) = ("T", "F", [index], [section], [level])
        json.tell("N")
        let written = try JSONSerialization.jsonObject(with: json.encoded())
        #expect(Self.keys(written, at: []) == Self.properties(of: json))
        #expect(Self.keys(written, at: ["sections", 0]) == Self.properties(of: section))
        #expect(Self.keys(written, at: ["sections", 0, "rows", 0]) == Self.properties(of: row))
        #expect(Self.keys(written, at: ["sections", 0, "headerView"]) == Self.properties(of: view))
        #expect(Self.keys(written, at: ["sectionIndex", 0]) == Self.properties(of: index))
        #expect(Self.keys(written, at: ["stack", 0]) == Self.properties(of: level))
    }
}
