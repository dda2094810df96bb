import Testing
import TableKit
import TableRender
import Foundation

@Suite("Rendering table pages")
struct PageRenderingTests {
    let renderer = PageRenderer(templates: Fixtures.templates)

    /// Renders, validates against the contract, and parses the page.
    func renderValid(_ page: TablePage, name: String) throws -> XMLElement {
        let html = renderer.render(page)
        let problems = PageValidator.shared.validate(html, page: name)
        #expect(problems.isEmpty, "\(name): \(problems.map(\.description).joined(separator: "\n"))")
        return try #require(LibXML.parse(html, file: name).root)
    }

    @Test("every table style, editing state and read-only mode renders a valid page with the contract's attributes",
          arguments: [(TableStyle.plain, false), (.plain, true), (.grouped, false)], [false, true])
    func everyStyleAndState(style: (TableStyle, Bool), editing: Bool) throws {
        for readOnly in [false, true] {
            let snapshot = try Fixtures.snapshot(style: style.0, indexed: style.1, editing: editing)
            let name = "\(style.0)\(style.1 ? "-indexed" : "")\(editing ? "-editing" : "")\(readOnly ? "-readonly" : "")"
            let root = try renderValid(Fixtures.page(snapshot, readOnly: readOnly), name: name)
            let main = try #require(root.first { $0.name == "main" })
            #expect(main.attributes["data-table-style"] == style.0.rawValue)
            #expect(main.attributes["data-indexed"] == String(style.1))
            #expect(main.attributes["data-editing"] == String(editing))
            #expect(main.all(having: "data-section").map { $0.attributes["data-section"] } == ["0", "1", "2", "3"])

            let rows = Fixtures.rows(of: root)
            #expect(rows.count == snapshot.sections.map(\.rows.count).reduce(0, +))
            for section in snapshot.sections {
                for row in section.rows {
                    let element = try #require(rows[row.indexPath.textForm], "row \(row.indexPath) in \(name)")
                    #expect(element.attributes["data-cell-style"] == row.cell.style.rawValue)
                    #expect(element.attributes["data-accessory"] == (editing ? row.cell.editingAccessory : row.cell.accessory).kind.rawValue)
                    #expect(element.attributes["data-editing-style"] == (editing ? row.editingStyle.rawValue : nil))
                    #expect(element.attributes["data-movable"] == String(row.isMovable && !readOnly))
                    #expect(element.normalizedText.contains(row.cell.text))
                }
            }
            // Read-only pages have no forms and no editing controls at all.
            let forms = root.all { ["form", "button"].contains($0.name) || $0.attributes["formaction"] != nil }
            #expect(readOnly ? forms.isEmpty : !forms.isEmpty, "\(name)")
        }
    }

    @Test("cell styles lay out text, detail and image as their partials say")
    func cellStyles() throws {
        let root = try renderValid(Fixtures.page(try Fixtures.snapshot(style: .plain)), name: "cells")
        let rows = Fixtures.rows(of: root)
        let subtitle = try #require(rows["1.1"])
        #expect(subtitle.first { $0.attributes["class"] == "cell__detail" }?.text == "Detail 1")
        #expect(subtitle.first { $0.attributes["class"]?.hasPrefix("cell cell--subtitle") == true } != nil)
        #expect(rows["0.0"]?.all(named: "img").count == 1, "default style shows its image")
        #expect(rows["2.0"]?.all(named: "img").isEmpty == true, "value1 has no image")
        #expect(rows["3.1"]?.first { $0.attributes["class"] == "cell cell--value2" } != nil)
        #expect(rows["0.2"]?.attributes["class"]?.contains("row--indent-2") == true)
    }

    @Test("accessories: chevron, a separate detail link, checkmark, a real switch and slider posted through the form")
    func accessories() throws {
        let root = try renderValid(Fixtures.page(try Fixtures.snapshot(style: .grouped)), name: "accessories")
        let rows = Fixtures.rows(of: root)
        #expect(rows["0.1"]?.first { $0.attributes["class"]?.contains("accessory--disclosure-indicator") == true } != nil)
        let detailRow = try #require(rows["0.2"])
        let links = detailRow.all(named: "a").compactMap { $0.attributes["href"] }
        #expect(links.contains("/demo/default-2/") && links.contains("/demo/default-2/detail/"), "row link and detail link are separate")
        let toggle = try #require(rows["0.4"]?.first { $0.name == "input" })
        #expect(toggle.attributes["type"] == "checkbox" && toggle.attributes["role"] == "switch" && toggle.attributes["checked"] == "checked")
        #expect(toggle.attributes["form"] == "table-actions")
        let slider = try #require(rows["0.5"]?.first { $0.name == "input" })
        #expect(slider.attributes["type"] == "range" && slider.attributes["value"] == "7.5" && slider.attributes["max"] == "10")
    }

