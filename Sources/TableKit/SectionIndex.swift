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
        /// The language of the label, when it is not the page's (`accessibilityLanguage`).
        public var accessibilityLanguage: String?
        /// The section the title leads to.
        public var section: Int

        /// Makes an entry.
        public init(title: String, accessibilityLabel: String? = nil, accessibilityLanguage: String? = nil, section: Int) {
            self.title = title
            self.accessibilityLabel = accessibilityLabel
            self.accessibilityLanguage = accessibilityLanguage
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
    /// The language of the label as a BCP 47 tag, when it is not the page's
    /// (`accessibilityLanguage`): a Greek list's "Άλλα" in an English app.
    public var accessibilityLanguage: String?

    /// Makes an index title.
    public init(_ title: String, accessibilityLabel: String? = nil, accessibilityLanguage: String? = nil) {
        self.title = title
        self.accessibilityLabel = accessibilityLabel
        self.accessibilityLanguage = accessibilityLanguage
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }
}
