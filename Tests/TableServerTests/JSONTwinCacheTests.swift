import Foundation
import HTTPTypes
import Testing

/// JSON twins are kept like HTML pages while their lists are unchanged, and never served stale.
@Suite("JSON twins from the page cache")
struct JSONTwinCacheTests {
    @Test("a repeated JSON read is the same bytes and tag; an edit, here or in editing mode, shows at once; 304 for a tag still current")
    func cachedTwins() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let first = try await browser.get("/groceries/", accept: "application/json")
            let second = try await browser.get("/groceries/", accept: "application/json")
            #expect(first.status == 200 && second.status == 200)
            #expect(first.html == second.html && first.headers[.eTag] == second.headers[.eTag])
            #expect(first.headers[.contentType] == "application/json; charset=utf-8" && second.headers[.contentType] == first.headers[.contentType])
            let html = try await browser.get("/groceries/")
            #expect(html.html.hasPrefix("<!DOCTYPE html>") || html.html.hasPrefix("<?xml"), "the HTML page is kept apart from its twin")
            let editing = try await browser.get("/groceries/?editing=1", accept: "application/json")
            #expect(editing.html != first.html, "editing mode's twin is its own entry")

            let tokens = browser.tokens(of: try await browser.get("/groceries/?editing=1"))
            #expect(try await browser.post("/groceries/_/delete", [("csrf", tokens.csrf), ("revision", tokens.revision), ("editing", "1"),
                                                                  ("key", "milk")], follow: false).status == 303)
            let after = try await browser.get("/groceries/", accept: "application/json")
            #expect(!after.html.contains("\"Milk\"") && first.html.contains("\"Milk\""))
            #expect(after.headers[.eTag] != first.headers[.eTag])
            let again = try await browser.get("/groceries/?editing=1", accept: "application/json")
            #expect(!again.html.contains("\"Milk\""), "the editing twin is not served stale either")

            let tag = try #require(after.headers[.eTag])
            let unchanged = try await browser.get("/groceries/", accept: "application/json", headers: [.ifNoneMatch: tag])
            #expect(unchanged.status == 304)
        }
    }

    @Test("a flash waiting for the browser's next page is neither shown nor consumed by a JSON read or a HEAD in between")
    func flashLeftForThePage() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let tokens = browser.tokens(of: try await browser.get("/groceries/?editing=1"))
            #expect(try await browser.post("/groceries/_/delete", [("csrf", tokens.csrf), ("revision", tokens.revision), ("editing", "1"),
                                                                  ("key", "milk")], follow: false).status == 303)
            let twin = try await browser.get("/batch-update/", accept: "application/json")
            let fields = try JSONSerialization.jsonObject(with: Data(twin.html.utf8)) as? [String: Any]
            #expect(fields?["notice"] == nil && fields?["title"] as? String == "Batch Update", "\(twin.html.prefix(200))")
            #expect(!twin.headers[values: .setCookie].contains { $0.hasPrefix("tablestack_flash=") }, "the flash is left as it is")
            let head = try await browser.get("/groceries/?editing=1", method: .head)
            #expect(head.status == 200 && !head.headers[values: .setCookie].contains { $0.hasPrefix("tablestack_flash=") }, "a HEAD leaves it too")
            let page = try await browser.get("/groceries/?editing=1")
            #expect(page.notice?.isEmpty == false, "the browser's next page shows it")
        }
    }

    @Test("an Add refused for its fields, asked for as JSON, answers with the rows, and the page read next still shows them")
    func refusedAddAsJSON() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let tokens = browser.tokens(of: try await browser.get("/groceries/?editing=1"))
            let body = "csrf=\(tokens.csrf)&revision=\(Browser.encode(tokens.revision))&name=&quantity=1"
            let refused = try await browser.post("/groceries/_/add", body: body, contentType: "application/x-www-form-urlencoded",
                                                 accept: "application/json", follow: false)
            #expect(refused.status == 422)
            #expect(refused.html.contains("\"Milk\"") && refused.html.contains("\"Butter\""), "the twin shows the list's rows")
            for accept in ["application/json", "text/html"] {
                let page = try await browser.get("/groceries/", accept: accept)
                #expect(page.status == 200 && page.html.contains("Milk") && page.html.contains("Butter"), "\(accept)")
            }
            #expect(try await browser.get("/groceries/").rowTexts == ["Milk", "Eggs", "Bread", "Butter"])
        }
    }
}
