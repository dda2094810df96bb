import Foundation
import Testing
import TableKit
import TableApp

/// An indexed list's own index titles in an app file: `index: { titles: [{ title, section, label }] }`.
@Suite("Index titles in app files")
struct IndexTitlesAppFileTests {
    static func yaml(index: String) -> String {
        "title: Test\nroot: list\nscenes:\n  list:\n    title: T\n    list: x\n    index: \(index)\n    cell: { text: a }\n"
    }

    @Test("titles name sections by their collation title, carry labels, and a title without a section leads where the one above does")
    func titlesMapToSections() throws {
        let app = try AppFileLoader.parse(Self.yaml(index: """
            { by: name, locale: da, titles: [{ title: A–M, section: A, label: A to M }, { title: "·" }, { title: N–Z, section: N }, { title: Å, section: Å, label: Å and Aa }] }
            """), file: "app.yaml")
        guard case let .list(binding) = try #require(app.scene("list")).content else { Issue.record("not a list"); return }
        let index = try #require(binding.index)
        let sections = index.collation.sectionTitles
        let mapping = try #require(index.titles)
        #expect(mapping.titles.map(\.title) == ["A–M", "·", "N–Z", "Å"])
        #expect(mapping.titles.map(\.accessibilityLabel) == ["A to M", nil, nil, "Å and Aa"])
        #expect(mapping.sections.map { sections[$0] } == ["A", "A", "N", "Å"])
        #expect(index.mapping == mapping)
    }

    @Test("without titles the index bar is the collation's, one title per section, with its labels")
    func defaultTitles() throws {
        let app = try AppFileLoader.parse(Self.yaml(index: "{ by: name, locale: el }"), file: "app.yaml")
        guard case let .list(binding) = try #require(app.scene("list")).content else { Issue.record("not a list"); return }
        let index = try #require(binding.index)
        #expect(index.titles == nil)
        #expect(index.mapping.titles.first?.title == "Α" && index.mapping.titles.last == SectionIndexTitle("#", accessibilityLabel: "Άλλα", accessibilityLanguage: "el"))
        #expect(index.mapping.sections == Array(0..<25))
    }

    @Test("a title naming no section, an unknown key and a title without text are reported at their place")
    func errors() {
        let problems = AppFileTests.problems(Self.yaml(index: "{ by: name, locale: da, titles: [{ title: Z, section: Ω }, { title: A, sektion: A }, { label: x }] }"))
        let danish = "A, B, C, D, E, F, G, H, I, J, K, L, M, N, O, P, Q, R, S, T, U, V, W, X, Y, Z, Æ, Ø, Å, #"
        #expect(problems.contains(#"app.yaml:7:66: index title "Z" names section "Ω", which the index does not have (its sections: \#(danish))"#),
                "\(problems)")
        #expect(problems.contains(#"app.yaml:7:83: unknown key "sektion" in an index title, did you mean "section"? (expected title, section or label)"#), "\(problems)")
        #expect(problems.contains { $0.hasPrefix("app.yaml:7:97: ") && $0.contains("the index title's text") }, "\(problems)")
        #expect(AppFileTests.problems(Self.yaml(index: "{ by: name, titles: A }")).contains("app.yaml:7:32: index titles must be a list"))
    }
}
