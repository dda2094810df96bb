import Testing
import TableKit

/// A data source's own index titles mapped to sections (`sectionForSectionIndexTitle`).
@Suite("Section index mapping")
struct SectionIndexMappingTests {
    @Test("several titles may lead to one section; a title given none leads where the one above does")
    func nearestSectionAbove() {
        let mapping = SectionIndexMapping([("•", nil), ("A", 0), ("•", nil), ("D", 3), ("E", 3), ("•", nil), ("#", 5)])
        #expect(mapping.sections == [0, 0, 0, 3, 3, 3, 5])
        #expect(mapping.section(forSectionIndexTitleAt: 4) == 3)
        #expect(mapping.section(forSectionIndexTitleAt: 7) == nil)
        #expect(mapping.titles.map(\.title) == ["•", "A", "•", "D", "E", "•", "#"])
    }

    @Test("titles name their sections by title; a name with no section is refused, naming the sections there are")
    func namedSections() throws {
        let collation = try IndexedCollation(localeIdentifier: "da")
        let mapping = try collation.sectionIndex(titles: [
            .init(SectionIndexTitle("A–M", accessibilityLabel: "A to M"), sectionTitle: "A"),
            .init("·", sectionTitle: nil),
            .init("N–Z", sectionTitle: "N"),
            .init(SectionIndexTitle("Å", accessibilityLabel: "Å and Aa"), sectionTitle: "Å"),
        ])
        let a = 0, n = try #require(collation.sectionTitles.firstIndex(of: "N")), å = try #require(collation.sectionTitles.firstIndex(of: "Å"))
        #expect(mapping.sections == [a, a, n, å])
        #expect(mapping.titles[3].accessibilityLabel == "Å and Aa")
        #expect(throws: TableKitError.indexTitleNamesNoSection(title: "Ω", section: "Ω", sectionTitles: collation.sectionTitles)) {
            try collation.sectionIndex(titles: [.init("Ω", sectionTitle: "Ω")])
        }
        #expect(TableKitError.indexTitleNamesNoSection(title: "Ω", section: "Ω", sectionTitles: ["A", "#"]).description
                == "index title \"Ω\" names section \"Ω\", which the index does not have (its sections: A, #)")
    }

    @Test("a data source answering through a mapping builds the index bar it describes")
    func snapshotThroughMapping() throws {
        let source = RecordingDataSource([["Alabama"], ["Maine"], ["Texas"]])
        let mapping = SectionIndexMapping([(SectionIndexTitle("A"), 0), (SectionIndexTitle("·", accessibilityLabel: "more"), nil),
                                           (SectionIndexTitle("M"), 1), (SectionIndexTitle("T"), 2)])
        source.indexTitles = mapping.titles
        source.indexMapping = { _, index in mapping.section(forSectionIndexTitleAt: index) ?? 0 }
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: source)
        #expect(snapshot.sectionIndex?.entries.map(\.section) == [0, 0, 1, 2])
        #expect(snapshot.sectionIndex?.entries[1].accessibilityLabel == "more")
    }
}
