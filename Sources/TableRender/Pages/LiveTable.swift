import Foundation

import TableKit

/// A table page cut the way a live page is updated: the `<main>` element with a marker where
/// each section's rows go (its frame), and each section's rows with their keys and rendered HTML.
/// Two cuts of one page at two revisions tell which rows to insert, delete, move and reload.
public struct LiveTable: Sendable {
    /// One rendered row.
    public struct Row: Sendable {
        /// The row's key (its item's; `data-key` in its markup); empty for a row without one,
        /// which a live page cannot follow.
        public var key: String
        /// The row's rendered markup, as the page has it, sharing the text of its section's rows.
        package var markup: Substring
        /// The row's rendered markup, as the page has it.
        public var html: String { String(markup) }
        /// What the row shows: two rows whose cells are equal show the same content, wherever
        /// they stand (a live page announces only rows whose content changed).
        public var cell: Cell
    }

    /// The `<main>` element with `<!--tablestack:rows:N-->` in place of section N's rows.
    public var frame: String
    public var sections: [[Row]]
    /// Each section's header title: what a section is, as a live page matches sections (a
    /// section that comes or goes leaves the rows of the others where they are).
    public var sectionTitles: [String?]
    /// The revision token the page's forms carry.
    public var revision: String
    /// The page's title in its navigation bar: an item's page is titled by its item, which can
    /// be renamed while the page is followed.
    public var title: String
    /// The page's title in the browser (`<title>`).
    public var documentTitle: String
    /// The back button's title: the page above's, which can be renamed while this one is followed.
    public var backTitle: String?

    /// Whether every row of `snapshot` has a key of its own: a live page matches rows by key, so
    /// a table with a keyless or repeated key cannot be followed.
    public static func rowsHaveDistinctKeys(_ snapshot: TableSnapshot) -> Bool {
        var keys = Set<String>()
        for section in snapshot.sections {
            for row in section.rows where row.cell.key.isEmpty || !keys.insert(row.cell.key).inserted { return false }
        }
        return true
    }

    /// Whether every row has a key of its own (see `rowsHaveDistinctKeys`).
    public var hasDistinctKeys: Bool

    /// The text of a comment that stands for section `number`'s rows in `frame`.
    public static func rowsMarker(_ number: Int) -> String { RowsMarker.rows(number) }
}

extension PageRenderer {
    /// The table page cut into its frame and rows (see `LiveTable`). Rows come from the row
    /// cache, so the cut of a page just rendered costs no row render.
    public func renderLive(_ page: TablePage) -> LiveTable {
        let main = renderMainParts(page)
        let sections = zip(page.snapshot.sections, main.rows).map { section, html in
            section.rows.enumerated().map { number, row in
                LiveTable.Row(key: row.cell.key, markup: html.row(number), cell: row.cell)
            }
        }
        return LiveTable(frame: main.html, sections: sections, sectionTitles: page.snapshot.sections.map(\.headerTitle), revision: page.revision,
                         title: page.title, documentTitle: page.documentTitle, backTitle: page.navigationBar?.back?.title,
                         hasDistinctKeys: LiveTable.rowsHaveDistinctKeys(page.snapshot))
    }
}