    @Test("each row's accessible name joins its texts with commas")
    func accessibleNames() throws {
        let cell = Cell(key: "aapl", text: "Apple Inc., $648.11", detailText: "up 1.85%", style: .value1, accessory: .disclosureIndicator)
        let root = try renderValid(Fixtures.page(try Fixtures.snapshot(style: .plain, cells: [[cell]])), name: "stocks")
        let link = try #require(Fixtures.rows(of: root)["0.0"]?.first { $0.name == "a" })
        #expect(link.attributes["aria-label"] == "Apple Inc., $648.11, up 1.85%")
    }

    @Test("the navigation bar: title in h1, back link rel=up titled with the parent, Edit becomes Done while editing")
    func navigationBar() throws {
        for editing in [false, true] {
            let root = try renderValid(Fixtures.page(try Fixtures.snapshot(style: .plain, editing: editing)), name: "bar")
            let bar = try #require(root.first { $0.attributes["data-navigation-bar"] != nil })
            #expect(bar.all(named: "h1").map(\.normalizedText) == ["Catalogue"])
            let back = try #require(bar.first { $0.attributes["rel"] == "up" })
            #expect(back.spokenText == "TableStack" && back.attributes["href"] == "/")
            #expect(bar.all(named: "a").contains { $0.normalizedText == (editing ? "Done" : "Edit") })
            let disabledAdd = bar.first { $0.attributes["aria-disabled"] == "true" }
            #expect((disabledAdd != nil) == editing, "Add is disabled while editing")
        }
    }

    @Test("the index bar is a labelled nav whose titles link to their sections, with their own labels")
    func indexBar() throws {
        let root = try renderValid(Fixtures.page(try Fixtures.snapshot(style: .plain, indexed: true)), name: "indexed")
        let index = try #require(root.first { $0.attributes["data-section-index"] != nil })
        #expect(index.attributes["aria-label"] == "Section index")
        let links = index.all(named: "a")
        #expect(links.map { $0.attributes["href"] } == ["#section-0", "#section-1", "#section-2", "#section-3"])
        #expect(links.map { $0.attributes["aria-label"] } == ["Letter A", "Letter B", "Letter C", "Letter D"])
    }

    @Test("an index title carries aria-label only where its accessibility label differs from it")
    func indexBarLabelsOnlyWhereTheyDiffer() throws {
        var snapshot = try Fixtures.snapshot(style: .plain, indexed: true)
        snapshot.sectionIndex = SectionIndex(entries: [
            .init(title: "A", section: 0), .init(title: "か", accessibilityLabel: "か行", section: 1),
            .init(title: "C", accessibilityLabel: "C", accessibilityLanguage: "fr", section: 2),
            .init(title: "#", accessibilityLabel: "Άλλα & more", accessibilityLanguage: "el", section: 3),
        ])
        let root = try renderValid(Fixtures.page(snapshot), name: "labelled-index")
        let index = try #require(root.first { $0.attributes["data-section-index"] != nil })
        let links = index.all(named: "a")
        #expect(links.map { $0.attributes["aria-label"] } == [nil, "か行", nil, "Άλλα & more"])
        #expect(links.map { $0.attributes["lang"] } == [nil, nil, nil, "el"], "a label's own language, only with the label")
        #expect(links.map(\.text) == ["A", "か", "C", "#"])
        let html = renderer.render(Fixtures.page(snapshot))
        #expect(html.contains(#"aria-label="Άλλα &amp; more" lang="el" xml:lang="el""#), "labels are escaped; both lang attributes, as polyglot markup wants")
    }

