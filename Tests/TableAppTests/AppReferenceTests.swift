import Foundation
import TableApp
import Testing

/// The references between an app file's scenes: the root, pushes and batches, named where they
/// are written, and cycles of cells that nest pages without end.
@Suite("References between an app file's scenes")
struct AppReferenceTests {
    @Test("a missing root scene and an undefined batch are reported")
    func references() {
        let problems = AppFileTests.problems("title: T\nroot: home\nscenes:\n  list:\n    title: T\n    list: x\n    cell: { text: a }\n    batches: [nope]\n")
        #expect(problems.contains(#"app.yaml:2:7: root scene "home" is not defined (scenes: list)"#))
        #expect(problems.contains(#"app.yaml:8:15: batch "nope" is not defined under batches"#))
    }

    @Test("scenes that lead back to themselves through cells that are always there are warned of, once a cycle, where it closes")
    func endlessNesting() throws {
        let app = try AppFileLoader.parse("""
            title: T
            root: home
            scenes:
              home:
                title: Home
                sections:
                  - cells: [{ text: About, push: about }, { text: Me, push: home }]
              about:
                title: About
                sections:
                  - cells: [{ text: Home, push: home }, { text: List, push: list }]
              list:
                title: L
                list: x
                cell: { text: "{name}" }
                push: about
            """, file: "app.yaml")
        let why = "their pages nest without end, so a server answers 404 past 100 levels and an export stops there"
        #expect(app.warnings.map(\.description) == [
            "app.yaml:7:65: warning: scenes lead back to themselves through cells that are always there (home → home): \(why)",
            "app.yaml:11:37: warning: scenes lead back to themselves through cells that are always there (home → about → home): \(why)",
        ], "\(app.warnings)")
        // A cycle a list's row leads into, and one through a detail scene's extra cells, are cycles too.
        let deeper = try AppFileLoader.parse("""
            title: T
            root: list
            scenes:
              list: { title: L, list: x, cell: { text: "{name}" }, push: a }
              a: { title: A, sections: [{ cells: [{ text: B, push: b }] }] }
              b: { title: B, sections: [{ cells: [{ text: D, push: d }] }] }
              d:
                title: D
                style: grouped
                detail:
                  sections:
                    - fields: [{ attribute: name, label: Name, type: text }]
                      cells: [{ text: Back to A, push: a }]
            """, file: "app.yaml")
        #expect(deeper.warnings.map(\.description) == [
            "app.yaml:13:44: warning: scenes lead back to themselves through cells that are always there (a → b → d → a): \(why)",
        ], "\(deeper.warnings)")
        // A cell that cannot be selected, or any in a scene whose rows cannot, leads nowhere.
        for (cellSelects, sceneSelects) in [(false, true), (true, false)] {
            let quiet = try AppFileLoader.parse("title: T\nroot: home\nscenes:\n  home:\n    title: Home\n    allowsSelection: \(sceneSelects)\n"
                                                + "    sections:\n      - cells: [{ text: Me, push: home, selectable: \(cellSelects) }]\n", file: "app.yaml")
            #expect(quiet.warnings.isEmpty, "\(quiet.warnings)")
        }
        // A list's rows lead on as deep as the data does: no warning for a list that pushes back.
        let list = try AppFileLoader.parse("title: T\nroot: list\nscenes:\n  list:\n    title: L\n    list: x\n    cell: { text: a }\n    push: list\n",
                                           file: "app.yaml")
        #expect(list.warnings.isEmpty)
    }

    @Test("a scene with problems of its own is still defined: the root and pushes naming it get no second, untrue problem")
    func referencesToAnInvalidScene() {
        let problems = AppFileTests.problems("title: T\nroot: home\nscenes:\n  home:\n    title: Home\n    style: plane\n"
                                     + "  other:\n    title: O\n    sections:\n      - cells: [{ text: a, push: home }]\n")
        #expect(problems == [#"app.yaml:5:5: scene "home" needs sections, a list or a detail"#,
                             #"app.yaml:6:12: unknown table style "plane", did you mean "plain"? (expected plain or grouped)"#], "\(problems)")
    }
}
