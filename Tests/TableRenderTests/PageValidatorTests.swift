import Testing
import TableRender

@Suite("The page validator judges pages against the markup contract")
struct PageValidatorTests {
    static func page(_ main: String, extra: String = "") -> String {
        """
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><title>t</title></head>
        <body>\(extra)
        \(main)
        </body></html>
        """
    }

    static let validRow = #"<li data-index-path="0.0" data-cell-style="default" data-accessory="none" data-movable="false">A</li>"#

    static func messages(_ html: String) -> [String] {
        PageValidator.shared.validate(html, page: "page.html").map(\.description)
    }

    @Test("a minimal page that keeps the contract is valid")
    func validPage() {
        let main = #"<main data-table-style="plain" data-indexed="false" data-editing="false"><section data-section="0"><ul>\#(Self.validRow)</ul></section></main>"#
        #expect(Self.messages(Self.page(main)) == [])
    }

    @Test("broken contract attributes are caught by the schema, with the line", arguments: [
        #"<main data-table-style="grouped" data-indexed="true" data-editing="false"></main>"#,
        #"<main data-table-style="plain" data-indexed="false"></main>"#,
        #"<main data-table-style="sideways" data-indexed="false" data-editing="false"></main>"#,
        #"<main data-table-style="plain" data-indexed="false" data-editing="false"><li data-index-path="0.0" data-accessory="none" data-movable="false">A</li></main>"#,
        #"<main data-table-style="plain" data-indexed="false" data-editing="false"><li data-index-path="0.0" data-cell-style="value3" data-accessory="none" data-movable="false">A</li></main>"#,
        #"<main data-table-style="plain" data-indexed="false" data-editing="false"><li data-index-path="first" data-cell-style="default" data-accessory="none" data-movable="false">A</li></main>"#,
        #"<main data-table-style="plain" data-indexed="false" data-editing="false"><section data-section="-1"></section></main>"#,
    ])
    func schemaViolations(main: String) {
        let messages = Self.messages(Self.page(main))
        #expect(!messages.isEmpty)
        #expect(messages.allSatisfy { $0.hasPrefix("page.html:4:0: ") }, "\(messages)")
    }

    @Test("contract rules beyond the grammar: one main, unique ids, index links that land, editing styles everywhere or nowhere")
    func contractRules() {
        let main = #"<main data-table-style="plain" data-indexed="false" data-editing="false"></main>"#
        #expect(Self.messages(Self.page(main + main)).contains { $0.contains("exactly one <main>, this one has 2") })
        #expect(Self.messages(Self.page(main, extra: #"<p id="x"/><p id="x"/>"#)).contains { $0.contains(#"id "x" is used again"#) })
        let index = ##"<main data-table-style="plain" data-indexed="true" data-editing="false"><nav data-section-index="" aria-label="Index"><a href="#section-9">Z</a></nav></main>"##
        #expect(Self.messages(Self.page(index)) == [##"page.html:4:0: index link "#section-9" leads to no section on the page"##])
        let unlabelled = #"<main data-table-style="plain" data-indexed="true" data-editing="false"><nav data-section-index=""></nav></main>"#
        #expect(Self.messages(Self.page(unlabelled)).contains { $0.contains("needs an aria-label") })
        let editing = #"<main data-table-style="plain" data-indexed="false" data-editing="true"><ul>\#(Self.validRow)</ul></main>"#
        #expect(Self.messages(Self.page(editing)).contains { $0.contains("data-editing-style belongs on every row in editing mode") })
        let bar = #"<nav data-navigation-bar=""><h1>A</h1><h1>B</h1></nav>"#
        #expect(Self.messages(Self.page(main, extra: bar)).contains { $0.contains("exactly one <h1>") })
    }

    @Test("a page that is not well-formed is reported with line and column")
    func malformed() {
        let messages = Self.messages("<html xmlns=\"http://www.w3.org/1999/xhtml\">\n<body><p>open</body></html>")
        #expect(messages.first == "page.html:2:21: Opening and ending tag mismatch: p line 2 and body")
    }
}
