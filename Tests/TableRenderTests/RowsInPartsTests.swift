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
}

/// Counts calls from several threads.
private final class RenderCount: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0
    var count: Int { lock.withLock { calls } }
    func add() { lock.withLock { calls += 1 } }
}
