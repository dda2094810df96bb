import Foundation
import Testing
import TableKit
@testable import TableApp
import TableStore

/// The app file's custom cells, prototypes, row heights, row sliders, section views and
/// multiple selection: what is read, and every mistake named at its line and column.
@Suite("App files: custom cells and row shapes")
struct CustomCellAppFileTests {
    static func app(_ scene: String, top: String = "") throws -> AppDefinition {
        try AppFileLoader.parse("title: T\nroot: list\n\(top)scenes:\n  list:\n    title: Things\n    list: things\n\(scene)", file: "app.yaml")
    }

    static func problems(_ scene: String, top: String = "") -> [String] {
        AppFileTests.problems("title: T\nroot: list\n\(top)scenes:\n  list:\n    title: Things\n    list: things\n\(scene)")
    }

    static func binding(_ app: AppDefinition) throws -> ListBinding {
        guard case let .list(binding)? = app.scene("list")?.content else { throw AppError.unreadable("no list") }
        return binding
    }

    @Test("a custom cell, its accessory view, its height, section views and every template named with its place")
    func reading() throws {
        let app = try Self.app("""
                cell: { text: "{name}", template: tile, accessoryView: badge, height: 72 }
                sectionBy: kind
                sectionHeaderView: head
                prototypes:
                  by: kind
                  cells:
                    big: { text: "{name}", style: subtitle, estimatedHeight: 120, slider: { attribute: level, min: 0, max: 10 } }

            """)
        let binding = try Self.binding(app)
        #expect(binding.cell.template == "tile" && binding.cell.accessoryView == "badge" && binding.cell.rowHeight == .fixed(72))
        #expect(binding.sectionHeaderView == "head" && binding.sectionFooterView == nil)
        let big = try #require(binding.prototypes?.cells["big"])
        #expect(big.rowHeight == .estimated(120) && big.slider?.attribute == "level" && big.style == .subtitle)
        #expect(binding.prototype(for: StoredItem(key: "a", attributes: ["kind": .string("big")])).style == .subtitle)
        #expect(binding.prototype(for: StoredItem(key: "b", attributes: ["kind": .string("small")])).template == "tile")
        #expect(app.templateReferences.map { "\($0.kind.rawValue)/\($0.name)@\($0.place.line):\($0.place.column)" }.sorted()
            == ["accessories/badge@7:60", "cells/tile@7:39", "sections/head@9:24"])

        let cell = binding.cell.cell(key: "a", item: StoredItem(key: "a", attributes: ["name": .string("Argon"), "number": .number(18)]))
        #expect(cell.customView == TemplateView(name: "tile", values: ["text": "Argon", "name": "Argon", "number": "18"]))
        #expect(cell.accessory == .custom(TemplateView(name: "badge", values: ["text": "Argon", "name": "Argon", "number": "18"])))
        let sliding = big.cell(key: "b", item: StoredItem(key: "b", attributes: ["level": .number(42)]))
        #expect(sliding.accessory == .slider(try Slider(minimum: 0, maximum: 10, value: 10)), "a stored value past the end shows at the end")
    }

    @Test("mistakes in custom cells are named at their line and column", arguments: [
        ("    cell: { text: \"{name}\", template: \"../x\" }\n", "app.yaml:7:39: \"../x\" cannot name a template"),
        ("    cell: { text: \"{name}\", accessory: checkmark, accessoryView: badge }\n", "app.yaml:7:66: a row has one accessory: accessory view or checkmark"),
        ("    cell: { text: \"{name}\", height: 10 }\n", "app.yaml:7:37: height must be a whole number from 20 to 800"),
        ("    cell: { text: \"{name}\", height: 40, estimatedHeight: 60 }\n", "app.yaml:7:58: a row has a fixed height or an estimated one, not both"),
        ("    cell: { text: \"{name}\", switch: on, slider: { attribute: level } }\n", "app.yaml:7:49: a row has one accessory: a switch or a slider"),
        ("    cell: { text: \"{name}\", slider: { attribute: level, min: 5, max: 1 } }\n", "app.yaml:7:37: a slider needs min below max"),
        ("    cell: { text: \"{name}\" }\n    prototypes: { cells: {} }\n", "app.yaml:8:17: the attribute that picks a prototype is missing"),
        ("    cell: { text: \"{name}\" }\n    selection: { mode: exclusive }\n    allowsMultipleSelection: true\n", "app.yaml:9:30: an exclusive selection list selects one row"),
    ])
    func mistakes(scene: String, expected: String) {
        let problems = Self.problems(scene)
        #expect(problems.contains { $0.hasPrefix(expected) }, "\(problems)")
    }

    @Test("the app's template folder is found beside the app file, or named where it is missing")
    func templateFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("looks/cells"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = "title: T\nroot: list\ntemplates: looks\nscenes:\n  list:\n    title: Things\n    list: things\n    cell: { text: \"{name}\" }\n"
        try Data(text.utf8).write(to: folder.appendingPathComponent("app.yaml"))
        #expect(try AppFileLoader.load(path: folder.appendingPathComponent("app.yaml").path).templateFolder
            == folder.appendingPathComponent("looks").standardized.path)
        let missing = Self.problems("    cell: { text: \"{name}\" }\n", top: "templates: nowhere\n")
        #expect(missing.contains { $0.hasPrefix("app.yaml:3:12: no template folder at ") }, "\(missing)")
    }

    @Test("allowsMultipleSelection keeps each row's checkmark in its item, as an inclusive list")
    func multipleSelection() throws {
        let binding = try Self.binding(try Self.app("    cell: { text: \"{name}\" }\n    allowsMultipleSelection: true\n"))
        #expect(binding.selection?.mode == .inclusive && binding.selection?.attribute == "selected")
        let named = try Self.binding(try Self.app("    cell: { text: \"{name}\" }\n    allowsMultipleSelection: true\n    selection: { mode: inclusive, attribute: packed }\n"))
        #expect(named.selection?.attribute == "packed")
    }
}
