import Foundation
import Testing
import TableRender

/// Custom cells, prototypes, row sliders and row heights in the static export: drawn as the
/// server draws them, read-only, with the stylesheet their heights need.
@Suite("Static export: custom cells")
struct CustomCellExportTests {
    @Test("the export draws custom cells and section views, shows each row's slider read-only, and ships row-heights.css")
    func customCells() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        _ = try await fixture.export()
        let pages = try fixture.parsedPages()
        let tiles = try #require(pages["element-tiles/index.html"])
        let iron = try #require(tiles.first { $0.attributes["data-key"] == "iron" })
        #expect(iron.attributes["data-cell-template"] == "element-tile")
        #expect(iron.first { $0.attributes["class"] == "tile__symbol" }?.normalizedText == "Fe")
        #expect(iron.attributes["class"]?.contains("row--height-64") == true)
        #expect(tiles.first { $0.attributes["class"] == "section__header section__header--custom" }?.normalizedText == "Solid 10 rows")
        let stylesheet = try #require(tiles.first { $0.name == "link" && $0.attributes["href"]?.hasSuffix("row-heights.css") == true })
        let css = URL(fileURLWithPath: fixture.output + "/element-tiles/").appendingPathComponent(stylesheet.attributes["href"] ?? "").standardized.path
        #expect(FileManager.default.fileExists(atPath: css), "the stylesheet the page links is exported")

        let kinds = try #require(pages["element-kinds/index.html"])
        #expect(kinds.first { $0.attributes["data-key"] == "plutonium" }?.first { $0.attributes["data-custom"] == "lab-badge" }?.normalizedText == "Lab-made")
        #expect(kinds.first { $0.attributes["data-key"] == "iron" }?.attributes["data-cell-style"] == "value1")

        let volumes = try #require(pages["volumes/index.html"])
        let sliders = volumes.all { $0.name == "input" && $0.attributes["type"] == "range" }
        #expect(sliders.map { $0.attributes["value"] } == ["70", "45", "90", "100"])
        #expect(sliders.allSatisfy { $0.attributes["disabled"] == "disabled" })
    }
}
