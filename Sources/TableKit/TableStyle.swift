import Foundation

/// The two table styles UIKit offers; a style is chosen when the table is made and never changes.
public enum TableStyle: String, Sendable, Codable, CaseIterable {
    /// An unbroken list; section headers float at the top while their section scrolls.
    /// An indexed list is a plain table with section index titles.
    case plain
    /// Visually separate, inset sections on a grey background; never has a section index.
    case grouped
}

/// How the table's header view shows its text.
public enum TableHeaderStyle: String, Sendable, Codable, CaseIterable {
    /// A line of secondary text above the first section.
    case text
    /// A title label, as Listing 4-10 makes one: bold, 18 points, in the tint colour.
    case title
}
