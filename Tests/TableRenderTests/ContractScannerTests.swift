import Foundation
import Testing
@testable import TableRender
import TestSupport

/// The contract scanner may only ever say "clean" where libxml2 and the RelaxNG schema (plus the
/// contract rules) say so too, and must then read the same ids and links. These tests hold it to
/// that on real pages, on pages broken by hand in the ways XML and the contract forbid, and on
/// thousands of randomly broken pages; they also check that it does accept the pages TableStack
/// makes, or exports would gain nothing.
@Suite("The contract scanner accepts only what libxml2 accepts")
struct ContractScannerTests {
    static let validator = PageValidator.shared

    /// Real pages: the preview samples, a sheet and an error page.
    static func corpus() throws -> [(String, String)] {
        let renderer = PageRenderer(templates: Fixtures.templates)
        let error = renderer.render(error: ErrorContext(status: 404, reason: "Not Found", message: "No \"row\" <here> & there.",
                                                        details: ErrorDetailsContext(items: ["one"]),
                                                        up: LinkContext(href: "/a/?b=1&c=2#row-x", title: "Up")), assets: "/")
        let sheet = SheetContext(title: "Add", sectionTitle: "Details", action: "/list/_/add", csrf: "t", revision: "3",
                                 cancelHref: "/list/", saveTitle: "Save", errorSummary: nil, hiddenFields: [],
                                 fields: [FieldContext(name: "name", label: "Name", kind: .text, value: "a\tb\nc", isRequired: true)])
        let sheetPage = renderer.render(sheet: sheet, documentTitle: "Add", assets: "/",
                                        navigationBar: NavigationBarContext(title: "Add", cancel: LinkContext(href: "/list/", title: "Cancel")))
        return try PreviewPages.samples() + [("error", error), ("sheet", sheetPage)]
    }

    /// The scanner's verdict must agree with libxml2's wherever the scanner gives one.
    static func agrees(_ html: String, _ label: String) -> Bool? {
        guard let clean = ContractScanner.scan(html) else { return nil }
        let slow = validator.inspectWithLibXML(html, page: label)
        #expect(slow.problems.isEmpty, "the scanner accepted a page libxml2 rejects (\(label)): \(slow.problems.map(\.description))\n\(html)")
        #expect(slow.ids == clean.ids, "ids differ (\(label))")
        #expect(slow.links == clean.links, "links differ (\(label))")
        return true
    }

    @Test("the scanner was written for the contract as built: the bundled schema and the rules in code")
    func writtenForTheBundledSchema() {
        // When this fails, markup-contract.rng or ContractRules changed: bring the scanner in line with
        // it, then set ContractScanner.contractFingerprint to the contract's fingerprint.
        #expect(ContractScanner.currentFingerprint == ContractScanner.contractFingerprint)
        #expect(ContractScanner.isCurrent)
    }

    @Test("a new contract rule changes the fingerprint, so the scanner cannot skip it silently")
    func rulesAreInTheFingerprint() throws {
        let schema = Data("<grammar/>".utf8)
        let withRules = ContractRules.fingerprint(schema: schema)
        #expect(withRules != Fingerprint.hex(bytes: schema), "the rules' names are part of it")
        #expect(ContractRules.all.map(\.name).count == Set(ContractRules.all.map(\.name)).count, "each rule has a name of its own")
    }

    @Test("the pages TableStack makes are accepted, with libxml2's ids and links")
    func acceptsRealPages() throws {
        for (name, html) in try Self.corpus() {
            #expect(Self.agrees(html, name) == true, "\(name) was left to libxml2")
        }
    }

