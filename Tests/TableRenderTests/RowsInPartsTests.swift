import Foundation
import Testing
import TableKit
@testable import TableRender

@Suite("Long pages rendered in parts")
struct RowsInPartsTests {
    /// Sections of uneven lengths, empty ones among them, so that parts begin and end inside
    /// sections, at their edges and across empty ones.
    static func snapshot(_ counts: [Int]) throws -> TableSnapshot {
        let texts = ["Ünïcödé 日本", "🇸🇪 flag", "plain", "<b>&amp;</b>"]
        var number = 0
        let cells = counts.map { count in
            (0..<count).map { _ in
                defer { number += 1 }
                return Cell(key: "item-\(number)", text: texts[number % texts.count] + " \(number)", detailText: "Detail \(number)", style: .subtitle)
            }
        }
        return try Fixtures.snapshot(style: .plain, cells: cells)
    }

    @Test("rows rendered in parts on several cores are the rows rendered on one, in order, section by section, each once",
          arguments: [[0, 1_500, 3, 0, 2_600, 1], [4_000], [999, 1, 0, 1_000, 1_001], [10, 20]], [1, 2, 3, 7])
    func partsEqualOneCore(counts: [Int], cores: Int) throws {
        let snapshot = try Self.snapshot(counts)
        // A stand-in for a row's HTML that names its place, counting its calls.
        let rendered = RenderCount()
        let render = { @Sendable (row: TableRow) -> String in
            rendered.add()
            return "<li>\(row.indexPath.section).\(row.indexPath.row) \(row.cell.text)</li>"
        }
        let parts = RenderedRows.rendering(snapshot.sections, cores: cores, render: render)
        #expect(rendered.count == counts.reduce(0, +))
        #expect(parts.map(\.count) == counts)
        for (number, section) in snapshot.sections.enumerated() {
            #expect(parts[number].text == section.rows.map(render).joined(), "section \(number) with \(cores) cores")
            for (index, row) in section.rows.enumerated() where index % 97 == 0 || index == section.rows.count - 1 {
                #expect(parts[number].row(index) == Substring(render(row)))
            }
        }
    }

    @Test("a page whose rows are not kept, rendered in parts, is the page its rows rendered on one core make", arguments: [2, 3, 5])
    func pageInParts(cores: Int) throws {
        let page = Fixtures.page(try Self.snapshot([0, 1_500, 3, 0, 2_600, 1]), readOnly: true)
        let renderer = PageRenderer(templates: Fixtures.templates)
        let inParts = renderer.renderMainParts(page, remembersRows: false, cores: cores)
        let oneCore = renderer.renderMainParts(page, remembersRows: false, cores: 1)
        #expect(inParts.html == oneCore.html)
        #expect(inParts.rows.map(\.text) == oneCore.rows.map(\.text))
        #expect(inParts.rows.map(\.count) == [0, 1_500, 3, 0, 2_600, 1])
        // And the rows a server keeps, rendered one at a time.
        #expect(inParts.rows.map(\.text) == PageRenderer(templates: Fixtures.templates).renderMainParts(page).rows.map(\.text))
    }

    @Test("a page for an export says where each section's rows stand, and given the rows of some sections, renders only the others")
    func exportedWithRowsGiven() throws {
        let page = Fixtures.page(try Self.snapshot([0, 1_500, 3, 0, 2_600, 1]), readOnly: true)
        let renderer = PageRenderer(templates: Fixtures.templates)
        let whole = renderer.render(page, remembersRows: false)
        let (html, placed) = renderer.renderForExport(page)
        #expect(html == whole)
        #expect(placed.map { $0 == nil } == [true, false, false, true, false, false], "sections without rows stand nowhere")
        let utf8 = Array(html.utf8)
        let rows = renderer.renderMainParts(page, remembersRows: false).rows
        for (number, bytes) in placed.enumerated() {
            guard let bytes else { continue }
            #expect(String(decoding: utf8[bytes], as: UTF8.self) == rows[number].text, "section \(number)")
        }
        // Given the rows of sections 1 and 5 (from the page itself), the page is the same, and
        // those sections' rows were not rendered: text that is not theirs shows where they go.
        let given = [1: TextSplice.slice(html, utf8: try #require(placed[1])), 5: TextSplice.slice(html, utf8: try #require(placed[5]))]
        let reused = renderer.renderForExport(page, reusing: given)
        #expect(reused.html == whole && reused.rowRanges == placed)
        let stand = renderer.renderForExport(page, reusing: [5: "<li>given</li>"])
        #expect(stand.html.contains("<li>given</li>") && !stand.html.contains(rows[5].text))
        #expect(stand.rowRanges[5].map { String(decoding: Array(stand.html.utf8)[$0], as: UTF8.self) } == "<li>given</li>")
    }

    @Test("rows whose marker stands twice, or nowhere, are placed nowhere")
    func placedOnce() {
        var placed: [Range<Int>?]? = []
        let content = RowsMarker.rows(0) + "|" + RowsMarker.rows(1) + RowsMarker.rows(1)
        let html = RowsMarker.assemble("<b>é" + RowsMarker.content + "</b>", content: content, rows: ["A", "BB", "C"], placing: &placed)
        #expect(html == "<b>éA|BBBB</b>")
        #expect(placed == [5..<6, nil, nil])
    }
}

/// Counts calls from several threads.
private final class RenderCount: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    var count: Int { lock.withLock { calls } }
    func add() { lock.withLock { calls += 1 } }
}
