import Foundation
import TableKit
import Testing
@testable import TableRender

@Suite("Row templates compiled by example")
struct CompiledTemplateTests {
    /// Text that escaping must handle, strings that are empty, and plain ones.
    static func cells() -> [[Cell]] {
        var cells = Fixtures.catalogueCells()
        let tricky = ["x\"\u{301} onfocus=a <b>&amp; 'y'", "", "Ünïcödé 日本 🇸🇪", "\u{F8FF}&0\u{F8FE} looks like a marker",
                      "nul\u{0} esc\u{1B} \u{FFFF} \u{85} tab\tsafe · ©",
                      // The most a text can grow escaped: every byte six.
                      String(repeating: "\"", count: 64)]
        for (section, texts) in cells.enumerated() {
            for (row, _) in texts.enumerated() where row % 2 == 0 {
                cells[section][row].text = tricky[(section + row) % tricky.count]
                cells[section][row].detailText = cells[section][row].detailText.map { _ in tricky[(section + row + 1) % tricky.count] }
            }
        }
        return cells
    }

    @Test("every row of every style and accessory, in every page mode, renders exactly as Mustache renders it")
    func matchesMustache() throws {
        let compiled = CompiledTemplate(.row)
        var compared = 0
        for editing in [false, true] {
            let snapshot = try Fixtures.snapshot(style: .grouped, editing: editing, cells: Self.cells())
            let rows = snapshot.sections.flatMap(\.rows)
            let modes: [TablePage] = [
                Fixtures.page(snapshot), Fixtures.page(snapshot, readOnly: true),
                Fixtures.page(snapshot, selection: .exclusive), Fixtures.page(snapshot, readOnly: true, selection: .inclusive),
                Fixtures.page(snapshot, confirming: rows[3].cell.key),
            ]
            for page in modes {
                for _ in 0..<2 {  // the second pass goes through the plans the first one made
                    for row in rows {
                        let context = RowContextBuilder.context(for: row, on: page, templates: Fixtures.templates)
                        let expected = Fixtures.templates.render(context, with: .row)
                        #expect(compiled.render(context, templates: Fixtures.templates) == expected, "\(row.cell.key)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 400)
    }

    @Test("a thousand rows of two shapes make two plans, each row with its own text")
    func oneShapeOnePlan() throws {
        let compiled = CompiledTemplate(.row)
        let cells = [(0..<1_000).map { Cell(key: "item-\($0)", text: "Item \($0) & <more>", detailText: "\($0)", style: .subtitle) }]
        let snapshot = try Fixtures.snapshot(style: .plain, cells: cells)
        let page = Fixtures.page(snapshot)
        let html = snapshot.sections[0].rows.map { compiled.render(RowContextBuilder.context(for: $0, on: page, templates: Fixtures.templates), templates: Fixtures.templates) }
        #expect(compiled.shapeCount == 2, "the fixture's first row cannot move, the others can")
        #expect(html[417].contains("Item 417 &amp; &lt;more&gt;") && html[417].contains("row-item-417"))
        #expect(Set(html).count == 1_000)
    }
}

@Suite("Page templates compiled by example")
struct CompiledPageTests {
    @Test("whole pages — tables with sections, indexes, commands, sheets' layouts — match Mustache, fresh and from plans")
    func pagesMatchMustache() throws {
        let compiled = PageRenderer(templates: Fixtures.templates)
        let plain = PageRenderer(templates: Fixtures.templates, compilesTemplates: false)
        for indexed in [false, true] {
            for editing in [false, true] {
                let snapshot = try Fixtures.snapshot(style: indexed ? .plain : .grouped, indexed: indexed, editing: editing,
                                                     cells: CompiledTemplateTests.cells())
                for page in [Fixtures.page(snapshot), Fixtures.page(snapshot, readOnly: true), Fixtures.page(snapshot, selection: .inclusive)] {
                    for _ in 0..<2 { #expect(compiled.render(page) == plain.render(page)) }
                }
            }
        }
        let empty = Fixtures.page(try Fixtures.snapshot(style: .plain, cells: [[], []]))
        #expect(compiled.render(empty) == plain.render(empty))
    }
}
