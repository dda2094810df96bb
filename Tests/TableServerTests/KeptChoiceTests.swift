import Foundation
import Testing
import TableRender
import TableStore

/// A choice field whose stored value is none of its choices (imported, or no longer listed by the
/// app file): its edit form offers that value, selected, so saving another field keeps it.
@Suite("Choice fields keep a value that is not among their choices")
struct KeptChoiceTests {
    static let trails = ListID.root("regions").child(of: "north-cascades", relationship: "trails")

    /// The options of the form's Difficulty menu: (value, whether selected).
    static func difficultyOptions(_ page: Browser.Page) -> [(String, Bool)] {
        let menu = page.root?.first { $0.name == "select" && $0.attributes["name"] == "difficulty" }
        return menu?.all(named: "option").map { ($0.attributes["value"] ?? "", $0.attributes["selected"] != nil) } ?? []
    }

    @Test("an unlisted or missing difficulty is offered first, selected, and saving the length keeps it", arguments: [
        (AttributeValue?.some(.string("Scramble")), "Scramble", "Scramble"), (nil, "", "None"),
    ])
    func keptValue(stored: AttributeValue?, value: String, title: String) async throws {
        try await ManyEditorsTests.withTwoEditors { demo, alice, _ in
            // A trail with the value, or one imported without any.
            let change: ListChange = if let stored { .update(key: "cascade-pass", attributes: ["difficulty": stored]) } else {
                .replaceAll([StoredItem(key: "cascade-pass", attributes: ["name": .string("Cascade Pass"), "length": .number(7.4)])])
            }
            try await demo.store.apply([change], to: Self.trails, basedOn: nil)
            let form = try await alice.get("/trails/north-cascades/cascade-pass/?editing=1")
            let options = Self.difficultyOptions(form)
            #expect(options.map(\.0) == [value, "Easy", "Moderate", "Hard"])
            #expect(options.map(\.1) == [true, false, false, false])
            #expect(form.root?.first { $0.name == "option" && $0.attributes["value"] == value }?.normalizedText == title)

            // As a browser posts the form: every field with what it shows (a menu its selected
            // option, or its first), the length changed.
            let shown = options.first { $0.1 }?.0 ?? options.first?.0 ?? ""
            let fields = ManyEditorsTests.fields(of: form) + [("difficulty", shown)]
            let saved = try await alice.post("/trails/north-cascades/cascade-pass/_/save",
                                             ManyEditorsTests.replacing(fields, "length", with: "8"), follow: false)
            #expect(saved.status == 303)
            let trail = try await demo.store.item("cascade-pass", in: Self.trails)
            #expect(trail?["length"] == .number(8))
            #expect(trail?["difficulty"] == stored, "the difficulty is as it was")
        }
    }

    @Test("a listed difficulty is offered among the choices alone; the Add form offers no value of its own")
    func listedValue() async throws {
        try await ManyEditorsTests.withTwoEditors { _, alice, _ in
            let form = try await alice.get("/trails/north-cascades/cascade-pass/?editing=1")
            #expect(Self.difficultyOptions(form).map(\.0) == ["Easy", "Moderate", "Hard"])
            #expect(Self.difficultyOptions(form).first { $0.1 }?.0 == "Moderate")
            let add = try await alice.get("/packing/?add=1")
            let bags = add.root?.first { $0.name == "select" && $0.attributes["name"] == "bag" }?.all(named: "option").map { $0.attributes["value"] ?? "" }
            #expect(bags == ["Carry-on", "Checked", "Daypack"])
        }
    }
}
