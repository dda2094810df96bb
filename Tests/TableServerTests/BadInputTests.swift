import Foundation
import HTTPTypes
import Testing
@testable import TableServer
import TableStore
import TableRender

@Suite("Bad input gets a clear 4xx and changes nothing")
struct BadInputTests {
    /// One bad request: how it is sent, and the status it must get.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var method: String = "POST"
        var uri: String
        var fields: [(String, String)]? = nil
        var body: String? = nil
        var contentType = "application/x-www-form-urlencoded"
        var headers: HTTPFields = [:]
        var status: Int
        var dropCSRF = false
        var useRevision: String? = nil
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unknown scene", method: "GET", uri: "/atlantis/", status: 404),
        Case(name: "unknown item key", method: "GET", uri: "/trails/mordor/", status: 404),
        Case(name: "a leaf pushed further", method: "GET", uri: "/states/alabama/", status: 404),
        Case(name: "confirming the deletion of a row that is not there", method: "GET", uri: "/groceries/?editing=1&delete=caviar", status: 404),
        Case(name: "moving a row that cannot move", method: "GET", uri: "/reorder/?editing=1&move=m-wake-up", status: 404),
        Case(name: "confirming the deletion of a row that offers no Delete", method: "GET", uri: "/states/?editing=1&delete=alabama", status: 404),
        Case(name: "an add sheet where there is none", method: "GET", uri: "/states/?add=1", status: 404),
        Case(name: "a path with a dot segment", method: "GET", uri: "/trails/%2E%2E/", status: 404),
        Case(name: "a malformed percent escape in the path", method: "GET", uri: "/trails/%ZZ/", status: 404),
        Case(name: "an asset outside the public folder", method: "GET", uri: "/_assets/%2E%2E%2FPackage.swift", status: 404),
        Case(name: "a hidden asset", method: "GET", uri: "/_assets/.gitignore", status: 404),
        Case(name: "a missing asset", method: "GET", uri: "/_assets/missing.css", status: 404),
        Case(name: "an unknown action", uri: "/groceries/_/explode", fields: [("key", "milk")], status: 404),
        Case(name: "an action on an unknown scene", uri: "/nowhere/_/delete", fields: [("key", "milk")], status: 404),
        Case(name: "the form's default action", uri: "/groceries/_/update", fields: [("key", "milk")], status: 400),
        Case(name: "a delete without a key", uri: "/groceries/_/delete", fields: [("editing", "1")], status: 400),
        // (One someone deleted since the page was shown is done already: ManyEditorsTests.goneRows.)
        Case(name: "a delete of a row the list, unchanged since, never had", uri: "/groceries/_/delete",
             fields: [("key", "caviar"), ("editing", "1")], status: 400),
        Case(name: "a delete of the insert row", uri: "/groceries/_/delete", fields: [("key", "butter"), ("editing", "1")], status: 422),
        Case(name: "an insert on a delete row", uri: "/groceries/_/insert", fields: [("key", "milk"), ("editing", "1")], status: 422),
        // The insert control shows only in editing mode (Figure 7-1): a post from the plain page is forged.
        Case(name: "an insert outside editing mode", uri: "/groceries/_/insert", fields: [("key", "butter")], status: 422),
        Case(name: "a placeholder's insert outside editing mode", uri: "/reorder/_/insert", fields: [("key", "placeholder-0")], status: 422),
        Case(name: "a selection in a list that is not a selection list", uri: "/groceries/_/select", fields: [("key", "milk")], status: 422),
        Case(name: "a selection of an option the list, unchanged since, never had", uri: "/task-category/_/select", fields: [("key", "sleep")], status: 400),
        Case(name: "a Move down of a row the list, unchanged since, never had", uri: "/groceries/_/move-down?past=eggs",
             fields: [("key", "nosuch"), ("editing", "1")], status: 400),
        Case(name: "a move to a malformed row", uri: "/reorder/_/move", fields: [("key", "m-stretch"), ("to", "down")], status: 400),
        Case(name: "a move both before one row and after another", uri: "/groceries/_/move",
             fields: [("key", "milk"), ("before", "eggs"), ("after", "bread")], status: 400),
        Case(name: "a move before a row and to a place too", uri: "/groceries/_/move",
             fields: [("key", "milk"), ("before", "eggs"), ("to", "0.0")], status: 400),
        Case(name: "a Move down naming the row it passes in its address and in its body", uri: "/groceries/_/move-down?past=eggs",
             fields: [("key", "milk"), ("past", "bread"), ("editing", "1")], status: 400),
        Case(name: "a move to a row outside the table", uri: "/reorder/_/move", fields: [("key", "m-stretch"), ("to", "7.0")], status: 422),
        Case(name: "a move of the fixed row", uri: "/reorder/_/move", fields: [("key", "m-wake-up"), ("to", "0.2")], status: 422),
        Case(name: "a move in a list without moves", uri: "/batch-update/_/move-up", fields: [("key", "batch-california")], status: 422),
        Case(name: "a move in a list without moves, from a page the list changed since", uri: "/batch-update/_/move-down?past=batch-delaware",
             fields: [("key", "batch-california")], status: 422, useRevision: "batch-states=0"),
        Case(name: "a Move up past a row two above it, from the page as it is", uri: "/groceries/_/move-up?past=milk",
             fields: [("key", "bread"), ("editing", "1")], status: 422),
        Case(name: "a Move up past no row", uri: "/groceries/_/move-up?past=", fields: [("key", "eggs"), ("editing", "1")], status: 400),
        Case(name: "a Move down past the row itself, from an older page", uri: "/groceries/_/move-down?past=milk", fields: [("key", "milk"), ("editing", "1")], status: 400,
             useRevision: "groceries=0"),
        Case(name: "a Move up naming both the row it passes and a section it is alone in", uri: "/groceries/_/move-up?past=milk&alone-in=Groceries",
             fields: [("key", "eggs"), ("editing", "1")], status: 400),
        Case(name: "a Move down naming a neighbour in a list without moves", uri: "/batch-update/_/move-down?past=batch-arizona",
             fields: [("key", "batch-california")], status: 422),
        Case(name: "a move kept where it is in a list without moves", uri: "/states/_/move", fields: [("key", "alabama"), ("to", "here")], status: 422),
        Case(name: "a slider value that is not a number", uri: "/settings/_/slider", fields: [("key", "volume"), ("value-volume", "loud")], status: 400),
        Case(name: "a slider value out of range", uri: "/settings/_/slider", fields: [("key", "volume"), ("value-volume", "100")], status: 422),
        Case(name: "a slider value with more digits than a number keeps", uri: "/settings/_/slider",
             fields: [("key", "volume"), ("value-volume", "10.0000000000000001")], status: 422),
        Case(name: "a slider value in hexadecimal", uri: "/settings/_/slider", fields: [("key", "volume"), ("value-volume", "0x1")], status: 400),
        Case(name: "a switch on a row without one", uri: "/settings/_/toggle", fields: [("key", "version")], status: 400),
        Case(name: "a detail save with a bad choice", uri: "/trails/north-cascades/cascade-pass/_/save",
             fields: [("name", "X"), ("difficulty", "Extreme"), ("length", "1")], status: 422),
        Case(name: "an add with an empty name", uri: "/groceries/_/add", fields: [("name", ""), ("quantity", "1")], status: 422),
        Case(name: "an add with a quantity that is not a number", uri: "/groceries/_/add", fields: [("name", "Tea"), ("quantity", "lots")], status: 422),
        Case(name: "an unknown batch", uri: "/batch-update/_/run-batch", fields: [("batch", "nuke")], status: 400),
        Case(name: "a malformed revision", uri: "/groceries/_/delete", fields: [("key", "milk"), ("editing", "1")], status: 400, useRevision: "yesterday"),
        Case(name: "a revision for another list", uri: "/groceries/_/delete", fields: [("key", "milk"), ("editing", "1")], status: 400, useRevision: "states=1"),
        // Not taken for a page shown before someone deleted the row: "already deleted" would be a lie.
        Case(name: "a delete of a row never there, with a revision for another list", uri: "/groceries/_/delete", fields: [("key", "caviar")],
             status: 400, useRevision: "GROCERIES=2"),
        Case(name: "a batch with a comma after its last member", uri: "/batch-update/_/batch",
             body: #"{"revision": "batch-states=0", "operations": [],}"#, contentType: "application/json", status: 400),
        Case(name: "a batch based on an old revision", uri: "/batch-update/_/batch",
             body: #"{"revision": "batch-states=0", "operations": [{"op": "delete", "rows": ["0.0"]}]}"#, contentType: "application/json", status: 409),
        Case(name: "a missing CSRF token", uri: "/groceries/_/delete", fields: [("key", "milk"), ("editing", "1")], status: 403, dropCSRF: true),
        Case(name: "a malformed percent escape in the form", uri: "/groceries/_/delete", body: "key=%G1&editing=1", status: 400),
        Case(name: "a form that is not UTF-8", uri: "/groceries/_/delete", body: "key=%FF%FE&editing=1", status: 400),
        Case(name: "a form that names its row twice", uri: "/groceries/_/delete", fields: [("key", "milk"), ("editing", "1"), ("key", "eggs")], status: 400),
        Case(name: "a body that is not a form", uri: "/groceries/_/delete", body: "{\"key\": \"milk\"}", contentType: "application/json", status: 415),
        Case(name: "a form in a content coding the server does not read", uri: "/groceries/_/delete", fields: [("key", "milk")],
             headers: [.contentEncoding: "gzip"], status: 415),
        // Its type named in capitals is still a form: the post is read, and refused for its key.
        Case(name: "a form whose type is named in capitals", uri: "/groceries/_/delete", fields: [("key", "caviar")],
             contentType: "Application/X-WWW-Form-Urlencoded", status: 400),
        Case(name: "a form sent in ISO 8859-1", uri: "/groceries/_/delete", fields: [("key", "milk"), ("editing", "1")],
             contentType: "application/x-www-form-urlencoded; charset=ISO-8859-1", status: 415),
        // UTF-8 named, quoted, is what the server reads: the post is read, and refused for its key.
        Case(name: "a form that names UTF-8 as its character set", uri: "/groceries/_/delete", fields: [("key", "caviar")],
             contentType: "application/x-www-form-urlencoded ; Charset=\"UTF-8\"", status: 400),
        Case(name: "a type that only begins as a form's", uri: "/groceries/_/delete", fields: [("key", "milk")],
             contentType: "application/x-www-form-urlencoded-plus", status: 415),
        Case(name: "a batch sent in UTF-16", uri: "/batch-update/_/batch",
             body: #"{"revision": "batch-states=1", "operations": [{"op": "delete", "rows": ["0.0"]}]}"#,
             contentType: "application/json; charset=utf-16", status: 415),
        Case(name: "an add with more digits than a number keeps", uri: "/groceries/_/add",
             fields: [("name", "Tea"), ("quantity", "1.00000000000000000001")], status: 422),
        Case(name: "a body over 1 MiB", uri: "/groceries/_/add", body: "name=" + String(repeating: "a", count: (1 << 20) + 10), status: 413),
        Case(name: "a batch that is not JSON", uri: "/batch-update/_/batch", body: "operations=all", contentType: "application/json", status: 400),
        Case(name: "a batch with an unknown operation", uri: "/batch-update/_/batch",
             body: #"{"revision": "batch-states=1", "operations": [{"op": "shuffle"}]}"#, contentType: "application/json", status: 400),
        Case(name: "a batch that names its operations twice", uri: "/batch-update/_/batch",
             body: #"{"revision": "batch-states=1", "operations": [{"op": "delete", "rows": ["0.0"]}], "operations": [{"op": "delete", "rows": ["0.2"]}]}"#,
             contentType: "application/json", status: 400),
        Case(name: "a batch item that names a field twice", uri: "/batch-update/_/batch",
             body: #"{"revision": "batch-states=1", "operations": [{"op": "insert", "rows": ["0.0"], "items": [{"name": "A", "name": "B"}]}]}"#,
             contentType: "application/json", status: 400),
        Case(name: "a batch that deletes a row that is not there", uri: "/batch-update/_/batch",
             body: #"{"revision": "batch-states=1", "operations": [{"op": "delete", "rows": ["0.9"]}]}"#, contentType: "application/json", status: 422),
        Case(name: "PUT on a page", method: "PUT", uri: "/groceries/", body: "", status: 405),
        Case(name: "POST on a page without an action", uri: "/groceries/", fields: [("key", "milk")], status: 405),
    ]

    @Test("each bad request gets its 4xx with a message, and the data is unchanged", arguments: cases)
    func badInput(_ test: Case) async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        let before = try await demo.store.document()
        try await demo.browse { browser in
            let page = try await browser.get("/groceries/?editing=1")
            let (csrf, revision) = browser.tokens(of: page)
            let response: Browser.Page
            switch test.method {
            case "GET":
                response = try await browser.get(test.uri)
            case "POST":
                if let body = test.body {
                    let withToken = test.contentType.hasPrefix("application/json") && body.hasPrefix("{")
                        ? body.replacingOccurrences(of: "{\"revision\"", with: "{\"csrf\": \"\(csrf)\", \"revision\"")
                        : test.contentType.hasPrefix("application/x-www") ? "csrf=\(csrf)&revision=\(revision)&" + body : body
                    response = try await browser.post(test.uri, body: withToken, contentType: test.contentType, follow: false)
                } else {
                    var fields = test.fields ?? []
                    fields.append(("revision", test.useRevision ?? Self.revision(for: test.uri, from: revision)))
                    if !test.dropCSRF { fields.append(("csrf", csrf)) }
                    response = try await browser.post(test.uri, fields, contentType: test.contentType, headers: test.headers, follow: false)
                }
            default:
                response = try await browser.send(HTTPRequest.Method(test.method)!, test.uri)
            }
            #expect(response.status == test.status, "\(test.name): got \(response.status)")
            #expect(response.status < 500)
            // Every error page says what went wrong, as a sentence, and is itself a valid page (a
            // refused form by its fields; a link to a row that is gone, above the list as it is).
            if response.status != 409, response.status != 303 {
                let message = response.root?.first { $0.attributes["class"] == "error-page__message" }?.normalizedText ?? ""
                #expect(!message.isEmpty || response.root?.first { $0.attributes["class"]?.contains("field__error") == true } != nil
                        || response.notice?.isEmpty == false, "\(test.name)")
                #expect(message.isEmpty || (message.first?.isLowercase == false && ".!?…".contains(message.last!)), "\(test.name): \(message)")
            }
        }
        #expect(try await demo.store.document() == before, "\(test.name) changed the data")
    }

    @Test("a 404 leads back to the page its path reaches, by that page's title", arguments: [
        ("/trails/mordor/", "/trails/", "Regions"),
        ("/trails/north-cascades/nowhere/", "/trails/north-cascades/", "North Cascades"),
        ("/atlantis/", "/", "TableStack"),
    ])
    func notFoundLeadsUp(uri: String, up: String, title: String) async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let response = try await browser.get(uri)
            #expect(response.status == 404)
            let back = response.root?.first { $0.attributes["class"] == "back-button" }
            #expect(back?.attributes["href"] == up)
            #expect(back?.first { $0.attributes["class"] == "back-button__title" }?.normalizedText == title)
            #expect(response.root?.first { $0.attributes["class"] == "error-page__up" }?.normalizedText == "Back to \(title)")
        }
    }

    @Test("a refused form's error page leads back to the page the form came from, not to the first page")
    func refusedFormLeadsBack() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            _ = try await browser.get("/groceries/")
            let forged = try await browser.post("/groceries/bread/_/save", [("csrf", "x"), ("revision", "groceries=1"), ("name", "Rye")], follow: false)
            let refetched = try await browser.get("/groceries/_/delete")
            for (response, status, up, title) in [(forged, 403, "/groceries/bread/", "Bread"), (refetched, 405, "/groceries/", "Groceries")] {
                #expect(response.status == status)
                let link = response.root?.first { $0.attributes["class"] == "error-page__up" }?.first { $0.name == "a" }
                #expect(link?.attributes["href"] == up && link?.normalizedText == "Back to \(title)", "\(response.status): \(String(describing: link?.normalizedText))")
            }
        }
    }

    @Test("an error page repeats a long path in part, not whole, in HTML and JSON")
    func longPathCutShort() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let segment = String(repeating: "x", count: 6_000)
            let page = try await browser.get("/groceries/\(segment)/")
            let message = page.root?.first { $0.attributes["class"] == "error-page__message" }?.normalizedText ?? ""
            // The key is cut where the message is made, so the sentence keeps its end.
            #expect(page.status == 404 && message.hasPrefix("\"Groceries\" has no row \"xxx") && message.hasSuffix("x…\" that leads further."), "\(message)")
            #expect(message.count < 200 && page.html.utf8.count < 10_000, "\(message.count) characters, \(page.html.utf8.count) bytes")
            let twin = try await browser.get("/groceries/\(segment)/", accept: "application/json")
            #expect(twin.status == 404 && twin.html.utf8.count < 3_000)
        }
    }

    @Test("an error's sentence is cut short past the longest message a page repeats")
    func longestSentence() {
        let sentence = ServerError.badRequest(String(repeating: "y", count: 60_000)).sentence
        #expect(sentence.count <= ServerError.longestMessage + 1 && sentence.hasSuffix("…"), "\(sentence.count) characters")
    }

    @Test("an error's description is answered as a sentence; a name that leads it keeps its case", arguments: [
        ("no item \"milk\" in list groceries", "No item \"milk\" in list groceries."),
        ("the database cannot be reached just now; nothing was changed, try again in a moment",
         "The database cannot be reached just now; nothing was changed, try again in a moment."),
        ("Sign in to edit.", "Sign in to edit."), ("what now?", "What now?"), ("", ""),
        ("\"a b\" is not a valid key: use letters, '-', '_' or '.'", "\"a b\" is not a valid key: use letters, '-', '_' or '.'"),
        ("someone else changed “Groceries” (revision 1, now 2)", "Someone else changed “Groceries” (revision 1, now 2)."),
        ("endUpdates() was called without beginUpdates()", "endUpdates() was called without beginUpdates()."),
        ("iOS shows it so", "iOS shows it so."),
    ])
    func sentence(description: String, answered: String) {
        #expect(ServerError.sentence(description) == answered)
    }

    /// The revision token of the page a bad request is aimed at, read from the store's demo state.
    static func revision(for uri: String, from groceries: String) -> String {
        if uri.hasPrefix("/groceries/") { return groceries }
        if uri.hasPrefix("/reorder/") { return "routines/evening.steps=1;routines/morning.steps=1;routines=1" }
        if uri.hasPrefix("/settings/") { return "settings=1" }
        if uri.hasPrefix("/states/") { return "states=1" }
        if uri.hasPrefix("/task-category/") { return "categories=1" }
        if uri.hasPrefix("/batch-update/") { return "batch-states=1" }
        if uri.hasPrefix("/trails/north-cascades/cascade-pass/") { return "regions/north-cascades.trails=1" }
        return groceries
    }
}
