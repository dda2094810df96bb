import Foundation
import HTTPTypes
import Testing
import TableStore
import TableRender
import TableServer

@Suite("Walking the demo with JavaScript off")
struct WalkTheDemoTests {
    @Test("drill down three levels, each back link titled with its parent, and come back up to the row")
    func drillDownAndBack() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let root = try await browser.get("/")
            #expect(root.status == 200)
            let trailsLink = try #require(root.root?.first { $0.name == "a" && $0.normalizedText.contains("Trails") })
            let regions = try await browser.get(trailsLink.attributes["href"] ?? "")
            #expect(regions.root?.first { $0.name == "h1" }?.normalizedText == "Regions")
            let region = try await browser.get("/trails/north-cascades/")
            let trail = try await browser.get("/trails/north-cascades/cascade-pass/")
            #expect(trail.root?.first { $0.name == "h1" }?.normalizedText == "Cascade Pass")
            let back = try #require(trail.root?.first { $0.attributes["rel"] == "up" })
            #expect(back.spokenText == "North Cascades")
            #expect(back.attributes["href"] == "/trails/north-cascades/#row-cascade-pass", "back lands on the row it came from")
            let up = try await browser.get("/trails/north-cascades/")
            #expect(up.html == region.html)
            #expect(up.root?.first { $0.attributes["id"] == "row-cascade-pass" } != nil)
            #expect(region.root?.first { $0.attributes["rel"] == "up" }?.attributes["href"] == "/trails/#row-north-cascades")
        }
    }

    @Test("a number's unit follows its value in the edit sheet, as on the detail page, and is read with the field's label")
    func unitInEditSheet() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let sheet = try await browser.get("/trails/north-cascades/cascade-pass/?editing=1")
            let row = try #require(sheet.root?.first { $0.attributes["id"] == "field-length-row" })
            #expect(row.first { $0.name == "label" }?.spokenText == "Length (mi)")
            #expect(row.first { $0.attributes["class"] == "field__unit" }?.normalizedText == "mi")
            #expect(sheet.field("length") == "7.4")
        }
    }

    @Test("the exclusive selection list moves its checkmark; the inclusive one toggles")
    func selectionLists() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/task-category/")
            let (csrf, revision) = browser.tokens(of: page)
            let after = try await browser.post("/task-category/_/select", [("csrf", csrf), ("revision", revision), ("key", "errands")])
            #expect(after.status == 200)
            let checked = after.root?.all { $0.attributes["role"] == "radio" && $0.attributes["aria-checked"] == "true" }.map { $0.attributes["value"] }
            #expect(checked == ["errands"])
            // The radio buttons are one group, named by the list, holding every one of them.
            let group = try #require(after.root?.first { $0.attributes["role"] == "radiogroup" })
            #expect(group.attributes["aria-label"] == "Task Category")
            #expect(group.all { $0.attributes["role"] == "radio" }.count == after.root?.all { $0.attributes["role"] == "radio" }.count)

            let toppings = try await browser.get("/toppings/")
            #expect(toppings.root?.first { $0.attributes["role"] == "radiogroup" } == nil, "an inclusive list's checkboxes form no radio group")
            let tokens = browser.tokens(of: toppings)
            let toggled = try await browser.post("/toppings/_/select", [("csrf", tokens.csrf), ("revision", tokens.revision), ("key", "olives")])
            let on = toggled.root?.all { $0.attributes["role"] == "checkbox" && $0.attributes["aria-checked"] == "true" }.compactMap { $0.attributes["value"] }
            #expect(on == ["cheese", "olives", "basil"])
        }
    }

    @Test("Edit shows the editing controls and Done leaves editing mode; editing lives in the URL")
    func editMode() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/groceries/")
            let edit = try #require(page.root?.first { $0.name == "a" && $0.normalizedText == "Edit" })
            #expect(edit.attributes["href"] == "/groceries/?editing=1")
            let editing = try await browser.get("/groceries/?editing=1")
            #expect(editing.root?.first { $0.name == "main" }?.attributes["data-editing"] == "true")
            #expect(editing.root?.all { $0.attributes["data-editing-style"] == "delete" }.count == 3)
            #expect(editing.root?.first { $0.name == "a" && $0.normalizedText == "Done" }?.attributes["href"] == "/groceries/")
        }
    }

    @Test("delete goes through a confirmation step, then the row is gone")
    func deleteWithConfirmation() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let editing = try await browser.get("/groceries/?editing=1")
            let minus = try #require(editing.root?.first { $0.attributes["class"]?.contains("editing-control--delete") == true })
            let confirm = try await browser.get(String(minus.attributes["href"]!.split(separator: "#")[0]))
            let button = try #require(confirm.root?.first { $0.name == "button" && $0.normalizedText == "Delete" })
            #expect(button.attributes["value"] == "milk")
            let (csrf, revision) = browser.tokens(of: confirm)
            let after = try await browser.post(button.attributes["formaction"]!, [("csrf", csrf), ("revision", revision), ("editing", "1"), ("key", "milk")])
            #expect(after.rowTexts == ["Eggs", "Bread", "Butter"])
            #expect(after.notice == "Deleted Milk.")
            #expect(after.root?.first { $0.name == "main" }?.attributes["data-editing"] == "true", "still in editing mode")
        }
    }

    @Test("insert through the insert control adds a row after the row whose control it is")
    func insert() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let editing = try await browser.get("/groceries/?editing=1")
            let (csrf, revision) = browser.tokens(of: editing)
            let after = try await browser.post("/groceries/_/insert", [("csrf", csrf), ("revision", revision), ("editing", "1"), ("key", "butter")])
            #expect(after.rowTexts == ["Milk", "Eggs", "Bread", "Butter", "New Item"])
        }
    }

    @Test("Add: a validation error shows beside the field and keeps what was typed; then success lands on the new row")
    func add() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let sheet = try await browser.get("/groceries/?add=1")
            #expect(sheet.root?.first { $0.name == "h1" }?.normalizedText == "Add Item")
            let (csrf, revision) = browser.tokens(of: sheet)
            let refused = try await browser.post("/groceries/_/add", [("csrf", csrf), ("revision", revision), ("name", "Oat <milk>"), ("quantity", "500")])
            #expect(refused.status == 422)
            #expect(refused.root?.first { $0.attributes["id"] == "field-quantity-error" }?.normalizedText == "Quantity must be at most 99.")
            #expect(refused.root?.first { $0.attributes["id"] == "field-name" }?.attributes["value"] == "Oat <milk>")
            #expect(refused.root?.first { $0.attributes["id"] == "field-quantity" }?.attributes["value"] == "500")
            let saved = try await browser.post("/groceries/_/add", [("csrf", csrf), ("revision", revision), ("name", "Oat <milk>"), ("quantity", "2")], follow: false)
            #expect(saved.status == 303)
            #expect(saved.location == "/groceries/#row-oat-milk")
            #expect(saved.headers[HTTPField.Name("X-TableStack-Revision")!] == "groceries=2", "the new revision, for scripts")
            let list = try await browser.get("/groceries/")
            #expect(list.rowTexts.last == "Oat <milk>")
            #expect(list.notice == "Added Oat <milk>.")
        }
    }

    @Test("a move the retarget rule changes lands at the nearest allowed place and says so; the fixed row refuses")
    func moves() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let sheet = try await browser.get("/reorder/?editing=1&move=m-make-coffee")
            let options = sheet.root?.all(named: "option").compactMap { $0.attributes["value"] }
            #expect(options == ["before:m-stretch", "here", "before:placeholder-0"],
                    "only the places the rule allows, each named by the row it stands before, its own as here")
            let (csrf, revision) = browser.tokens(of: sheet)
            // Proposed onto the placeholder row of the other section: retargeted to the end of its own.
            let moved = try await browser.post("/reorder/_/move", [("csrf", csrf), ("revision", revision), ("key", "m-make-coffee"), ("to", "1.4")])
            #expect(moved.status == 200)
            #expect(moved.notice == "Moved Make Coffee to row 4 of Morning (the nearest allowed place).")
            #expect(Array(moved.rowTexts.prefix(5)) == ["Wake Up", "Stretch", "Read the News", "Make Coffee", "Add Item"])
            // Proposed above the fixed first row: the nearest place the rules allow is where it stands.
            let kept = try await browser.post("/reorder/_/move", [("csrf", browser.tokens(of: moved).csrf), ("revision", browser.tokens(of: moved).revision),
                                                                  ("key", "m-stretch"), ("to", "0.0")])
            #expect(kept.notice == "Stretch stays where it is: the list's rules allow it no place nearer the one chosen.", "\(String(describing: kept.notice))")
            #expect(Array(kept.rowTexts.prefix(2)) == ["Wake Up", "Stretch"])
            let tokens = browser.tokens(of: kept)
            let refused = try await browser.post("/reorder/_/move-down", [("csrf", tokens.csrf), ("revision", tokens.revision), ("key", "m-wake-up")])
            #expect(refused.status == 422)
            #expect(refused.text.contains("Row 0.0 cannot be moved."))
            #expect(try await browser.get("/reorder/").rowTexts.first == "Wake Up")
        }
    }

    @Test("Listing 7-8 through the JSON batch endpoint, in UIKit's order whatever the order of operations")
    func jsonBatch() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/batch-update/")
            let (csrf, revision) = browser.tokens(of: page)
            let body = """
                {"csrf": "\(csrf)", "revision": "\(revision)", "operations": [
                  {"op": "insert", "rows": ["0.0", "0.3", "0.5"], "items": [{"name": "Alaska"}, {"name": "Georgia"}, {"name": "Virginia"}]},
                  {"op": "delete", "rows": ["0.2", "0.4"]}
                ]}
                """
            let response = try await browser.post("/batch-update/_/batch", body: body, contentType: "application/json", accept: "application/json")
            #expect(response.status == 200)
            let json = try JSONSerialization.jsonObject(with: Data(response.html.utf8)) as? [String: Any]
            let rows = ((json?["sections"] as? [[String: Any]])?.first?["rows"] as? [[String: Any]])?.compactMap { $0["text"] as? String }
            #expect(rows == ["Alaska", "Arizona", "California", "Georgia", "New Jersey", "Virginia"])

            let inconsistent = """
                {"csrf": "\(csrf)", "revision": "\(json?["revision"] as? String ?? "")", "operations": [{"op": "insert", "rows": ["0.9"], "items": [{"name": "X"}]}]}
                """
            let refused = try await browser.post("/batch-update/_/batch", body: inconsistent, contentType: "application/json", accept: "application/json")
            #expect(refused.status == 422)
            #expect(refused.html.contains("Operation 1 (insert 0.9): row 0.9 does not exist in the table after the update"))
            // A batch from the page before the first: its index paths meant the rows as they were.
            let stale = try await browser.post("/batch-update/_/batch", body: body, contentType: "application/json", accept: "application/json")
            let staleTwin = try JSONSerialization.jsonObject(with: Data(stale.html.utf8)) as? [String: Any]
            #expect(stale.status == 409)
            #expect(staleTwin?["error"] as? String == "Someone else changed “Batch Update” since this page was shown (revision 1, now 2).",
                    "\(stale.html.prefix(300))")
            // A stale batch whose index paths do not fit the list now is the same conflict, not a 422.
            let unfit = """
                {"csrf": "\(csrf)", "revision": "\(revision)", "operations": [{"op": "delete", "rows": ["0.6"]}]}
                """
            #expect(try await browser.post("/batch-update/_/batch", body: unfit, contentType: "application/json", accept: "application/json").status == 409)
            // An empty batch, as UIKit's empty performBatchUpdates, changes nothing and names no
            // row that could have changed: even from the old page it is answered with the list now.
            let empty = """
                {"csrf": "\(csrf)", "revision": "\(revision)", "operations": []}
                """
            let emptied = try await browser.post("/batch-update/_/batch", body: empty, contentType: "application/json", accept: "application/json")
            let emptyTwin = try JSONSerialization.jsonObject(with: Data(emptied.html.utf8)) as? [String: Any]
            #expect(emptied.status == 200, "\(emptied.html.prefix(300))")
            #expect(emptyTwin?["notice"] as? String == "The batch holds no operations; nothing was changed.")
            #expect(emptyTwin?["revision"] as? String == json?["revision"] as? String, "the list's revision, not moved on")
            let malformed = try await browser.post("/batch-update/_/batch", body: empty.replacingOccurrences(of: revision, with: "yesterday"),
                                                   contentType: "application/json", accept: "application/json")
            #expect(malformed.status == 400)
            // The error object is written as the twins are: sorted keys, the status a number.
            #expect(refused.html.hasPrefix("{\n  \"error\" : \""))
            #expect(refused.html.hasSuffix("\",\n  \"reason\" : \"Unprocessable Content\",\n  \"status\" : 422\n}"))
        }
    }

    @Test("a deletion of a row someone changed since the page was read is refused with 409 and the current list")
    func staleRevision() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/groceries/?editing=1")
            let (csrf, revision) = browser.tokens(of: page)
            _ = try await browser.post("/groceries/_/delete", [("csrf", csrf), ("revision", revision), ("editing", "1"), ("key", "milk")])
            let now = try await demo.store.revision(of: .root("groceries"))
            try await demo.store.apply([.update(key: "eggs", attributes: ["quantity": .number(24)])], to: .root("groceries"), basedOn: now)
            let stale = try await browser.post("/groceries/_/delete", [("csrf", csrf), ("revision", revision), ("editing", "1"), ("key", "eggs")])
            #expect(stale.status == 409)
            #expect(stale.notice == "Your change was not applied: someone else changed “Eggs” since this page was shown. This is the list as it is now.")
            #expect(stale.rowTexts == ["Eggs", "Bread", "Butter"], "the current list, eggs still there")
        }
    }

    @Test("a missing or wrong CSRF token is refused with 403")
    func csrf() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/groceries/?editing=1")
            let revision = browser.tokens(of: page).revision
            let missing = try await browser.post("/groceries/_/delete", [("revision", revision), ("key", "milk")])
            #expect(missing.status == 403)
            let wrong = try await browser.post("/groceries/_/delete", [("csrf", "forged"), ("revision", revision), ("key", "milk")])
            #expect(wrong.status == 403)
            #expect(try await browser.get("/groceries/").rowTexts.first == "Milk")
        }
    }

    @Test("the Settings switch and slider are saved through their forms")
    func settings() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            var page = try await browser.get("/settings/")
            var tokens = browser.tokens(of: page)
            page = try await browser.post("/settings/_/toggle", [("csrf", tokens.csrf), ("revision", tokens.revision), ("key", "sound-effects")])
            #expect(page.root?.first { $0.attributes["id"]?.hasPrefix("switch-") == true }?.attributes["checked"] == nil)
            tokens = browser.tokens(of: page)
            page = try await browser.post("/settings/_/slider", [("csrf", tokens.csrf), ("revision", tokens.revision), ("key", "volume"), ("value-volume", "2.5")])
            #expect(page.root?.first { $0.attributes["type"] == "range" }?.attributes["value"] == "2.5")
        }
    }
}
