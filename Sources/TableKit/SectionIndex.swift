import Foundation

/// The index bar of an indexed list: titles down the right edge, each leading to a section.
///
/// Titles map to sections but not necessarily one to one: several titles may lead to the same
/// section, and a section may have no title (`tableView(_:sectionForSectionIndexTitle:at:)`).
public struct SectionIndex: Sendable, Hashable, Codable {
    /// One title of the index bar.
    public struct Entry: Sendable, Hashable, Codable {
        /// The short text shown in the bar ("A", "#").
        public var title: String
        /// What assistive technology reads instead of the title; `nil` reads the title.
        public var accessibilityLabel: String?
        /// The section the title leads to.
        public var section: Int

        /// Makes an entry.
        public init(title: String, accessibilityLabel: String? = nil, section: Int) {
            self.title = title
            self.accessibilityLabel = accessibilityLabel
            self.section = section
        }
    }

    /// The titles from top to bottom.
    public var entries: [Entry]

    /// Makes an index from its entries.
    public init(entries: [Entry]) {
        self.entries = entries
    }

    /// The section the title at `position` in the bar leads to; `nil` outside the bar.
    public func section(forTitleAt position: Int) -> Int? {
        entries.indices.contains(position) ? entries[position].section : nil
    }
}

/// A title offered for the index bar by a data source, before it is mapped to a section.
public struct SectionIndexTitle: Sendable, Hashable, Codable, ExpressibleByStringLiteral {
    /// The short text shown in the bar.
    public var title: String
    /// What assistive technology reads instead of the title (the guide's accessibility note).
    public var accessibilityLabel: String?

    /// Makes an index title.
    public init(_ title: String, accessibilityLabel: String? = nil) {
        self.title = title
        self.accessibilityLabel = accessibilityLabel
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }
}
