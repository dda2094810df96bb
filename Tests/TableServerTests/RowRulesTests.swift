import Foundation
import Testing
import TableRender

/// Per-row values from an app file's `rows:` (each item's attributes, or index paths as
/// Listing 4-12 has them) and Listing 5-2's even rows, through the served demo.
@Suite("Per-row values from attributes and rules")
struct RowRulesTests {
    static func classes(_ page: Browser.Page) -> [String: String] {
        Dictionary((page.root?.all(having: "data-key") ?? []).map { ($0.attributes["data-key"] ?? "", $0.attributes["class"] ?? "") },
                   uniquingKeysWith: { first, _ in first })
    }

    @Test("indentation and selectability come from each item; the JSON twin says the same")
    func fromAttributes() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/outline/")
            let levels = page.root?.all(having: "data-key").map { row in
                row.attributes["class"]?.split(separator: " ").first { $0.hasPrefix("row--indent-") }.map(String.init) ?? ""
            }
            #expect(levels == ["row--indent-0", "row--indent-1", "row--indent-2", "row--indent-0", "row--indent-1", "row--indent-1"])
            let links = page.root?.all { $0.name == "a" && $0.attributes["class"] == "row__action" }.compactMap { $0.attributes["href"] }
            #expect(links?.contains("/outline/plain-tables/") == true && links?.contains("/outline/grouped-tables/") == false)
            #expect(try await browser.get("/outline/grouped-tables/").status == 404)
            let json = try EditingDetailsTests.jsonRows(try await browser.get("/outline/", accept: "application/json"))
            #expect(json["installing"]?["indentationLevel"] as? Int == 2)
            #expect(json["grouped-tables"]?["isSelectable"] as? Bool == false && json["plain-tables"]?["isSelectable"] as? Bool == true)
        }
    }

    @Test("editing style, editability and movability per item: the page offers what the server then does")
    func editingFromAttributes() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/outline/?editing=1")
            let styles = page.root?.all(having: "data-key").map { $0.attributes["data-editing-style"] ?? "" }
            #expect(styles == ["none", "delete", "insert", "delete", "delete", "delete"])
            let movable = page.root?.all(having: "data-key").map { $0.attributes["data-movable"] ?? "" }
            #expect(movable == ["false", "true", "true", "false", "true", "true"])
            let json = try EditingDetailsTests.jsonRows(try await browser.get("/outline/?editing=1", accept: "application/json"))
            #expect(json["introduction"]?["editingStyle"] as? String == "none" && json["installing"]?["editingStyle"] as? String == "insert")
            #expect(json["tables"]?["isMovable"] as? Bool == false)

            let (csrf, revision) = browser.tokens(of: page)
            let refused = try await browser.post("/outline/_/delete", [("csrf", csrf), ("revision", revision), ("editing", "1"), ("key", "introduction")])
            #expect(refused.status == 422 && refused.text.contains("offers no editing control, not delete"), "the table commits deletions; this row shows no control")
            let fixed = try await browser.post("/outline/_/move-down", [("csrf", csrf), ("revision", revision), ("key", "tables")])
            #expect(fixed.status == 422)
            let inserted = try await browser.post("/outline/_/insert", [("csrf", csrf), ("revision", revision), ("editing", "1"), ("key", "installing")])
            #expect(Array(inserted.rowTexts.prefix(4)) == ["Introduction", "Getting Started", "Installing", "New Item"])
        }
    }

    @Test("Listing 4-12: the trail's map row two levels in, every other row one; Listing 5-2: even rows coloured")
    func guideListings() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let trail = Self.classes(try await browser.get("/trails/north-cascades/cascade-pass/"))
            #expect(trail["map"]?.contains("row--indent-2") == true)
            #expect(trail["field-name"]?.contains("row--indent-1") == true && trail["field-dogs"]?.contains("row--indent-1") == true)
            let elements = try await browser.get("/elements/")
            let firstSection = elements.root?.first { $0.attributes["data-section"] == "0" }?.all(having: "data-key")
                .map { $0.attributes["class"]?.contains("row--alternate") == true }
            #expect(firstSection?.prefix(4) == [true, false, true, false], "rows 0 and 2, as indexPath.row % 2 == 0")
        }
    }
}
