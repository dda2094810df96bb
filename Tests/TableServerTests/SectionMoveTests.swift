import Foundation
import Testing
import TableRender
import TableStore

/// Rows moved between sections without JavaScript, through the Move to… sheet, and Figure 7-2
/// through the demo's button.
@Suite("Moves between sections, served")
struct SectionMoveTests {
    @Test("the Move to… sheet offers the other bags' places; choosing one packs the item there")
    func sheetAcrossSections() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let sheet = try await browser.get("/packing/?editing=1&move=passport")
            #expect(sheet.status == 200)
            let options = sheet.root?.all { $0.name == "option" }.map { ($0.attributes["value"] ?? "", $0.normalizedText) } ?? []
            #expect(options.map(\.1) == ["Where it is now (row 1)", "Row 2 of Carry-on", "Row 3 of Carry-on", "Row 1 of Checked",
                                         "Row 2 of Checked", "Row 3 of Checked", "Row 4 of Checked", "Row 1 of Daypack", "Row 2 of Daypack",
                                         "Row 3 of Daypack"])
            let cancel = sheet.root?.first { $0.name == "a" && $0.normalizedText == "Cancel" }?.attributes["href"]
            #expect(cancel == "/packing/?editing=1#row-passport", "Cancel goes back to the row, in editing mode")
            let choice = try #require(options.first { $0.1 == "Row 3 of Checked" }?.0)
            #expect(choice == "before:sunscreen")
            let (csrf, revision) = browser.tokens(of: sheet)
            let moved = try await browser.post("/packing/_/move", [("csrf", csrf), ("revision", revision), ("key", "passport"),
                                                                  ("to", choice), ("editing", "1")])
            #expect(moved.status == 200)
            #expect(moved.notice == "Moved Passport to row 3 of Checked.")
            #expect(moved.rowTexts == ["Phone Charger", "Headphones", "Rain Jacket", "Hiking Boots", "Passport", "Sunscreen", "Water Bottle", "Trail Map"])
            #expect(try await demo.store.item("passport", in: .root("packing"))?["bag"] == .string("Checked"))
            // Keep-in-section (the Reorder scene, Listing 8-3) offers its own section only.
            let reorder = try await browser.get("/reorder/?editing=1&move=m-stretch")
            let labels = reorder.root?.all { $0.name == "option" }.map(\.normalizedText) ?? []
            #expect(!labels.isEmpty && labels.allSatisfy { !$0.contains("Evening") })
        }
    }

    @Test("\"Where it is now\" chosen on a sheet someone else's move made stale leaves the row where it is")
    func whereItIsNowStaysPut() async throws {
        try await ManyEditorsTests.withTwoEditors { demo, alice, bob in
            let sheet = try await bob.get("/packing/?editing=1&move=passport")
            let selected = sheet.root?.first { $0.name == "option" && $0.attributes["selected"] != nil }
            #expect(selected?.normalizedText == "Where it is now (row 1)")
            let choice = try #require(selected?.attributes["value"])
            let (csrf, revision) = bob.tokens(of: sheet)
            // Alice moves the row the place was once named by.
            let page = try await alice.get("/packing/?editing=1")
            let (aliceCSRF, aliceRevision) = alice.tokens(of: page)
            let charger = try await alice.post("/packing/_/move", [("csrf", aliceCSRF), ("revision", aliceRevision), ("key", "charger"),
                                                                   ("after", "map"), ("editing", "1")])
            #expect(charger.status == 200)
            let before = try await demo.store.list(.root("packing"))
            let kept = try await bob.post("/packing/_/move", [("csrf", csrf), ("revision", revision), ("key", "passport"), ("to", choice), ("editing", "1")])
            #expect(kept.status == 200)
            #expect(try await demo.store.list(.root("packing")) == before, "nothing moved, and nothing was written")
            #expect(try await demo.store.item("passport", in: .root("packing"))?["bag"] == .string("Carry-on"))
        }
    }

    @Test("Figure 7-2 through the demo's button, then Restore")
    func figure72Button() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/figure-7-2/")
            #expect(page.rowTexts == ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"])
            let button = page.root?.first { $0.name == "button" && $0.attributes["value"] == "figure-7-2" }
            #expect(button?.normalizedText == "Apply Figure 7-2")
            // Under each button, what it would do to the list as shown, read with the button.
            let summary = try #require(page.root?.first { $0.attributes["id"] == button?.attributes["aria-describedby"] })
            #expect(summary.normalizedText == "On the list as it is now, this inserts 1 row, deletes “A2”, and deletes section “Section B” with its 3 rows.")
            let (csrf, revision) = browser.tokens(of: page)
            let applied = try await browser.post("/figure-7-2/_/run-batch", [("csrf", csrf), ("revision", revision), ("batch", "figure-7-2")])
            #expect(applied.rowTexts == ["A1", "A3", "C1", "Inserted", "C2", "C3"])
            #expect(applied.notice == "Applied the batch: 9 rows in 3 sections before, 6 rows in 2 sections after.")
            let headers = applied.root?.all { $0.attributes["class"] == "section__header" }.map(\.normalizedText)
            #expect(headers == ["Section A", "Section C"])
            // Run again, its index paths no longer fit the list, and its button says so first.
            let again = try #require(applied.root?.first { $0.attributes["id"] == "batch-summary-1" })
            #expect(again.normalizedText.hasPrefix("This cannot run on the list as it is now: operation 1 (insert 1.1): section 1 does not exist"),
                    "\(again.normalizedText)")
            let (csrf2, revision2) = browser.tokens(of: applied)
            let restored = try await browser.post("/figure-7-2/_/run-batch", [("csrf", csrf2), ("revision", revision2), ("batch", "restore-figure-7-2")])
            #expect(restored.rowTexts == ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"])
        }
    }

    @Test("a batch from a page shown before someone added a section is a conflict (409) with the list as it is, not a bad request")
    func batchAfterANewSection() async throws {
        try await ManyEditorsTests.withTwoEditors { _, alice, bob in
            func run(_ batch: String, by browser: Browser, from page: Browser.Page) async throws -> Browser.Page {
                let (csrf, revision) = browser.tokens(of: page)
                return try await browser.post("/figure-7-2/_/run-batch", [("csrf", csrf), ("revision", revision), ("batch", batch)])
            }
            // Bob applies Figure 7-2 (Section B goes); Alice reads the list; Bob restores it (Section B is back).
            let applied = try await run("figure-7-2", by: bob, from: try await bob.get("/figure-7-2/"))
            try #require(applied.status == 200)
            let page = try await alice.get("/figure-7-2/")
            let restored = try await run("restore-figure-7-2", by: bob, from: applied)
            try #require(restored.rowTexts == ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"])
            let stale = try await run("figure-7-2", by: alice, from: page)
            #expect(stale.status == 409, "\(stale.status): \(stale.notice ?? String(stale.text.prefix(300)))")
            #expect(stale.rowTexts == ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"], "nothing applied; the list as it is")
        }
    }

    @Test("Listing 7-8's button says which rows it deletes now: run again, the states at its index paths are others")
    func listingSummary() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            func summaries(_ page: Browser.Page) -> [String] {
                (page.root?.all { $0.attributes["class"] == "table__command-summary" } ?? []).map(\.normalizedText)
            }
            let page = try await browser.get("/batch-update/")
            #expect(summaries(page) == ["On the list as it is now, this deletes “Delaware” and “Washington”, and inserts 3 rows.",
                                        "Replaces the 5 rows shown with the list's original 5."])
            let (csrf, revision) = browser.tokens(of: page)
            let applied = try await browser.post("/batch-update/_/run-batch", [("csrf", csrf), ("revision", revision), ("batch", "listing-7-8")])
            #expect(applied.rowTexts == ["Alaska", "Arizona", "California", "Georgia", "New Jersey", "Virginia"])
            #expect(summaries(applied) == ["On the list as it is now, this deletes “California” and “New Jersey”, and inserts 3 rows.",
                                           "Replaces the 6 rows shown with the list's original 5."])
        }
    }

    @Test("the JSON endpoint refuses each bad operation by number, and oversized batches whole", arguments: [
        (#"{"op": "deleteSections", "sections": [5]}"#, 422, "Operation 1 (deleteSections 5): section 5 does not exist in the table before the update (it has 3 sections)"),
        (#"{"op": "delete", "rows": ["0.0"]}, {"op": "moveSection", "from": 0, "to": 3}"#, 422,
         "Operation 2 (moveSection 0 to 3): section 3 does not exist in the table after the update (it has 3 sections)"),
        (#"{"op": "deleteSections", "sections": [1]}, {"op": "deleteSections", "sections": [1]}"#, 422,
         "Operation 2 (deleteSections 1): invalid update: delete section 1 is named twice"),
        (#"{"op": "delete", "rows": ["1.0"]}, {"op": "deleteSections", "sections": [1]}"#, 422,
         "Operation 1 (delete 1.0): invalid update: cannot delete row 1.0: its section is deleted or reloaded in the same batch"),
        (#"{"op": "move", "from": "0.0", "to": "2.4"}"#, 422, "Operation 1 (move 0.0 to 2.4): row 2.4 does not exist in the table after the update (section 2 has 4 rows)"),
        (#"{"op": "reloadSections", "sections": [0], "contents": [{"header": {"colour": "red"}}]}"#, 422,
         "Operation 1 (reloadSections 0): a section header has no attribute \"colour\" (its attributes: name)"),
        (#"{"op": "insertSections", "sections": [0]}"#, 400, "Operation 1 (insertSections): insertSections needs one content (header and items) per section"),
        (#"{"op": "moveSection", "from": "0.1", "to": 1}"#, 400, "Operation 1 (moveSection): moveSection needs from and to section numbers"),
        (#"{"op": "delete", "rows": ["0.0"]}, {"op": "shuffle", "sections": [0]}"#, 400, "Operation 2: unknown op \"shuffle\""),
        (#"{"op": "deleteSections", "sections": [0], "rows": ["0.0"]}"#, 400, "Operation 1 (deleteSections): rows has no meaning here"),
    ])
    func refusals(operations: String, status: Int, message: String) async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let result = try await ClientBatchRuleTests.post(operations, to: "/figure-7-2/", browser: browser)
            #expect(result.status == status)
            #expect(result.message.contains(message), "\(result.message)")
            #expect(try await ClientBatchRuleTests.rows("/figure-7-2/", browser: browser) == ["A1", "A2", "A3", "B1", "B2", "B3", "C1", "C2", "C3"])
        }
    }

    @Test("a batch naming more than 10,000 rows and sections is refused whole with 413")
    func oversized() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let rows = (0...10_000).map { "\"0.\($0)\"" }.joined(separator: ",")
            let result = try await ClientBatchRuleTests.post(#"{"op": "delete", "rows": [\#(rows)]}"#, to: "/figure-7-2/", browser: browser)
            #expect(result.status == 413 && result.message.contains("at most 10000"))
        }
    }
}
