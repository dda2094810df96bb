import Foundation

/// Everything a table shows at one moment, asked of its data source and delegate.
///
/// A snapshot is a plain value: renderers read it, tests compare it, and the JSON twin of a page
/// is its encoding.
public struct TableSnapshot: Sendable, Hashable, Codable {
    /// Plain or grouped.
    public var style: TableStyle
    /// The table header, shown above the first section.
    public var headerTitle: String?
    /// How the header shows: a line of text, or Listing 4-10's title label.
    public var headerStyle: TableHeaderStyle = .text
    /// The table footer, shown below the last section.
    public var footerTitle: String?
    /// The sections from top to bottom.
    public var sections: [TableSection]
    /// The index bar; `nil` when the table is not an indexed list.
    public var sectionIndex: SectionIndex?
    /// Whether the table is in editing mode.
    public var isEditing: Bool
    /// Advice the table's configuration goes against without breaking it.
    public var warnings: [TableWarning]

    /// Makes a snapshot from finished parts; `build(_:dataSource:delegate:)` asks a data source.
    public init(style: TableStyle, headerTitle: String? = nil, footerTitle: String? = nil,
                sections: [TableSection], sectionIndex: SectionIndex? = nil, isEditing: Bool = false,
                warnings: [TableWarning] = []) {
        self.style = style
        self.headerTitle = headerTitle
        self.footerTitle = footerTitle
        self.sections = sections
        self.sectionIndex = sectionIndex
        self.isEditing = isEditing
        self.warnings = warnings
    }

    /// Whether the table is an indexed list (a plain table with an index bar).
    public var isIndexed: Bool { sectionIndex != nil }

    /// How many rows each section has, top to bottom.
    public var rowCounts: [Int] { sections.map { $0.rows.count } }

    /// The row at `indexPath`, or `nil` when no row stands there.
    public func row(at indexPath: IndexPath) -> TableRow? {
        guard sections.indices.contains(indexPath.section),
              sections[indexPath.section].rows.indices.contains(indexPath.row) else { return nil }
        return sections[indexPath.section].rows[indexPath.row]
    }

    /// The index path of the row showing the item with `key`, or `nil`.
    public func indexPath(ofItem key: String) -> IndexPath? {
        for section in sections {
            if let row = section.rows.first(where: { $0.cell.key == key }) { return row.indexPath }
        }
        return nil
    }
}
