import Testing
@testable import TableExport

@Suite("An exported page's links, resolved against its folder")
struct PageLinkTests {
    @Test("relative, rooted, dotted, anchored and queried links lead to the right file and id", arguments: [
        ("e-1/index.html", "../_assets/tablestack.css", "_assets/tablestack.css", nil),
        ("e-1/index.html", "../index.html#row-e-1", "index.html", "row-e-1"),
        ("index.html", "./e-1/index.html", "e-1/index.html", nil),
        ("a/b/index.html", "../../c/./d/../e.html?x=1#top", "c/e.html", "top"),
        ("a/b/index.html", "/x/y.html", "x/y.html", nil),
        ("a/index.html", "#content", "a/index.html", "content"),
        ("a/index.html", "?page=2", "a/index.html", nil),
        ("a/index.html", "b.html#", "a/b.html", nil),
        ("a/index.html", "b.html?q=1#after-the-query", "a/b.html", "after-the-query"),
        ("a/index.html", "b.html#top?not-a-query", "a/b.html", "top?not-a-query"),
        ("a/index.html", "é/ü.html#ø", "a/é/ü.html", "ø"),
        ("a/index.html", "../.../x.html", ".../x.html", nil),
        ("a/index.html", "../x/", "x", nil),
        ("a/index.html", "../x//y/.", "x/y", nil),
        ("a/b/index.html", "../../é.html#top", "é.html", "top"),
    ] as [(String, String, String, String?)])
    func resolves(file: String, link: String, target: String, anchor: String?) {
        #expect(PageLink.resolve([link], of: file) == [PageLink(text: link, target: target, anchor: anchor)])
    }

    @Test("a link that climbs out of the export has no target")
    func climbsOut() {
        #expect(PageLink.resolve(["../../x.html", "../index.html"], of: "a/index.html")
            == [PageLink(text: "../../x.html", target: nil, anchor: nil), PageLink(text: "../index.html", target: "index.html", anchor: nil)])
    }

    @Test("external links are left out", arguments: ["https://example.com/", "//cdn.example.com/x.js", "mailto:a@b.c", "data:image/png;base64,AA", "ftp://x/y"])
    func external(link: String) {
        #expect(PageLink.resolve([link], of: "index.html").isEmpty)
    }
}
