import Foundation
import Testing
@testable import TableKit

/// What a data source and delegate decide about a row's shape: a custom cell's template, its
/// height (the cell's own, or `heightForRowAt`), and the views of section headers and footers.
@Suite("Custom views and row heights")
struct RowShapeTests {
    struct Source: TableDataSource {
        var cells: [Cell]
        func numberOfRows(inSection section: Int) -> Int { cells.count }
        func cell(at indexPath: IndexPath) -> Cell { cells[indexPath.row] }
        func titleForHeader(inSection section: Int) -> String? { "Metals" }
    }

    struct Delegate: TableDelegate {
        var header: TemplateView?
        func heightForRow(at indexPath: IndexPath) -> RowHeight? { indexPath.row == 1 ? .estimated(90) : nil }
        func viewForHeader(inSection section: Int) -> TemplateView? { header }
    }

    @Test("the cell's template and height reach the snapshot; heightForRowAt overrides the cell's; the header view keeps the title")
    func snapshot() throws {
        let tile = TemplateView(name: "tile", values: ["symbol": "Fe"])
        let source = Source(cells: [Cell(key: "iron", text: "Iron", customView: tile, rowHeight: .fixed(64)),
                                    Cell(key: "gold", text: "Gold", rowHeight: .fixed(64))])
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: source,
                                               delegate: Delegate(header: TemplateView(name: "head", values: ["title": "Metals"])))
        #expect(snapshot.sections[0].rows[0].cell.customView == tile)
        #expect(snapshot.sections[0].rows.map(\.cell.rowHeight) == [.fixed(64), .estimated(90)])
        #expect(snapshot.sections[0].headerView?.name == "head" && snapshot.sections[0].headerTitle == "Metals")
        #expect(snapshot.sections[0].footerView == nil)
    }

    @Test("a template name that could leave its folder, a height out of range, are diagnosed with the row or section")
    func problems() {
        let bad = Cell(key: "a", text: "A", accessory: .custom(TemplateView(name: "../etc")), customView: TemplateView(name: "ok-1"),
                       rowHeight: .fixed(5))
        #expect(bad.problems(at: IndexPath(row: 2, section: 0)).map(\.description) == [
            "row 0.2: \"../etc\" cannot name a template (1 to 64 letters, digits, - and _, starting with a letter)",
            "row 0.2: a height of 5 points is outside 20...800",
        ])
        #expect(TemplateView.isValidName("element_tile-2") && !TemplateView.isValidName("2tile") && !TemplateView.isValidName("")
            && !TemplateView.isValidName("tile.x") && !TemplateView.isValidName("é") && !TemplateView.isValidName(String(repeating: "a", count: 65)))
        #expect(throws: TableKitError.invalidSectionTemplateName("a/b", section: 0)) {
            try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: Source(cells: []), delegate: Delegate(header: TemplateView(name: "a/b")))
        }
    }
}