    @Test("selection lists expose their state: radios for exclusive lists, checkboxes for inclusive ones")
    func selectionLists() throws {
        let cells = [[Cell(key: "work", text: "Work", accessory: .checkmark), Cell(key: "home", text: "Home")]]
        for mode in SelectionList.Mode.allCases {
            let root = try renderValid(Fixtures.page(try Fixtures.snapshot(style: .plain, cells: cells), selection: mode), name: "selection")
            let buttons = root.all { $0.attributes["role"] == (mode == .exclusive ? "radio" : "checkbox") }
            #expect(buttons.map { $0.attributes["aria-checked"] } == ["true", "false"])
            #expect(buttons.map { $0.attributes["value"] } == ["work", "home"])
            #expect(buttons.allSatisfy { $0.attributes["form"] == "table-actions" })
            // Each posts what choosing it would mean: the checkmark on, or (a checked row of an
            // inclusive list) off, never "toggle".
            #expect(buttons.map { $0.attributes["formaction"] } == [mode == .inclusive ? "/catalogue/_/deselect" : "/catalogue/_/select", "/catalogue/_/select"])
        }
        let exported = try renderValid(Fixtures.page(try Fixtures.snapshot(style: .plain, cells: cells), readOnly: true, selection: .exclusive), name: "export")
        #expect(exported.all { $0.attributes["aria-label"] == "Work, selected" }.count == 1, "read-only pages still say which row is chosen")
    }

    @Test("editing: red minus links to the confirmation step, which shows a Delete button; green plus inserts; grips offer moves")
    func editingControls() throws {
        let snapshot = try Fixtures.snapshot(style: .plain, editing: true)
        let root = try renderValid(Fixtures.page(snapshot), name: "editing")
        let rows = Fixtures.rows(of: root)
        let minus = try #require(rows["0.1"]?.first { $0.attributes["class"]?.contains("editing-control--delete") == true })
        #expect(minus.attributes["href"] == "/catalogue/?editing=1&delete=default-1#row-default-1")
        #expect(rows["0.6"]?.first { $0.attributes["class"]?.contains("editing-control--insert") == true } != nil)
        #expect(rows["0.0"]?.first { $0.name == "details" } == nil, "the first row is not movable")
        let grip = try #require(rows["0.1"]?.first { $0.name == "details" })
        // Each names the row it passes, so the same post again moves nothing more.
        #expect(grip.all(named: "button").compactMap { $0.attributes["formaction"] }
            == ["/catalogue/_/move-up?past=default-0", "/catalogue/_/move-down?past=default-2"])
        // The section's last row passes no row going down: it crosses the section's end, its
        // section told by the row above it.
        let last = try #require(rows["0.6"]?.first { $0.name == "details" })
        #expect(last.all(named: "button").compactMap { $0.attributes["formaction"] }.last == "/catalogue/_/move-down?end-beside=default-5")

