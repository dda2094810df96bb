import Testing
import TableKit
import Foundation

@Suite("Indexed collation")
struct IndexedCollationTests {
    static let states = [
        "Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
        "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky",
        "Louisiana", "Maine", "Maryland", "Massachusetts", "Michigan", "Minnesota", "Mississippi",
        "Missouri", "Montana", "Nebraska", "Nevada", "New Hampshire", "New Jersey", "New Mexico",
        "New York", "North Carolina", "North Dakota", "Ohio", "Oklahoma", "Oregon", "Pennsylvania",
        "Rhode Island", "South Carolina", "South Dakota", "Tennessee", "Texas", "Utah", "Vermont",
        "Virginia", "Washington", "West Virginia", "Wisconsin", "Wyoming",
    ]

    static func titles(_ collation: IndexedCollation, _ names: [String]) -> [String] {
        names.map { collation.sectionTitles[collation.section(for: $0)] }
    }

    @Test("English: A to Z, then # for everything else")
    func englishTitles() throws {
        let collation = try IndexedCollation(localeIdentifier: "en_US")
        #expect(collation.sectionTitles == "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init) + ["#"])
        #expect(collation.sectionIndexTitles == collation.sectionTitles)
        #expect(Self.titles(collation, ["apple", "Zebra", "zebra", "Éclair", "Ωmega", "42nd Street", "", "  tea", "_x"])
                == ["A", "Z", "Z", "E", "#", "#", "#", "T", "#"])
    }

    @Test("the 50 states collate A to Z; letters without states get no header (Listing 4-8)")
    func statesIndexedList() throws {
        let collation = try IndexedCollation(localeIdentifier: "en_US")
        let sections = collation.collate(Self.states.reversed()) { $0 }
        #expect(sections.count == 27)
        #expect(sections.flatMap { $0 } == Self.states, "sections in order, each sorted")
        let headers = sections.enumerated().compactMap { collation.titleForHeader(inSection: $0.offset, rowCount: $0.element.count) }
        #expect(headers == ["A", "C", "D", "F", "G", "H", "I", "K", "L", "M", "N", "O", "P", "R", "S", "T", "U", "V", "W"])
        #expect(collation.titleForHeader(inSection: 1, rowCount: 0) == nil, "B has no state")
        #expect(sections[collation.sectionTitles.firstIndex(of: "N")!].count == 8)
        #expect(collation.section(forSectionIndexTitleAt: 13) == 13)
        #expect(collation.section(forSectionIndexTitleAt: 27) == nil)
    }

    @Test("Swedish: Å, Ä and Ö are letters of their own after Z")
    func swedish() throws {
        let collation = try IndexedCollation(localeIdentifier: "sv_SE")
        #expect(collation.sectionTitles.suffix(4) == ["Å", "Ä", "Ö", "#"])
        #expect(Self.titles(collation, ["Åre", "Älmhult", "Örebro", "Zinkgruvan", "Uppsala", "ödeshög"]) == ["Å", "Ä", "Ö", "Z", "U", "Ö"])
        #expect(collation.sorted(["Örebro", "Zinkgruvan", "Åre", "Älmhult", "Arboga"]) { $0 }
                == ["Arboga", "Zinkgruvan", "Åre", "Älmhult", "Örebro"])
    }

    @Test("German: Ä sorts with A, Ö with O and Ü with U")
    func german() throws {
        let collation = try IndexedCollation(localeIdentifier: "de_DE")
        #expect(collation.sectionTitles.count == 27)
        #expect(Self.titles(collation, ["Ärger", "Öl", "Übung", "Zug"]) == ["A", "O", "U", "Z"])
        #expect(collation.sorted(["Zug", "Apfel", "Ärger", "Bahn"]) { $0 } == ["Apfel", "Ärger", "Bahn", "Zug"])
    }

    @Test("Spanish keeps Ñ between N and O; Danish ends with Æ, Ø, Å")
    func spanishAndDanish() throws {
        let spanish = try IndexedCollation(localeIdentifier: "es")
        #expect(Self.titles(spanish, ["Ñandú", "Nube", "Oso"]) == ["Ñ", "N", "O"])
        let danish = try IndexedCollation(localeIdentifier: "da_DK")
        #expect(Self.titles(danish, ["Ærø", "Øresund", "Ålborg", "Zealand"]) == ["Æ", "Ø", "Å", "Z"])
    }

    @Test("items with equal collation strings keep their order")
    func stableSort() throws {
        let collation = try IndexedCollation(localeIdentifier: "en")
        let items = [("Smith", 1), ("Adams", 2), ("Smith", 3)]
        #expect(collation.sorted(items) { $0.0 }.map(\.1) == [2, 1, 3])
    }

    @Test("sorting orders case after letters and accents, lowercase first, and numbers as text, like UIKit's localized compare")
    func sortOrder() throws {
        let collation = try IndexedCollation(localeIdentifier: "en_US")
        let names = ["résumé", "Resume", "resume", "Item 10", "Item 2", "apple", "Äpfel", "Zebra", "zebra"]
        #expect(collation.sorted(names) { $0 } == ["Äpfel", "apple", "Item 10", "Item 2", "resume", "Resume", "résumé", "zebra", "Zebra"])
    }

    @Test("long strings sort by their whole text, however long their sort keys grow")
    func longStrings() throws {
        let collation = try IndexedCollation(localeIdentifier: "en")
        let stem = String(repeating: "日本語テキスト", count: 400)
        #expect(collation.sorted([stem + "b", stem + "a", stem]) { $0 } == [stem, stem + "a", stem + "b"])
    }

    @Test("letters that expand to many sort weights, empty text and emoji sort as their whole text")
    func expandingText() throws {
        let collation = try IndexedCollation(localeIdentifier: "en")
        // U+FDFA expands to eighteen letters: its key outgrows the room first given for it.
        let expanding = String(repeating: "\u{FDFA}", count: 40)
        #expect(collation.sorted([expanding + "b", "", expanding + "a", expanding, "😀b", "😀a"]) { $0 }
                == ["", "😀a", "😀b", expanding, expanding + "a", expanding + "b"])
    }

    @Test("a locale without a known index alphabet is refused, listing the known ones")
    func unsupportedLocale() {
        #expect(throws: TableKitError.unsupportedCollationLocale("tlh", supported: IndexedCollation.supportedLanguages)) {
            try IndexedCollation(localeIdentifier: "tlh")
        }
        #expect(IndexedCollation.supportedLanguages.contains("sv") && IndexedCollation.supportedLanguages.contains("ja"))
    }

    @Test("a collated data source builds an indexed snapshot whose empty sections have no header")
    func collatedSnapshot() throws {
        struct States: TableDataSource {
            let collation: IndexedCollation
            let sections: [[String]]
            func numberOfSections() -> Int { sections.count }
            func numberOfRows(inSection section: Int) -> Int { sections[section].count }
            func cell(at indexPath: IndexPath) -> Cell {
                let name = sections[indexPath.section][indexPath.row]
                return Cell(key: name, text: name)
            }
            func titleForHeader(inSection section: Int) -> String? {
                collation.titleForHeader(inSection: section, rowCount: sections[section].count)
            }
            func sectionIndexTitles() -> [SectionIndexTitle]? { collation.sectionIndexTitles.map { SectionIndexTitle($0) } }
            func section(forSectionIndexTitle title: String, at index: Int) -> Int {
                collation.section(forSectionIndexTitleAt: index) ?? 0
            }
        }
        let collation = try IndexedCollation(localeIdentifier: "en_US")
        let source = States(collation: collation, sections: collation.collate(Self.states) { $0 })
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: source)
        #expect(snapshot.isIndexed)
        #expect(snapshot.sectionIndex?.entries.count == 27)
        #expect(snapshot.sections[1].headerTitle == nil && snapshot.sections[1].rows.isEmpty)
        #expect(snapshot.sections[0].headerTitle == "A")
        #expect(snapshot.warnings.isEmpty)
    }
}
