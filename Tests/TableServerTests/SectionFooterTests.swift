import Foundation
import Testing
import TableRender

/// Footers of list sections from the app file and the data, and Listing 4-10's title label as
/// the table header, through the served demo and its JSON twin.
@Suite("Section footers and the table header view")
struct SectionFooterTests {
    static func footers(_ page: Browser.Page) -> [String] {
        page.root?.all(having: "data-section").map { $0.first { $0.attributes["class"] == "section__footer" }?.normalizedText ?? "" } ?? []
    }

    static func json(_ page: Browser.Page) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(page.html.utf8)) as? [String: Any])
    }

    @Test("a section grouped by an attribute takes its footer from the app file; a nested one from its item")
    func footers() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            #expect(Self.footers(try await browser.get("/packing/")) == ["Liquids in containers of 100 ml or less.", "", ""])
            let packing = try Self.json(try await browser.get("/packing/", accept: "application/json"))
            #expect((packing["sections"] as? [[String: Any]])?.first?["footerTitle"] as? String == "Liquids in containers of 100 ml or less.")
            #expect(Self.footers(try await browser.get("/reorder/")) == ["Wake Up stays first; Add Item stays last.", ""])
        }
    }

    @Test("Listing 4-10: the trail's name is the table's title label")
    func titleHeader() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let trail = try await browser.get("/trails/north-cascades/cascade-pass/")
            let header = try #require(trail.root?.first { $0.name == "header" && $0.attributes["class"]?.hasPrefix("table__header") == true })
            #expect(header.attributes["class"] == "table__header table__header--title" && header.normalizedText == "Cascade Pass")
            #expect(try Self.json(try await browser.get("/trails/north-cascades/cascade-pass/", accept: "application/json"))["headerStyle"] as? String == "title")
            let root = try await browser.get("/")
            #expect(root.root?.first { $0.name == "header" && $0.attributes["class"] == "table__header" } != nil, "a line of text by default")
        }
    }
}
