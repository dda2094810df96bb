import Foundation
import Testing
import TableKit
import TableApp
import TableStore

@Suite("App definition files")
struct AppFileTests {
    static func problems(_ yaml: String) -> [String] {
        do {
            _ = try AppFileLoader.parse(yaml, file: "app.yaml")
            return []
        } catch {
            return "\(error)".split(separator: "\n").map(String.init)
        }
    }

    static let minimal = """
        title: Test
        root: list
        scenes:
          list:
            title: Things
            list: things
            cell: { text: "{name}" }

        """

    @Test("a minimal app loads with UIKit's defaults")
    func minimal() throws {
        let app = try AppFileLoader.parse(Self.minimal, file: "app.yaml")
        #expect(app.title == "Test" && app.language == "en" && app.rootScene == "list")
        let scene = try #require(app.scene("list"))
        #expect(scene.style == .plain && scene.editing == nil && scene.moves == nil)
        guard case let .list(binding) = scene.content else { Issue.record("not a list"); return }
        #expect(binding.relationship == "things" && binding.cell.style == .default && binding.cell.text.attributes == ["name"])
    }

    @Test("text that YAML could take for a flag, a number, a date or nothing is read as written",
          arguments: ["yes", "No", "~", "null", "0x1F", "1e3", "2024-01-01", ".inf", "<<", "="])
    func scalarsAsWritten(text: String) throws {
        let app = try AppFileLoader.parse(Self.minimal.replacingOccurrences(of: "title: Test", with: "title: \(text)"), file: "app.yaml")
        #expect(app.title == text)
        let flag = Self.minimal.replacingOccurrences(of: "    list: things\n", with: "    list: things\n    alternateRows: \(text)\n")
        #expect(Self.problems(flag).isEmpty == (text == "yes"), "flags are true, false, yes, no, on or off, in lower case")
    }

    @Test("every field of a scene is read", arguments: [0])
    func everyField(_: Int) throws {
        let yaml = """
            title: Full
            language: sv
            root: list
            scenes:
              list:
                title: "{name} list"
                style: plain
                header: Head
                footer: Foot
                list: things
                cell: { style: subtitle, text: "{name}", detail: "{size} cm", image: "icons/{icon}.svg", accessory: detail-disclosure-button, indentation: 2, selectable: false, selectionStyle: none }
                sectionBy: kind
                sectionOrder: [big, small]
                push: leaf
                info: leaf
                placeholder: Add Item
                editing: { rows: delete, lastRow: insert, swipe: false, deleteTitle: "Remove {name}", indent: false }
                allowsSelection: false
                allowsSelectionDuringEditing: true
                moves: { fixedFirstRows: 1, reservedLastRows: 1, keepInSection: true }
                add: { title: New Thing, fields: [{ attribute: name, label: Name, type: text, required: true, maxLength: 10, default: Thing }] }
                batches: [reset]
                alternateRows: true
                empty: Nothing here.
              leaf:
                title: Leaf
                style: grouped
                detail:
                  editable: true
                  sections:
                    - header: Facts
                      fields:
                        - { attribute: size, label: Size, type: number, min: 0, max: 10, unit: cm }
                        - { attribute: kind, type: choice, choices: [big, small] }
                        - { attribute: shiny, type: switch }
                        - { attribute: level, type: slider, min: 0, max: 1 }
                      cells:
                        - { text: Map, indentation: 1 }
            batches:
              reset: { title: Reset, restore: [{ name: One }] }
              apply: { title: Apply, delete: [0], insert: [{ at: "1", name: X }] }
            """
        let app = try AppFileLoader.parse(yaml, file: "app.yaml")
        #expect(app.language == "sv" && app.batches.count == 2)
        let scene = try #require(app.scene("list"))
        #expect(scene.title.render(["name": .string("My")]) == "My list")
        #expect(scene.headerTitle?.description == "Head" && scene.footerTitle?.description == "Foot")
        #expect(scene.editing?.rule == EditingRule(rowStyle: .delete, lastRowStyle: .insert, allowsSwipeToDelete: false))
        #expect(scene.editing?.deleteTitle?.render(["name": .string("Milk")]) == "Remove Milk" && scene.editing?.indentsWhileEditing == false)
        #expect(!scene.allowsSelection && scene.allowsSelectionDuringEditing)
        #expect(scene.moves == MoveRule(fixedLeadingRows: 1, reservedTrailingRows: 1, keepsRowsInSection: true))
        #expect(scene.add?.title == "New Thing" && scene.add?.fields.first?.defaultValue == "Thing")
        #expect(scene.alternatesRows && scene.emptyMessage == "Nothing here." && scene.batchActions == ["reset"])
        guard case let .list(binding) = scene.content else { Issue.record("not a list"); return }
        #expect(binding.cell.style == .subtitle && binding.cell.accessory == .detailDisclosureButton)
        #expect(binding.cell.indentationLevel == 2 && binding.cell.selectionStyle == SelectionStyle.none && !binding.cell.isSelectable)
        #expect(binding.push == "leaf" && binding.detail == "leaf" && binding.placeholder == "Add Item")
        guard case let .detail(detail) = try #require(app.scene("leaf")).content else { Issue.record("not a detail"); return }
        #expect(detail.isEditable && detail.sections[0].fields.map(\.kind) == [.number, .choice, .toggle, .slider])
        #expect(detail.sections[0].fields[1].label == "Kind")
    }