        let confirming = try renderValid(Fixtures.page(snapshot, confirming: "default-1"), name: "confirm")
        let delete = try #require(Fixtures.rows(of: confirming)["0.1"]?.first { $0.normalizedText == "Delete" && $0.name == "button" })
        #expect(delete.attributes["formaction"] == "/catalogue/_/delete" && delete.attributes["value"] == "default-1")
    }

    @Test("every form post carries the CSRF token and the revision")
    func formsCarryTokenAndRevision() throws {
        let root = try renderValid(Fixtures.page(try Fixtures.snapshot(style: .plain)), name: "form")
        let form = try #require(root.first { $0.attributes["id"] == "table-actions" })
        let hidden = Dictionary(uniqueKeysWithValues: form.all(named: "input").map { ($0.attributes["name"]!, $0.attributes["value"]!) })
        #expect(hidden == ["csrf": "token-123", "revision": "7"])
    }

    @Test("text is always escaped and the page stays valid")
    func escaping() throws {
        let nasty = #"<script>alert("x")</script> & 'quotes' {{mustache}}"#
        let cells = [[Cell(key: "k\"<>", text: nasty, detailText: nasty, style: .subtitle)]]
        let html = renderer.render(Fixtures.page(try Fixtures.snapshot(style: .plain, cells: cells)))
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quotes&#39;"))
        let root = try renderValid(Fixtures.page(try Fixtures.snapshot(style: .plain, cells: cells)), name: "escaping")
        #expect(Fixtures.rows(of: root)["0.0"]?.first { $0.attributes["class"] == "cell__text" }?.text == nasty)
    }

    @Test("characters XML cannot hold, stored in an item, come out as U+FFFD and the page stays well-formed")
    func charactersXMLCannotHold() throws {
        // Swift's literals refuse U+FDD0, so it is made from its value.
        let stored = "a\u{0}b\u{FFFF}c\u{1B}d" + String(Character(Unicode.Scalar(0xFDD0)!)) + "e\u{7F}f"
        let cells = [[Cell(key: "bad", text: stored, detailText: stored, style: .subtitle)]]
        let page = Fixtures.page(try Fixtures.snapshot(style: .plain, cells: cells))
        let html = renderer.render(page)
        #expect(!html.unicodeScalars.contains { !DocumentText.isAllowed($0) })
        let root = try renderValid(page, name: "xml-characters")
        #expect(Fixtures.rows(of: root)["0.0"]?.first { $0.attributes["class"] == "cell__text" }?.text == "a\u{FFFD}b\u{FFFD}c\u{FFFD}d\u{FFFD}e\u{FFFD}f")
    }

    @Test("a quote or bracket followed by a combining mark is escaped too, so it cannot close an attribute")
    func escapingCombiningMarks() throws {
        // Escaping character by character (grapheme clusters) misses `"` + U+0301: the pair is one
        // Character that is not `"`, and the raw quote would end the attribute it stands in.
        let sly = "x\"\u{301} autofocus onfocus=alert(1) y <\u{338}b>&\u{301}amp; '\u{301}"
        let cells = [[Cell(key: "sly", text: sly, detailText: sly, style: .subtitle)]]
        let page = Fixtures.page(try Fixtures.snapshot(style: .plain, cells: cells))
        let html = PageRenderer(templates: Fixtures.templates).render(page)
        #expect(!html.contains("\"\u{301}") && !html.contains("<\u{338}") && !html.contains("'\u{301}"))
        let root = try renderValid(page, name: "combining-marks")
        let row = try #require(Fixtures.rows(of: root)["0.0"])
        #expect(row.first { $0.attributes["class"] == "cell__text" }?.text == sly)
        #expect(row.first { $0.attributes["aria-label"] != nil }?.attributes["aria-label"]?.hasPrefix(sly) == true)
        #expect(root.first { $0.attributes["onfocus"] != nil } == nil)
    }

    @Test("after a one-row edit only that row is rendered again; the others are reused")
    func rowsAreReused() throws {
        let renderer = PageRenderer(templates: Fixtures.templates)
        var cells = [(0..<100).map { Cell(key: "item-\($0)", text: "Item \($0)") }]
        _ = renderer.render(Fixtures.page(try Fixtures.snapshot(style: .plain, cells: cells)))
        #expect(renderer.renderedRowCount == 100)
        _ = renderer.render(Fixtures.page(try Fixtures.snapshot(style: .plain, cells: cells)))
        #expect(renderer.renderedRowCount == 100, "an unchanged page renders no row")
        cells[0][42].text = "Item 42, renamed"
        let html = renderer.render(Fixtures.page(try Fixtures.snapshot(style: .plain, cells: cells)))
        #expect(renderer.renderedRowCount == 101, "one edited row, one render")
        #expect(html.contains("Item 42, renamed"))
    }

    @Test("rows reused in runs around edited ones make the page a fresh renderer makes, whatever their characters")
    func reusedRunsMatchAFreshRender() throws {
        let renderer = PageRenderer(templates: Fixtures.templates)
        let texts = ["Ünïcödé 日本", "🇸🇪 flag", "plain", "e\u{301}", "<b>&amp;</b>"]
        var cells = [(0..<40).map { Cell(key: "item-\($0)", text: texts[$0 % texts.count] + " \($0)") }]
        _ = renderer.render(Fixtures.page(try Fixtures.snapshot(style: .plain, cells: cells)))
        // Edits at the first row, the last, two neighbours, and texts growing, shrinking and
        // changing their width in bytes.
        for (round, rows) in [[0], [39], [17, 18], [5, 30], [0, 1, 2, 39]].enumerated() {
            for row in rows { cells[0][row].text = round.isMultiple(of: 2) ? "😀 \(round) longer text here" : "x" }
            let page = Fixtures.page(try Fixtures.snapshot(style: .plain, cells: cells))
            let before = renderer.renderedRowCount
            let kept = renderer.render(page)
            #expect(renderer.renderedRowCount - before == rows.count, "round \(round): only the edited rows are rendered")
            #expect(kept == PageRenderer(templates: Fixtures.templates).render(page), "round \(round)")
        }
        // A row added at the end (the rows before it stay where they were), then rows taken away
        // there: the rows equal to the ones in their places are copied over (the last row may
        // show otherwise than a row that is not last), and each live row is that row's own HTML.
        var previous = try Fixtures.snapshot(style: .plain, cells: cells).sections[0].rows
        cells[0].append(Cell(key: "item-new", text: "Nëw 🇸🇪"))
        for round in 0..<3 {
            if round > 0 { cells[0].removeLast(round * 3) }
            let page = Fixtures.page(try Fixtures.snapshot(style: .plain, cells: cells))
            let rows = page.snapshot.sections[0].rows
            let changed = rows.indices.filter { $0 >= previous.count || previous[$0] != rows[$0] }.count
            previous = rows
            let before = renderer.renderedRowCount
            let fresh = PageRenderer(templates: Fixtures.templates)
            #expect(renderer.render(page) == fresh.render(page), "after \(cells[0].count) rows")
            #expect(renderer.renderedRowCount - before == changed && changed <= 2, "only the rows not in their places before are rendered")
            let live = renderer.renderLive(page).sections[0], freshLive = fresh.renderLive(page).sections[0]
            #expect(live.map(\.html) == freshLive.map(\.html) && live.count == cells[0].count)
            #expect(live.allSatisfy { $0.html.hasPrefix("<li") && $0.html.contains($0.key) })
        }
    }

    @Test("a row is reused only under the same page state: forms, selection, links and position each render it anew")
    func rowReuseRespectsThePage() throws {
        let renderer = PageRenderer(templates: Fixtures.templates)
        let cells = [(0..<10).map { Cell(key: "item-\($0)", text: "Item \($0)") }]
        let snapshot = try Fixtures.snapshot(style: .plain, cells: cells)
        let editable = renderer.render(Fixtures.page(snapshot))
        let readOnly = renderer.render(Fixtures.page(snapshot, readOnly: true))
        #expect(renderer.renderedRowCount == 20)
        #expect(editable != readOnly && !readOnly.contains("token-123"))
        let selecting = renderer.render(Fixtures.page(snapshot, selection: .exclusive))
        #expect(renderer.renderedRowCount == 30 && selecting.contains("role=\"radio\""))
        var elsewhere = Fixtures.page(snapshot)
        elsewhere.links = OtherLinks()
        #expect(renderer.render(elsewhere).contains("/elsewhere/item-3/"))
        #expect(renderer.renderedRowCount == 40)
        var moved = cells
        moved[0].swapAt(0, 1)
        let swapped = renderer.render(Fixtures.page(try Fixtures.snapshot(style: .plain, cells: moved)))
        #expect(renderer.renderedRowCount == 42, "the two moved rows carry new index paths")
        #expect(swapped.range(of: "Item 1")!.lowerBound < swapped.range(of: "Item 0")!.lowerBound)
    }

    private struct OtherLinks: RowLinker {
        func selection(for row: TableRow) -> RowLink { .page("/elsewhere/\(row.cell.key)/") }
        func detailLink(for row: TableRow) -> String? { nil }
    }

    @Test("a section without a header or footer never borrows the table's header or footer")
    func noTitleLeaksFromTheTable() throws {
        let cells = [[Cell(key: "a", text: "A")], [Cell(key: "b", text: "B")]]
        var snapshot = try Fixtures.snapshot(style: .grouped, cells: cells)
        snapshot.sections[1].headerTitle = nil
        let root = try renderValid(Fixtures.page(snapshot), name: "titles")
        let second = try #require(root.first { $0.attributes["data-section"] == "1" })
        #expect(!second.normalizedText.contains("Table footer") && !second.normalizedText.contains("Table header"))
        #expect(second.all(named: "footer").isEmpty)
        #expect(second.first { $0.name == "h2" }?.attributes["class"] == "visually-hidden")
        #expect(root.normalizedText.components(separatedBy: "Table footer").count == 2, "the table footer shows once")
    }

    @Test("an empty table says so, and empty sections render no list and no header")
    func emptyTable() throws {
        let root = try renderValid(Fixtures.page(try Fixtures.snapshot(style: .plain, cells: [[], []])), name: "empty")
        #expect(root.first { $0.attributes["class"] == "table__empty" }?.normalizedText == "No Items")
        #expect(root.all(named: "ul").isEmpty)
    }
}
