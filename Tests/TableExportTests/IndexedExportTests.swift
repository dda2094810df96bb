import Foundation
import Testing
import TableExport
import TableRender

/// The demo's indexed lists beyond Latin as exported pages: the same index bar, labels and
/// sections as served, every link resolving inside the page.
@Suite("Indexed lists in other languages, exported")
struct IndexedExportTests {
    @Test("the Greek and Danish lists export with their index bars, labels and sections, and pass the export's checks")
    func exportedIndexBars() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let report = try await fixture.export()
        #expect(report.problems == [])
        let pages = try fixture.parsedPages()
        ExportTests.checkLinks(pages, output: fixture.output)

        let greek = try #require(pages["greek-cities/index.html"])
        let greekBar = try #require(greek.first { $0.attributes["data-section-index"] != nil }).all(named: "a")
        #expect(greekBar.map(\.normalizedText).suffix(2) == ["Ω", "#"])
        #expect(greekBar.last?.attributes["aria-label"] == "Άλλα" && greekBar.first?.attributes["aria-label"] == nil)
        let omega = try #require(greek.first { $0.attributes["id"] == "section-23" })
        #expect(omega.first { $0.name == "h2" }?.normalizedText == "Ω" && omega.normalizedText.contains("Ωρωπός"))

        let danish = try #require(pages["danish-towns/index.html"])
        let danishBar = try #require(danish.first { $0.attributes["data-section-index"] != nil }).all(named: "a")
        #expect(danishBar.map { $0.attributes["href"] ?? "" }.suffix(2) == ["#section-28", "#section-29"])
        #expect(danishBar.map { $0.attributes["aria-label"] } == ["A to G", "H to N", "O to Z", nil, nil, "Å and Aa", "Other"])
        let å = try #require(danish.first { $0.attributes["id"] == "section-28" })
        #expect(å.first { $0.name == "h2" }?.normalizedText == "Å")
        #expect(å.all(having: "data-index-path").count == 4 && å.normalizedText.contains("Aalborg"))
    }
}