    @Test("errors are precise: file, line, column and what was expected", arguments: [
        ("  list:\n    title: T\n    list: x\n    cell: { text: a, style: value3 }\n",
         #"app.yaml:7:29: unknown cell style "value3" (expected default, subtitle, value1 or value2)"#),
        ("  list:\n    title: T\n    style: round\n    list: x\n    cell: { text: a }\n",
         #"app.yaml:6:12: unknown table style "round" (expected plain or grouped)"#),
        ("  list:\n    title: T\n    list: x\n    cell: { text: a, style: value1, image: i.png }\n",
         "app.yaml:7:44: the value1 cell style has no place for an image (only default and subtitle do)"),
        ("  list:\n    title: T\n    list: x\n    colour: red\n    cell: { text: a }\n",
         #"app.yaml:7:5: unknown key "colour" in scene "list" (expected title, style, header, footer, sections, item, list, cell, sectionBy, sectionOrder, nested, index, push, info, selection, placeholder, editing, moves, add, batches, batchEditing, alternateRows, empty, detail, allowsSelection, allowsSelectionDuringEditing, rows, sectionFooters, headerStyle, prototypes, sectionHeaderView, sectionFooterView or allowsMultipleSelection)"#),
        // A name one or two letters away from one that exists is offered.
        ("  list:\n    title: T\n    list: x\n    cell: { text: a, style: subtitel }\n",
         #"app.yaml:7:29: unknown cell style "subtitel", did you mean "subtitle"? (expected default, subtitle, value1 or value2)"#),
        ("  list:\n    tilte: T\n    list: x\n    cell: { text: a }\n",
         #"app.yaml:5:5: unknown key "tilte" in scene "list", did you mean "title"? (expected title, style, header, footer, sections, item, list, cell, sectionBy, sectionOrder, nested, index, push, info, selection, placeholder, editing, moves, add, batches, batchEditing, alternateRows, empty, detail, allowsSelection, allowsSelectionDuringEditing, rows, sectionFooters, headerStyle, prototypes, sectionHeaderView, sectionFooterView or allowsMultipleSelection)"#),
        ("  list:\n    title: T\n    list: x\n    cell: { text: a }\n    push: LIST\n",
         #"app.yaml:8:11: scene "LIST" is not defined, did you mean "list"?"#),
        ("  list:\n    title: T\n    list: x\n    cell: { text: a }\n    push: nowhere\n",
         #"app.yaml:8:11: scene "nowhere" is not defined"#),
        ("  list:\n    title: T\n    style: grouped\n    list: x\n    index: { by: name }\n    cell: { text: a }\n",
         "app.yaml:8:12: a grouped table cannot have a section index; use the plain style for an indexed list"),
        ("  list:\n    title: T\n    list: x\n    index: { by: name, locale: tlh }\n    cell: { text: a }\n",
         #"app.yaml:7:32: no index alphabet for locale "tlh" (known languages: ar, da, de, el, en, es, fi, fr, he, it, ja, ko, nb, nl, no, pl, pt, ru, sv, uk, zh)"#),
        ("  list:\n    title: T\n    list: x\n    cell: { text: \"{name\" }\n",
         #"app.yaml:7:19: a { is never closed at character 1 of "{name""#),
        ("  list:\n    title: T\n    list: x\n    cell: { text: a }\n    editing: { rows: erase }\n",
         #"app.yaml:8:22: unknown editing style "erase" (expected none, delete or insert)"#),
        ("  list:\n    title: T\n    list: x\n    cell: { text: a }\n    moves: { fixedFirstRows: -1 }\n",
         #"app.yaml:8:30: fixedFirstRows must be a whole number from 0 to 100, not "-1""#),
        ("  list:\n    title: T\n    list: x\n    cell: { text: a }\n    selection: { mode: both }\n",
         #"app.yaml:8:24: unknown selection mode "both" (expected exclusive or inclusive)"#),
        ("  list:\n    title: T\n    list: x\n    cell: { text: a }\n    add: { fields: [{ attribute: n, type: colour }] }\n",
         #"app.yaml:8:43: unknown field type "colour" (expected text, number, switch, slider or choice)"#),
        ("  list:\n    title: T\n    cell: { text: a }\n",
         #"app.yaml:5:5: scene "list" needs sections, a list or a detail"#),
        ("  list:\n    list: x\n    cell: { text: a }\n",
         #"app.yaml:5:5: the title of scene "list" is missing"#),
        ("  list:\n    title: T\n    list: x\n    cell: { text: a\n",
         "app.yaml:8:1: YAML: did not find expected ',' or '}'"),
        ("  list:\n    title: T\n    sections:\n      - cells: [{ text: A }]\n      - cells: [{ text: a }]\n",
         #"app.yaml:7:7: two cells of this scene have the key "a"; give one a key of its own (key: …)"#),
        ("  list:\n    title: T\n    list: a=b\n    cell: { text: a }\n",
         #"app.yaml:6:11: the list name "a=b" holds '=', which a list's name cannot: every page's forms name their lists' revisions as "groceries=3;north.trails=7"; use letters, digits, spaces, '-' or '_'"#),
        ("  list:\n    title: T\n    list: a/b\n    cell: { text: a }\n",
         #"app.yaml:6:11: the list name "a/b" holds '/', which a list's name cannot: an item is known by the path of lists and keys that leads to it, joined by '/', so that two lists could share their items' lists; use letters, digits, spaces, '-' or '_'"#),
        ("  list:\n    title: T\n    sections:\n      - cells: [{ text: A, key: index.html }]\n",
         #"app.yaml:7:33: a cell's key cannot be "index.html": an export writes a file of that name beside the cells' pages"#),
        ("  list:\n    title: T\n    list: x\n    title: U\n    cell: { text: a }\n",
         #"app.yaml:7:5: YAML: "title" is a key twice in one mapping (first on line 5); each key may appear once"#),
        ("  list:\n    title: T\n    list: x\n    rows:\n      - { key: a }\n    cell:\n      text: a\n      # a comment\n\n      \"text\": b\n",
         #"app.yaml:13:7: YAML: "text" is a key twice in one mapping (first on line 10); each key may appear once"#),
        // In a flow mapping the repeat is not looked for: the first is named.
        ("  list:\n    title: T\n    list: x\n    cell: { text: a, text: b }\n",
         #"app.yaml:7:13: YAML: "text" is a key twice in one mapping; each key may appear once"#),
        // Errors libyaml finds while reading or composing carry their place too, not 1:1.
        ("  list:\n    title: *nope\n    list: x\n    cell: { text: a }\n",
         "app.yaml:5:12: YAML: found undefined alias"),
        ("  list:\n    title: T\n    list: x\n    cell: { text: a }\n---\ntitle: U\n",
         "app.yaml:8:1: YAML: expected a single document in the stream but found another document"),
        ("  list:\n    title: A\u{0}B\n    list: x\n    cell: { text: a }\n",
         "app.yaml:5:13: YAML: control characters are not allowed"),
    ])
    func errors(scene: String, message: String) {
        let yaml = "title: Test\nroot: list\nscenes:\n" + scene
        let problems = Self.problems(yaml)
        #expect(problems.contains(message), "\(problems)")
    }

    @Test("a file saved with Windows line ends (CRLF) is placed by its lines as well: a NUL, a repeated key")
    func windowsLineEnds() {
        let crlf = { (scene: String) in Self.problems(("title: Test\nroot: list\nscenes:\n" + scene).replacingOccurrences(of: "\n", with: "\r\n")) }
        #expect(crlf("  list:\n    title: A\u{0}B\n    list: x\n    cell: { text: a }\n") == ["app.yaml:5:13: YAML: control characters are not allowed"])
        #expect(crlf("  list:\n    title: T\n    list: x\n    title: U\n    cell: { text: a }\n")
                    == [#"app.yaml:7:5: YAML: "title" is a key twice in one mapping (first on line 5); each key may appear once"#])
    }

    @Test("text a page cannot show, and bytes that are not UTF-8, are refused at their place, not replaced without a word")
    func textPagesCannotShow() throws {
        let problems = Self.problems("title: T\nroot: list\nscenes:\n  list:\n    title: \"Exa\\u0001mples\"\n    list: x\n    cell: { text: a }\n")
        #expect(problems.contains { $0.hasPrefix("app.yaml:5:12: ") && $0.hasSuffix("holds the character U+0001, which a page cannot show; remove it") },
                "\(problems)")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("latin1-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(Array("title: T\nroot: list\nscenes:\n  list:\n    title: Ex".utf8) + [0xE4] + Array("mples\n".utf8)).write(to: file)
        let error = #expect(throws: AppError.self) { try AppFileLoader.load(path: file.path) }
        #expect(error?.description.contains("\(file.path):5:14: the file is not valid UTF-8 here; save it as UTF-8") == true, "\(String(describing: error))")
    }

    @Test("a text that leaves a direction override or isolate open has it ended where it ends, as form fields and imports do")
    func openDirectionsClosed() throws {
        let app = try AppFileLoader.parse(Self.minimal.replacingOccurrences(of: "title: Test", with: "title: \"\u{202E}Test \u{2067}x\""), file: "app.yaml")
        #expect(app.title == "\u{202E}Test \u{2067}x\u{2069}\u{202C}")
        let balanced = try AppFileLoader.parse(Self.minimal.replacingOccurrences(of: "title: Test", with: "title: \"\u{202E}Test\u{202C} x\""), file: "app.yaml")
        #expect(balanced.title == "\u{202E}Test\u{202C} x")
    }

    @Test("a file that begins with a byte order mark, as some editors save UTF-8, loads; its problems keep their columns")
    func byteOrderMark() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bom-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: file) }
        let app = "title: T\nroot: list\nscenes:\n  list:\n    title: Examples\n    sections:\n      - cells: [{ text: A }]\n"
        try Data([0xEF, 0xBB, 0xBF] + Array(app.utf8)).write(to: file)
        #expect(try AppFileLoader.load(path: file.path).title == "T")
        try Data([0xEF, 0xBB, 0xBF] + Array("title: T\nroot: nowhere\nscenes:\n  list:\n    title: E\n    sections: []\n".utf8)).write(to: file)
        let error = #expect(throws: AppError.self) { try AppFileLoader.load(path: file.path) }
        #expect(error?.description.contains("\(file.path):2:7:") == true, "\(String(describing: error))")
    }

    @Test("a problem in a node read twice, through an alias, is reported once")
    func problemsOnce() {
        let problems = Self.problems("title: T\nroot: list\nscenes:\n  list:\n    title: T\n    sections:\n      - cells: [&c { text: a, psuh: x }, *c, *c]\n")
        #expect(problems.filter { $0.contains(#"unknown key "psuh""#) }.count == 1, "\(problems)")
    }

    @Test("a field named as a form's own control (its token, revision, editing mode, row or a started-from value) is refused where it is written",
          arguments: ["csrf", "revision", "editing", "key", "original-name"])
    func fieldNamedAsAControl(attribute: String) {
        let problems = Self.problems("title: Test\nroot: list\nscenes:\n  list:\n    title: T\n    list: x\n    cell: { text: a }\n"
                                     + "    add:\n      fields:\n        - { attribute: \(attribute), type: text }\n")
        #expect(problems == ["app.yaml:10:24: attribute \"\(attribute)\" is a name the forms post for themselves (csrf, editing, key, revision and original-…), "
                             + "so what is typed in it could not be told from theirs; give the attribute another name"], "\(problems)")
        #expect(Self.problems("title: Test\nroot: list\nscenes:\n  list:\n    title: T\n    list: x\n    cell: { text: a }\n"
                              + "    add:\n      fields:\n        - { attribute: keys, type: text }\n").isEmpty, "a name that only begins as one is free")
    }

    @Test("a form that has two fields of one attribute, in one list or across a detail's sections, is refused at the second")
    func fieldListedTwice() {
        let add = Self.problems("title: Test\nroot: list\nscenes:\n  list:\n    title: T\n    list: x\n    cell: { text: a }\n"
                                + "    add:\n      fields:\n        - { attribute: name }\n        - { attribute: name, label: Again }\n")
        let message = "attribute \"name\" has a field already in this form: both would post under that name, so the form could not be sent"
        #expect(add == ["app.yaml:11:11: " + message], "\(add)")
        let detail = Self.problems("title: Test\nroot: item\nscenes:\n  item:\n    title: T\n    style: grouped\n    detail:\n      editable: true\n"
                                   + "      sections:\n        - fields: [{ attribute: name }]\n        - fields: [{ attribute: name }]\n")
        #expect(detail == ["app.yaml:11:20: " + message], "\(detail)")
    }

    @Test("rules that could never be met, and lists that name one thing twice, are refused where they are written")
    func contradictions() {
        let add = "  list:\n    title: T\n    list: x\n    cell: { text: a }\n    add:\n      fields:\n"
        let cases: [(String, String)] = [
            (add + "        - { attribute: n, type: number, min: 300, max: 200 }\n",
             "app.yaml:10:46: min 300 is more than max 200: no number could be saved"),
            (add + "        - { attribute: n, type: number, min: 1, max: 99, default: \"500\" }\n",
             #"app.yaml:10:67: the default "500" is one the field refuses: N must be at most 99."#),
            (add + "        - { attribute: name, maxLength: 3, default: New Item }\n",
             #"app.yaml:10:53: the default "New Item" is one the field refuses: Name is longer than 3 characters."#),
            (add + "        - { attribute: level, type: choice, choices: [Easy, Easy, Hard], default: Medium }\n",
             #"app.yaml:10:61: choice "Easy" is listed twice"#),
            (add + "        - { attribute: level, type: choice, choices: [Easy, \"Easy \", Hard] }\n",
             #"app.yaml:10:61: choice "Easy " begins or ends with white space, which a form's input never does, so it could never be chosen"#),
            (add + "        - { attribute: level, type: choice, choices: [Easy, \"Hard\\t\"] }\n",
             #"app.yaml:10:61: choice "Hard\t" begins or ends with white space, which a form's input never does, so it could never be chosen"#),
            (add + "        - { attribute: level, type: choice, choices: [Easy, Hard], default: Medium }\n",
             #"app.yaml:10:77: the default "Medium" is one the field refuses: Level must be one of Easy, Hard."#),
            ("  list:\n    title: T\n    list: x\n    cell: { text: a }\n    sectionBy: region\n    sectionOrder: [North, South, North]\n",
             #"app.yaml:9:34: section "North" is listed twice"#),
            ("  list:\n    title: T\n    list: x\n    cell: { text: a }\n    index:\n      by: name\n      titles: [{ title: A, section: A }, { title: A, section: B }]\n",
             #"app.yaml:10:42: index title "A" is listed twice, each naming a section"#),
        ]
        for (scene, message) in cases {
            let problems = Self.problems("title: Test\nroot: list\nscenes:\n" + scene)
            #expect(problems.contains(message), "\(problems)")
        }
        let batches = Self.problems("""
            title: Test
            language: klingon
            root: list
            scenes:
              list:
                title: T
                list: x
                cell: { text: a }
                batches: [tidy, tidy]
            batches:
              tidy: { title: Tidy, delete: [0] }
            """)
        #expect(batches.contains(#"app.yaml:2:11: language "klingon" does not start with a language's code (ISO 639, such as en, de or pt-BR)"#), "\(batches)")
        #expect(batches.contains(#"app.yaml:9:21: batch "tidy" is listed twice"#), "\(batches)")
        let withdrawn = Self.problems(Self.minimal.replacingOccurrences(of: "title: Test", with: "title: Test\nlanguage: iw-IL"))
        let alone = Self.problems(Self.minimal.replacingOccurrences(of: "title: Test", with: "title: Test\nlanguage: in"))
        #expect(alone == [#"app.yaml:2:11: language "in" is the withdrawn code for Indonesian; write "id" instead"#], "\(alone)")
        #expect(withdrawn == [#"app.yaml:2:11: language "iw-IL" starts with "iw", the withdrawn code for Hebrew; write "he-IL" instead"#], "\(withdrawn)")
        for empty in ["\"\"", "\" \"", "_DE"] {
            let problems = Self.problems(Self.minimal.replacingOccurrences(of: "title: Test", with: "title: Test\nlanguage: \(empty)"))
            #expect(problems.count == 1 && problems[0].hasPrefix("app.yaml:2:11: language ") && problems[0].hasSuffix("does not start with a language's code (ISO 639, such as en, de or pt-BR)"),
                    "\(empty): \(problems)")
        }
        // What these checks must let through: Norwegian, a region, repeated index titles that
        // name no section, a default within range, a choice default among the choices.
        #expect(Self.problems(Self.minimal.replacingOccurrences(of: "title: Test", with: "title: Test\nlanguage: pt-BR")) == [])
        #expect(Self.problems(Self.minimal.replacingOccurrences(of: "title: Test", with: "title: Test\nlanguage: \"no\"")) == [])
        #expect(Self.problems(Self.minimal.replacingOccurrences(of: "title: Test", with: "title: Test\nlanguage: tl-PH")) == [], "Tagalog")
        #expect(Self.problems(Self.minimal + "    index:\n      by: name\n      titles: [{ title: A, section: A }, { title: \"•\" }, " +
                              "{ title: B, section: B }, { title: \"•\" }]\n") == [], "a dot between letters, twice")
        #expect(Self.problems(Self.minimal + "    add: { fields: [{ attribute: n, type: number, min: 1, max: 9, default: \"9\" }, " +
                              "{ attribute: c, type: choice, choices: [A, B], default: B }, { attribute: s, type: slider, min: 2, max: 2 }, " +
                              "{ attribute: t, type: switch, default: \"ON\" }] }\n") == [])
    }

    @Test("rows: per-row values read as constants, attributes or index paths; a bad index path or value is named")
    func rowRules() throws {
        let yaml = """
            title: T
            root: list
            scenes:
              list:
                title: T
                list: x
                cell: { text: a }
                rows:
                  indentation: { default: 1, at: { "1.0": 2 } }
                  editingStyle: { attribute: control, default: none }
                  canSelect: false
            """
        let rules = try #require(try AppFileLoader.parse(yaml, file: "app.yaml").scene("list")).rowRules
        #expect(rules.indentation == .indexPaths([IndexPath(1, 0): 2], fallback: 1))
        #expect(rules.editingStyle == .attribute("control", fallback: EditingStyle.none))
        #expect(rules.canSelect == .constant(false) && rules.canMove == nil)
        let problems = Self.problems(yaml.replacingOccurrences(of: "\"1.0\": 2", with: "first: 2, \"0.1\": 12"))
        #expect(problems.contains(#"app.yaml:9:40: "first" is not an index path (section.row, as "1.0")"#), "\(problems)")
        #expect(problems.contains(#"app.yaml:9:57: indentation must be a whole number from 0 to 10, not "12""#), "\(problems)")
    }

    @Test("a list prototype's switch and editing accessory; a row cannot hold a switch and another accessory")
    func listAccessories() throws {
        let yaml = """
            title: T
            root: list
            scenes:
              list:
                title: T
                list: x
                cell: { text: a, switch: enabled, editingAccessory: disclosure-indicator }
            """
        guard case let .list(binding) = try #require(try AppFileLoader.parse(yaml, file: "app.yaml").scene("list")).content else {
            Issue.record("not a list")
            return
        }
        #expect(binding.cell.toggleAttribute == "enabled" && binding.cell.editingAccessory == .disclosureIndicator)
        let problems = Self.problems(yaml.replacingOccurrences(of: "editingAccessory", with: "accessory"))
        #expect(problems.contains(#"app.yaml:7:30: a row has one accessory: a switch or disclosure-indicator, not both"#), "\(problems)")
    }
}

