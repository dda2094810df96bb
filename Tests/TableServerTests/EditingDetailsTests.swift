import Foundation
import Testing
import TableRender

/// Issue 17's selection and editing details, driven through the demo as a browser without
/// JavaScript, each checked in the JSON twin too.
@Suite("Selection and editing details")
struct EditingDetailsTests {
    /// The rows of a JSON twin, by key.
    static func jsonRows(_ page: Browser.Page) throws -> [String: [String: Any]] {
        let json = try #require(try JSONSerialization.jsonObject(with: Data(page.html.utf8)) as? [String: Any])
        let sections = try #require(json["sections"] as? [[String: Any]])
        let rows = sections.flatMap { $0["rows"] as? [[String: Any]] ?? [] }
        return Dictionary(rows.map { ($0["key"] as? String ?? "", $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func row(_ page: Browser.Page, _ key: String) -> XMLElement? {
        page.root?.first { $0.attributes["data-key"] == key }
    }

    @Test("swipe: false offers no swipe-to-delete, and the server refuses one; Delete in editing mode says Remove and deletes")
    func noSwipe() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/playlist/")
            #expect(page.root?.all(having: "data-swipe-delete").isEmpty == true)
            #expect(page.root?.all(having: "data-delete-title").isEmpty == true, "nothing to delete outside editing mode")
            let json = try Self.jsonRows(try await browser.get("/playlist/", accept: "application/json"))
            #expect(json["the-swan"]?["canSwipeToDelete"] as? Bool == false)
            #expect(json["the-swan"]?["deleteConfirmationTitle"] == nil)

            let (csrf, revision) = browser.tokens(of: page)
            let swiped = try await browser.post("/playlist/_/delete", [("csrf", csrf), ("revision", revision), ("key", "the-swan")])
            #expect(swiped.status == 422)
            #expect(try await browser.get("/playlist/").rowTexts.contains("The Swan"))

            let confirm = try await browser.get("/playlist/?editing=1&delete=the-swan")
            let button = try #require(confirm.root?.first { $0.name == "button" && $0.attributes["class"] == "delete-confirmation__delete" })
            #expect(button.normalizedText == "Remove")
            #expect(confirm.root?.first { $0.attributes["class"] == "delete-confirmation__cancel" }?.attributes["href"] == "/playlist/?editing=1#row-the-swan",
                    "Cancel stays in editing mode, at the row")
            // A swiped row's Delete button (outside editing mode): Cancel leaves editing mode off.
            let swipedConfirm = try await browser.get("/groceries/?delete=eggs")
            #expect(swipedConfirm.root?.first { $0.attributes["class"] == "delete-confirmation__cancel" }?.attributes["href"] == "/groceries/#row-eggs")
            #expect(Self.row(confirm, "the-swan")?.attributes["data-delete-title"] == "Remove")
            let editingJSON = try Self.jsonRows(try await browser.get("/playlist/?editing=1", accept: "application/json"))
            #expect(editingJSON["the-swan"]?["deleteConfirmationTitle"] as? String == "Remove")
            let tokens = browser.tokens(of: confirm)
            let after = try await browser.post(button.attributes["formaction"] ?? "",
                                               [("csrf", tokens.csrf), ("revision", tokens.revision), ("editing", "1"), ("key", "the-swan")])
            #expect(after.rowTexts == ["Clair de Lune", "Gymnopédie No. 1", "Spiegel im Spiegel"])
        }
    }

    @Test("Move up is not offered on the first row nor Move down on the last; the others move")
    func moveButtonsWhereMovesHappen() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/playlist/?editing=1")
            func buttons(_ key: String) -> [String] {
                Self.row(page, key)?.all { $0.attributes["class"] == "reorder__button" && $0.name == "button" }
                    .map { $0.normalizedText.replacingOccurrences(of: " " + ($0.first { $0.attributes["class"] == "visually-hidden" }?.normalizedText ?? ""), with: "") } ?? []
            }
            #expect(buttons("clair-de-lune") == ["Move down"])
            #expect(buttons("the-swan") == ["Move up", "Move down"])
            #expect(buttons("spiegel-im-spiegel") == ["Move up"])
            let json = try Self.jsonRows(try await browser.get("/playlist/?editing=1", accept: "application/json"))
            #expect(json["clair-de-lune"]?["canMoveUp"] as? Bool == false && json["clair-de-lune"]?["canMoveDown"] as? Bool == true)
            #expect(json["spiegel-im-spiegel"]?["canMoveDown"] as? Bool == false)

            let (csrf, revision) = browser.tokens(of: page)
            let moved = try await browser.post("/playlist/_/move-down", [("csrf", csrf), ("revision", revision), ("key", "clair-de-lune")])
            #expect(moved.rowTexts.prefix(2) == ["Gymnopédie No. 1", "Clair de Lune"])

            // The Reorder scene keeps its first row and its Add Item row in place: neither the
            // row below the fixed one moves up, nor the last item down onto the placeholder.
            let reorder = try await browser.get("/reorder/?editing=1")
            let stretch = Self.row(reorder, "m-stretch")?.all { $0.name == "button" }.map(\.normalizedText) ?? []
            #expect(!stretch.contains { $0.hasPrefix("Move up") } && stretch.contains { $0.hasPrefix("Move down") })
            let news = Self.row(reorder, "m-read-the-news")?.all { $0.name == "button" }.map(\.normalizedText) ?? []
            #expect(news.contains { $0.hasPrefix("Move up") } && !news.contains { $0.hasPrefix("Move down") })
            #expect(Self.row(reorder, "m-wake-up")?.first { $0.attributes["class"] == "reorder" } == nil, "the fixed row has no grip")
        }
    }

    @Test("the reorder control shows only where the data source moves rows")
    func reorderOnlyWhereRowsMove() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let batch = try await browser.get("/batch-update/?editing=1")
            #expect(batch.root?.all(having: "data-index-path").allSatisfy { $0.attributes["data-movable"] == "false" } == true)
            #expect(batch.root?.first { $0.attributes["class"] == "reorder" } == nil)
            let groceries = try await browser.get("/groceries/?editing=1")
            #expect(groceries.root?.all { $0.attributes["class"] == "reorder" }.count == 4)
        }
    }

    @Test("the insert control's label says where the new row goes, and it goes there")
    func insertWhereTheLabelSays() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/groceries/?editing=1")
            let plus = try #require(page.root?.first { $0.attributes["class"] == "editing-control editing-control--insert" })
            #expect(plus.attributes["aria-label"] == "Insert after Butter" && plus.attributes["value"] == "butter")
            let json = try Self.jsonRows(try await browser.get("/groceries/?editing=1", accept: "application/json"))
            #expect(json["butter"]?["insertionPlacement"] as? String == "after")
            let (csrf, revision) = browser.tokens(of: page)
            let after = try await browser.post("/groceries/_/insert", [("csrf", csrf), ("revision", revision), ("editing", "1"), ("key", "butter")])
            #expect(after.rowTexts == ["Milk", "Eggs", "Bread", "Butter", "New Item"])

            // A placeholder row's plus adds in its place, above it; it is named by its own text.
            let reorder = try await browser.get("/reorder/?editing=1")
            let placeholder = try #require(Self.row(reorder, "placeholder-0")?.first { $0.name == "button" && $0.attributes["value"] == "placeholder-0" })
            #expect(placeholder.attributes["aria-label"] == "Add Item")
            let reorderJSON = try Self.jsonRows(try await browser.get("/reorder/?editing=1", accept: "application/json"))
            #expect(reorderJSON["placeholder-0"]?["insertionPlacement"] as? String == "before")
        }
    }

    @Test("selectionStyle none removes the highlight only: the rows still open, in editing mode too where the scene allows it")
    func selectionStyleAndSelectionDuringEditing() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/playlist/")
            let row = try #require(Self.row(page, "the-swan"))
            #expect(row.attributes["class"]?.contains("row--no-highlight") == true)
            #expect(row.attributes["class"]?.contains("row--unselectable") == false)
            let link = try #require(row.first { $0.name == "a" && $0.attributes["class"] == "row__action" })
            let song = try await browser.get(link.attributes["href"] ?? "")
            #expect(song.status == 200 && song.root?.first { $0.name == "h1" }?.normalizedText == "The Swan")
            let json = try Self.jsonRows(try await browser.get("/playlist/", accept: "application/json"))
            #expect(json["the-swan"]?["highlights"] as? Bool == false && json["the-swan"]?["isSelectable"] as? Bool == true)

            // allowsSelectionDuringEditing: the playlist's rows still open while editing; the
            // groceries' (UIKit's default) do not.
            let editing = try await browser.get("/playlist/?editing=1")
            #expect(Self.row(editing, "the-swan")?.first { $0.name == "a" && $0.attributes["class"] == "row__action" }?.attributes["href"] == "/playlist/the-swan/")
            let groceries = try await browser.get("/groceries/?editing=1")
            #expect(Self.row(groceries, "milk")?.first { $0.name == "a" && $0.attributes["class"] == "row__action" } == nil)
            let groceriesJSON = try Self.jsonRows(try await browser.get("/groceries/?editing=1", accept: "application/json"))
            #expect(groceriesJSON["milk"]?["isSelectable"] as? Bool == false)
        }
    }

    @Test("allowsSelection false: the rows lead nowhere, and their pages cannot be reached through them")
    func allowsSelectionFalse() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/recently-played/")
            #expect(page.rowTexts.count == 4)
            #expect(page.root?.all { $0.name == "a" && $0.attributes["class"] == "row__action" }.isEmpty == true)
            #expect(Self.row(page, "the-swan")?.attributes["class"]?.contains("row--unselectable") == true)
            let json = try Self.jsonRows(try await browser.get("/recently-played/", accept: "application/json"))
            #expect(json.values.allSatisfy { $0["isSelectable"] as? Bool == false })
            #expect(try await browser.get("/recently-played/the-swan/").status == 404)
        }
    }

    @Test("an exclusive list stored with two checkmarks shows the first, says so, and a choice leaves one")
    func exclusiveListWithTwoCheckmarks() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/ringtone/")
            let checked = page.root?.all { $0.attributes["role"] == "radio" && $0.attributes["aria-checked"] == "true" }.map { $0.attributes["value"] }
            #expect(checked == ["opening"])
            let note = page.root?.first { $0.attributes["class"] == "table__note" }?.normalizedText
            #expect(note == "Only one choice counts in this list: the saved data also checked “Chimes”; “Opening” is kept.")
            let jsonPage = try await browser.get("/ringtone/", accept: "application/json")
            let json = try Self.jsonRows(jsonPage)
            #expect(json.filter { $0.value["isChecked"] as? Bool == true }.map(\.key) == ["opening"])
            #expect(jsonPage.html.contains("“Chimes”"))

            let (csrf, revision) = browser.tokens(of: page)
            let after = try await browser.post("/ringtone/_/select", [("csrf", csrf), ("revision", revision), ("key", "reflection")])
            #expect(after.root?.all { $0.attributes["role"] == "radio" && $0.attributes["aria-checked"] == "true" }.map { $0.attributes["value"] } == ["reflection"])
            #expect(after.root?.first { $0.attributes["class"] == "table__note" } == nil, "the stored data holds one choice now")
        }
    }

    @Test("shouldIndentWhileEditing false keeps a row's content in place in editing mode")
    func noIndentWhileEditing() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let editing = try await browser.get("/playlist/?editing=1")
            #expect(Self.row(editing, "the-swan")?.attributes["class"]?.contains("row--no-editing-indent") == true)
            let groceries = try await browser.get("/groceries/?editing=1")
            #expect(Self.row(groceries, "milk")?.attributes["class"]?.contains("row--no-editing-indent") == false)
            let json = try Self.jsonRows(try await browser.get("/playlist/?editing=1", accept: "application/json"))
            #expect(json["the-swan"]?["indentsWhileEditing"] as? Bool == false)
        }
    }

    @Test("a sheet's browser title names the site, as a page's does")
    func sheetTitles() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            for (uri, title) in [("/groceries/", "Groceries – TableStack"), ("/groceries/?add=1", "Add Item – TableStack"),
                                 ("/groceries/milk/?editing=1", "Edit Milk – TableStack")] {
                let page = try await browser.get(uri)
                #expect(page.root?.first { $0.name == "title" }?.normalizedText == title, "\(uri)")
            }
        }
    }
}
