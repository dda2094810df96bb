/// A data source's own index bar: its titles and the section each leads to, the answers to
/// `sectionIndexTitles(for:)` and `tableView(_:sectionForSectionIndexTitle:at:)`.
///
/// Several titles may lead to one section. A title given no section leads where the nearest
/// title above it does (the top section if none), as a data source answering UIKit does for a
/// letter that has no section of its own.
public struct SectionIndexMapping: Sendable, Hashable {
    /// A title naming the section it leads to by that section's title.
    public struct NamedTitle: Sendable, Hashable {
        /// The title as the bar shows it, with its accessibility label.
        public var title: SectionIndexTitle
        /// The title of the section it leads to; `nil` for one that leads nowhere of its own.
        public var sectionTitle: String?

        /// Makes a named title.
        public init(_ title: SectionIndexTitle, sectionTitle: String?) {
            self.title = title
            self.sectionTitle = sectionTitle
        }
    }

    /// The titles from top to bottom.
    public let titles: [SectionIndexTitle]
    /// The section each title leads to, resolved.
    public let sections: [Int]

    /// Titles each given the number of its section, or `nil` for the nearest one above.
    public init(_ titles: [(title: SectionIndexTitle, section: Int?)]) {
        var resolved: [Int] = []
        for entry in titles { resolved.append(entry.section ?? resolved.last ?? 0) }
        self.titles = titles.map(\.title)
        self.sections = resolved
    }

    /// One title per section, in order: the mapping `UILocalizedIndexedCollation` gives.
    public init(oneTitlePerSection titles: [SectionIndexTitle]) {
        self.init(titles.enumerated().map { ($0.element, $0.offset) })
    }

    /// Titles that name their sections among `sectionTitles`; a name matching none is refused.
    public init(titles: [NamedTitle], sectionTitles: [String]) throws(TableKitError) {
        var numbered: [(title: SectionIndexTitle, section: Int?)] = []
        for entry in titles {
            guard let name = entry.sectionTitle else {
                numbered.append((entry.title, nil))
                continue
            }
            guard let section = sectionTitles.firstIndex(of: name) else {
                throw .indexTitleNamesNoSection(title: entry.title.title, section: name, sectionTitles: sectionTitles)
            }
            numbered.append((entry.title, section))
        }
        self.init(numbered)
    }

    /// The section the title at `index` leads to; `nil` outside the bar.
    public func section(forSectionIndexTitleAt index: Int) -> Int? {
        sections.indices.contains(index) ? sections[index] : nil
    }
}
