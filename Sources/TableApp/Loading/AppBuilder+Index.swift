import Foundation
import TableKit
import Yams

extension AppBuilder {
    /// A list's `index: { by, locale, titles }`: the attribute to collate by, the locale (en_US
    /// by default) and, optionally, the index bar's own titles, each `{ title, section, label }`
    /// where `section` names one of the collation's section titles (none: where the title above leads).
    mutating func index(_ indexNode: Node, style: TableStyle) -> IndexDefinition? {
        let fields = reader.mapping(indexNode, "index", allowed: ["by", "locale", "titles"])
        let attribute = reader.string(reader.required(reader.field(fields, "by"), in: indexNode, "the attribute the index collates by"), "by") ?? ""
        let localeNode = reader.field(fields, "locale")
        let locale = reader.string(localeNode, "locale") ?? "en_US"
        if style == .grouped { reader.fail(indexNode, TableKitError.groupedTableCannotHaveIndex.description) }
        let collation: IndexedCollation
        do {
            collation = try IndexedCollation(localeIdentifier: locale)
        } catch {
            reader.fail(localeNode ?? indexNode, error.description)
            return nil
        }
        guard let titlesNode = reader.field(fields, "titles") else {
            return IndexDefinition(attribute: attribute, collation: collation)
        }
        var titles: [SectionIndexMapping.NamedTitle] = []
        for titleNode in reader.sequence(titlesNode, "index titles") ?? [] {
            guard let title = indexTitle(titleNode, collation: collation) else { continue }
            // A title may stand several times where it leads nowhere of its own (a "•" between
            // letters); two alike that each name a section would look the same and lead apart.
            if title.sectionTitle != nil, titles.contains(where: { $0.title.title == title.title.title && $0.sectionTitle != nil }) {
                reader.fail(titleNode, "index title \"\(title.title.title)\" is listed twice, each naming a section")
            }
            titles.append(title)
        }
        do {
            return IndexDefinition(attribute: attribute, collation: collation, titles: try collation.sectionIndex(titles: titles))
        } catch {
            // Each name was checked against the collation's sections above, where the error has a place.
            reader.fail(titlesNode, error.description)
            return nil
        }
    }

    private mutating func indexTitle(_ node: Node, collation: IndexedCollation) -> SectionIndexMapping.NamedTitle? {
        let fields = reader.mapping(node, "an index title", allowed: ["title", "section", "label"])
        guard let title = reader.string(reader.required(reader.field(fields, "title"), in: node, "the index title's text"), "title") else {
            return nil
        }
        let sectionNode = reader.field(fields, "section")
        let section = reader.string(sectionNode, "section")
        if let section, !collation.sectionTitles.contains(section) {
            reader.fail(sectionNode, TableKitError.indexTitleNamesNoSection(title: title, section: section,
                                                                            sectionTitles: collation.sectionTitles).description)
            return nil
        }
        let label = reader.string(reader.field(fields, "label"), "label")
        return .init(SectionIndexTitle(title, accessibilityLabel: label), sectionTitle: section)
    }
}