    static let minimal = PageValidatorTests.page(
        #"<main data-table-style="plain" data-indexed="false" data-editing="false"><section data-section="0" id="s"><ul>\#(PageValidatorTests.validRow)</ul></section></main>"#)

    @Test("pages that XML or the contract forbid are never accepted", arguments: [
        ("undefined entity", "<p>&nbsp;</p>"),
        ("reference to NUL", "<p>&#0;</p>"),
        ("reference to a surrogate", "<p>&#xD800;</p>"),
        ("reference to U+FFFE", "<p title=\"&#xFFFE;\"></p>"),
        ("reference without a semicolon", "<p>&amp</p>"),
        ("bare ampersand", "<p>a & b</p>"),
        ("control character", "<p>\u{1}</p>"),
        ("U+FFFF in text", "<p>\u{FFFF}</p>"),
        ("]]> in text", "<p>a ]]> b</p>"),
        ("-- inside a comment", "<!-- a -- b -->"),
        ("comment ending in -", "<!-- a --->"),
        ("duplicate attribute", "<p class=\"a\" class=\"b\"></p>"),
        ("unquoted attribute", "<p class=a></p>"),
        ("attribute without a value", "<input disabled />"),
        ("no space between attributes", "<p class=\"a\"id=\"b\"></p>"),
        ("< in an attribute", "<p title=\"a<b\"></p>"),
        ("unbound prefix", "<x:p>a</x:p>"),
        ("prefixed attribute", "<p xlink:href=\"#a\"></p>"),
        ("mismatched end tag", "<p><b></p></b>"),
        ("unclosed element", "<div>"),
        ("stray end tag", "</div>"),
        ("duplicate id", "<p id=\"s\"></p>"),
        ("second main", "<main data-table-style=\"plain\" data-indexed=\"false\" data-editing=\"false\"></main>"),
        ("index path on a section", "<section data-index-path=\"0.0\"></section>"),
        ("row attributes in part", "<li data-index-path=\"0.0\" data-cell-style=\"default\">A</li>"),
        ("row attribute on its own", "<li data-editing-style=\"delete\">A</li>"),
        ("negative section", "<section data-section=\"-1\"></section>"),
        ("both nav markers", "<nav data-navigation-bar=\"\" data-section-index=\"\" aria-label=\"x\"><h1>t</h1></nav>"),
        ("navigation bar without a title", "<nav data-navigation-bar=\"\"></nav>"),
        ("navigation bar with two titles", "<nav data-navigation-bar=\"\"><h1>a</h1><h1>b</h1></nav>"),
        ("two back links", "<nav data-navigation-bar=\"\"><h1>a</h1><a rel=\"up\" href=\"/\">x</a><a rel=\"up\" href=\"/\">y</a></nav>"),
        ("section index without a label", "<nav data-section-index=\"\"><a href=\"#s\">S</a></nav>"),
        ("section index link to nowhere", "<nav data-section-index=\"\" aria-label=\"Index\"><a href=\"#nowhere\">N</a></nav>"),
        ("section index on a table that says it has none", "<nav data-section-index=\"\" aria-label=\"Index\"><a href=\"#s\">S</a></nav>"),
    ])
    func refusesBrokenPages(label: String, snippet: String) {
        let html = Self.minimal.replacingOccurrences(of: "<body>", with: "<body>" + snippet)
        #expect(!Self.validator.inspectWithLibXML(html, page: label).problems.isEmpty, "the case is not broken: \(label)")
        #expect(ContractScanner.scan(html) == nil, "\(label)")
    }

    @Test("pages broken inside the table are never accepted", arguments: [
        ("grouped and indexed", #"data-table-style="plain" data-indexed="false""#, #"data-table-style="grouped" data-indexed="true""#),
        ("row twice", #"</ul>"#, PageValidatorTests.validRow + "</ul>"),
        ("editing table, row without editing style", #"data-editing="false""#, #"data-editing="true""#),
        ("index path with letters", #"data-index-path="0.0""#, #"data-index-path="0.a""#),
        ("unknown accessory", #"data-accessory="none""#, #"data-accessory="chevron""#),
        ("text beside head", "<head>", "x<head>"),
        ("head and body swapped", "<head><title>t</title></head>", ""),
    ])
    func refusesBrokenTables(label: String, find: String, replace: String) {
        let html = Self.minimal.replacingOccurrences(of: find, with: replace)
        #expect(html != Self.minimal)
        #expect(!Self.validator.inspectWithLibXML(html, page: label).problems.isEmpty, "the case is not broken: \(label)")
        #expect(ContractScanner.scan(html) == nil, "\(label)")
    }

    @Test("what XML allows is read as libxml2 reads it", arguments: [
        ("references in text and attributes", #"<p title="a &amp; &lt;b&gt; &quot;c&quot; &apos;d&apos; &#233; &#x1F600;">&#10;&amp;&#xe9;</p>"#),
        ("white space in attribute values", "<a href=\"x\ty\nz\" title='&#9;&#10;'>l</a>"),
        ("single quotes and spaces around =", "<a href = 'one\"two' >l</a><img src=\"i.png\" alt=\"\" href=\"h\" />"),
        ("comments", "<!----><!-- a - b --><p><!-- c --></p>"),
        ("non-ASCII text", "<p>Ærøskøbing – “quoted” 🙂</p>"),
        ("xml:lang", "<p xml:lang=\"da\" lang=\"da\">Hej</p>"),
        ("a row outside the table", PageValidatorTests.validRow),
        ("a plain nav", "<nav><a href=\"#s\">S</a></nav>"),
    ])
    func readsLikeLibXML(label: String, snippet: String) {
        let html = Self.minimal.replacingOccurrences(of: "<body>", with: "<body>" + snippet)
        #expect(Self.agrees(html, label) == true, "\(label) was left to libxml2")
    }

    @Test("XML it does not read is left to libxml2", arguments: [
        "<p><![CDATA[x]]></p>", "<?tablestack x?>", "<svg xmlns=\"http://www.w3.org/2000/svg\"></svg>",
        "<p xmlns:x=\"urn:x\" x:y=\"1\"></p>", "<p xml:space=\"preserve\"></p>",
    ])
    func leavesTheRestToLibXML(snippet: String) {
        let html = Self.minimal.replacingOccurrences(of: "<body>", with: "<body>" + snippet)
        #expect(Self.validator.inspectWithLibXML(html, page: "p").problems.isEmpty, "the case is broken")
        #expect(ContractScanner.scan(html) == nil)
        #expect(Self.validator.inspect(html, page: "p") == Self.validator.inspectWithLibXML(html, page: "p"))
    }

    @Test("on thousands of randomly broken real pages it never accepts what libxml2 rejects")
    func randomlyBrokenPages() throws {
        var random = SeededGenerator(seed: 0x7AB1E_57AC)
        var accepted = 0
        var refused = 0
        for (name, html) in try Self.corpus() {
            let bytes = Array(html.utf8)
            for round in 0..<400 {
                var mutant = bytes
                for _ in 0...random.next(below: 3) { Mutation.apply(to: &mutant, using: &random) }
                let text = String(decoding: mutant, as: UTF8.self)
                if Self.agrees(text, "\(name) #\(round)") == true { accepted += 1 } else { refused += 1 }
            }
        }
        // Both outcomes must be common, or the test would prove little.
        #expect(accepted > 300, "accepted \(accepted)")
        #expect(refused > 300, "refused \(refused)")
    }
}

/// The ways a page is broken at random: near misses of XML and of the contract, so that many
/// mutants stay well-formed and the scanner's verdicts on them are put to the test.
enum Mutation {
    static let snippets: [String] = [
        "<", ">", "&", "&amp;", "&nbsp;", "&#0;", "&#x41;", "&#10;", "&#xFFFE;", "&#1114112;", "\"", "'", "=",
        "</div>", "<div>", "<br/>", "<p/>", "<!-- c -->", "<!-- a -- b -->", "<![CDATA[x]]>", "]]>", "<?pi x?>",
        "\u{1}", "\t", "\r\n", "\u{FFFE}", "é", " ", "x",
        " id=\"content\"", " id=\"x\"", " id=\"section-0\"", " data-index-path=\"9.9\"", " data-index-path=\"0.0\"",
        " data-section=\"1\"", " data-editing-style=\"delete\"", " data-movable=\"true\"", " data-cell-style=\"default\"",
        " rel=\"up\"", " href=\"#x\"", " src=\"i.png\"", " class=\"sheet\"", " xmlns:x=\"urn:x\"", " x:y=\"1\"", " xml:lang=\"en\"",
        " xml:id=\"1 2\"", " xmlns=\"urn:other\"", " aria-label=\"\"", " data-section-index=\"\"", " data-navigation-bar=\"\"",
        "<h1>t</h1>", "<a rel=\"up\" href=\"/\">u</a>", "<a href=\"#section-0\">A</a>", "<a href=\"#nowhere\">N</a>",
        "<main data-table-style=\"plain\" data-indexed=\"false\" data-editing=\"false\"></main>",
        "<nav data-section-index=\"\" aria-label=\"i\"><a href=\"#content\">A</a></nav>",
        "<nav data-navigation-bar=\"\"><h1>x</h1></nav>", "<section data-section=\"7\">", "</section>",
        "<li data-index-path=\"5.5\" data-cell-style=\"value2\" data-accessory=\"checkmark\" data-movable=\"false\">r</li>",
        "<li data-index-path=\"5.6\" data-cell-style=\"value2\" data-accessory=\"checkmark\" data-movable=\"false\" data-editing-style=\"insert\">r</li>",
    ]

    static let values: [String] = [
        "", "true", "false", " true", "True", "plain", "grouped", "0.0", "1.2", "00.1", "1.", ".1", "1.2.3", "x", "none",
        "delete", "insert", "subtitle", "value3", "checkmark", "switch", "#section-0", "#content", "#row-x", "up", " up",
        "a&amp;b", "&#9;x", "1\t2", "a<b", "&bogus;", "sheet", "7", "-1", "+1", "http://www.w3.org/1999/xhtml",
    ]

    static func apply(to bytes: inout [UInt8], using random: inout SeededGenerator) {
        guard !bytes.isEmpty else { return }
        switch random.next(below: 8) {
        case 0:  // delete a few bytes
            let start = random.next(below: bytes.count)
            bytes.removeSubrange(start..<min(bytes.count, start + 1 + random.next(below: 12)))
        case 1, 2:  // insert a snippet
            let snippet = snippets[random.next(below: snippets.count)]
            bytes.insert(contentsOf: Array(snippet.utf8), at: random.next(below: bytes.count + 1))
        case 3, 4:  // change an attribute's value
            let quotes = bytes.indices.filter { bytes[$0] == UInt8(ascii: "=") && $0 + 1 < bytes.count && bytes[$0 + 1] == UInt8(ascii: "\"") }
            guard let equals = quotes.randomElement(using: &random),
                  let close = bytes[(equals + 2)...].firstIndex(of: UInt8(ascii: "\"")) else { return }
            bytes.replaceSubrange((equals + 2)..<close, with: Array(values[random.next(below: values.count)].utf8))
        case 5:  // insert a snippet just inside a start tag, where attributes go
            let tags = bytes.indices.filter { bytes[$0] == UInt8(ascii: ">") && $0 > 0 && bytes[$0 - 1] != UInt8(ascii: "-") }
            guard let end = tags.randomElement(using: &random) else { return }
            let snippet = snippets[random.next(below: snippets.count)]
            bytes.insert(contentsOf: Array(snippet.utf8), at: bytes[end - 1] == UInt8(ascii: "/") ? end - 1 : end)
        case 6:  // copy a whole tag somewhere else
            guard let (start, end) = tag(in: bytes, using: &random) else { return }
            bytes.insert(contentsOf: Array(bytes[start...end]), at: random.next(below: bytes.count + 1))
        default:  // remove a whole tag
            guard let (start, end) = tag(in: bytes, using: &random) else { return }
            bytes.removeSubrange(start...end)
        }
    }

    static func tag(in bytes: [UInt8], using random: inout SeededGenerator) -> (Int, Int)? {
        let opens = bytes.indices.filter { bytes[$0] == UInt8(ascii: "<") }
        guard let start = opens.randomElement(using: &random), let end = bytes[start...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
        return (start, end)
    }
}
