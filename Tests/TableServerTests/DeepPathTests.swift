import Testing

/// A scene that leads to itself makes every depth of path a page; the server walks none past
/// the depth an export stops at.
@Suite("Paths deeper than any page")
struct DeepPathTests {
    @Test("a path deeper than 100 levels is a 404 saying so, a page's, an action's or a stream's alike; 100 levels are walked")
    func tooDeep() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let deep = String(repeating: "a/", count: 101)
            for path in ["/" + deep, "/" + deep + "_live"] {
                let page = try await browser.get(path)
                #expect(page.status == 404 && page.text.contains("No page nests more than 100 levels deep."), "\(path.suffix(20)): \(page.status) \(page.text.prefix(300))")
            }
            let action = try await browser.post("/" + deep + "_/delete", [("key", "x")])
            #expect(action.status == 404 && action.text.contains("No page nests more than 100 levels deep."))
            // At 100, the path is looked up as any other: the demo has no page "a".
            let shallower = try await browser.get("/" + String(repeating: "a/", count: 100))
            #expect(shallower.status == 404 && !shallower.text.contains("levels deep"))
        }
    }
}
