import Testing
import TableRender

@Suite("URLs and numbers")
struct SupportTests {
    @Test("absolute links hang below the base path; item keys are percent-encoded")
    func absoluteLinks() {
        let urls = URLBuilder(basePath: "/app")
        #expect(urls.page([], from: []) == "/app/")
        #expect(urls.page(["north cascades", "trail/1"], from: []) == "/app/north%20cascades/trail%2F1/")
        #expect(urls.deleteConfirmation(["a"], key: "x&y") == "/app/a/?editing=1&delete=x%26y#row-x.26.y")
        #expect(urls.editing(["a"]) == "/app/a/?editing=1" && urls.addSheet(["a"]) == "/app/a/?add=1")
        #expect(urls.moveSheet(["a"], key: "k") == "/app/a/?editing=1&move=k")
        #expect(urls.action(.delete, on: ["a"]) == "/app/a/_/delete" && urls.action(.moveUp, on: []) == "/app/_/move-up")
        #expect(urls.assets(from: ["a", "b"]) == "/app/")
    }

    @Test("relative links climb from the current page and name index.html, so they open from file://")
    func relativeLinks() {
        let urls = URLBuilder(isRelative: true)
        #expect(urls.page(["regions", "north"], from: ["regions"]) == "../regions/north/index.html")
        #expect(urls.page([], from: ["regions", "north"]) == "../../index.html")
        #expect(urls.page(["regions"], from: []) == "./regions/index.html")
        #expect(urls.page(["a b", "ü"], from: ["a b"], state: .editing, row: "k&1") == "../a%20b/%C3%BC/index.html?editing=1#row-k.26.1")
        #expect(urls.assets(from: ["a", "b", "c"]) == "../../../")
    }

    @Test("a page's links to its children are the page links, made from the parts they share")
    func childLinks() {
        let segments = ["milk", "a b", "ü", "x/y", "k&1", "-._~", ""]
        for urls in [URLBuilder(basePath: "/app"), URLBuilder(), URLBuilder(isRelative: true), URLBuilder(basePath: "sub/", isRelative: true)] {
            for keys in [[], ["regions"], ["a b", "ü", "c"]] {
                let children = urls.childLinks(of: keys)
                for segment in segments {
                    #expect(children.link(segment) == urls.page(keys + [segment], from: keys), "\(urls) \(keys) \(segment)")
                }
            }
        }
        #expect(URLBuilder(isRelative: true).childLinks(of: ["a"]).link("b c") == "../a/b%20c/index.html")
    }

    @Test("a page's query is read once into a view state and written back the same way")
    func viewStates() {
        let states: [ViewState] = [ViewState(), .editing, ViewState(isEditing: true, confirmingDelete: "milk"), ViewState(sheet: .add),
                                   ViewState(isEditing: true, sheet: .move(key: "m-stretch"))]
        for state in states {
            #expect(ViewState(query: state.query.map { (name: $0.0, value: $0.1) }) == state)
        }
        #expect(ViewState(query: [("editing", "0"), ("add", "yes"), ("other", "1")]).isPlain)
    }

    @Test("row anchors keep safe characters and spell the others")
    func anchors() {
        #expect(RowAnchor.id(for: "new-jersey_2") == "row-new-jersey_2")
        #expect(RowAnchor.id(for: "a b/é") == "row-a.20.b.2f..e9.")
    }

    @Test("ETags change with the revisions and the variant, and stay put otherwise")
    func etags() {
        let renderer = PageRenderer(templates: Fixtures.templates)
        let tag = renderer.etag(revisions: [3, 9], variant: "editing")
        #expect(tag.hasPrefix("W/\"3.9-") && tag.hasSuffix("\""))
        #expect(tag == renderer.etag(revisions: [3, 9], variant: "editing"))
        #expect(tag != renderer.etag(revisions: [3, 10], variant: "editing"))
        #expect(tag != renderer.etag(revisions: [3, 9], variant: "browsing"))
        #expect(Fingerprint.hex(of: "a") != Fingerprint.hex(of: "b"))
    }

    @Test("fingerprints tell apart every one-bit change and every length, and read bytes as text")
    func fingerprints() {
        let text = Array((0..<2_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        var seen: Set<String> = [Fingerprint.hex(bytes: text)]
        for bit in 0..<(text.count * 8) {
            var changed = text
            changed[bit / 8] ^= 1 << UInt8(bit % 8)
            #expect(seen.insert(Fingerprint.hex(bytes: changed)).inserted, "bit \(bit)")
        }
        for length in 0..<64 {
            #expect(seen.insert(Fingerprint.hex(bytes: text.prefix(length))).inserted, "length \(length)")
            if length > 0 { #expect(seen.insert(Fingerprint.hex(bytes: [UInt8](repeating: 0, count: length))).inserted, "zeros \(length)") }
        }
        #expect(Fingerprint.hex(of: "Ærø 🙂") == Fingerprint.hex(bytes: Array("Ærø 🙂".utf8)))
        #expect(Fingerprint.fnv1a(of: "") == "cbf29ce484222325" && Fingerprint.fnv1a(of: "a") == "af63dc4c8601ec8c")
    }
}
