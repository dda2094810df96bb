import Foundation

import TableKit

/// Rendered rows kept for reuse, as a table view reuses cells. Rows are remembered per page
/// state — everything outside the row that its HTML depends on: the page's forms, editing mode,
/// selection mode, asset prefix and where rows link — by section and position. A row equal to the
/// one rendered last time in its place (content, key, index path, editing style) is
/// reused without building its template context, so a one-row edit of a long list costs one
/// render and one comparison per row, made along contiguous memory. Bounded: past `capacity`
/// rows it starts afresh.
final class RowCache: @unchecked Sendable {
    /// The page-wide inputs of a row's HTML.
    struct PageState: Hashable {
        var actions: PageActions?
        var isEditing: Bool
        var selectionMode: SelectionList.Mode?
        var assets: String
        var links: AnyHashable
    }

    private struct Entry {
        var row: TableRow
        var html: String
    }

    private let lock = NSLock()
    /// Per page state, per section, the rows as last rendered, in order.
    private var pages: [PageState: [[Entry]]] = [:]
    private var rowCount = 0
    private let capacity: Int
    private var renders = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The HTML of each row of `rows` (section `section` of a page in `state`), in order; `render`
    /// makes the HTML of a row not seen before in its place.
    func html(for rows: [TableRow], section: Int, state: PageState, render: (TableRow) -> String) -> [String] {
        // Take the section's rows out while working, so updating them in place copies nothing.
        var known: [Entry] = lock.withLock {
            guard var sections = pages[state], sections.indices.contains(section) else { return [] }
            pages[state] = nil
            let taken = sections[section]
            sections[section] = []
            pages[state] = sections
            return taken
        }
        let before = known.count
        var rendered = 0
        var html: [String] = []
        html.reserveCapacity(rows.count)
        for (position, row) in rows.enumerated() {
            if position < known.count, known[position].row == row {
                html.append(known[position].html)
                continue
            }
            let entry = Entry(row: row, html: render(row))
            rendered += 1
            html.append(entry.html)
            if position < known.count { known[position] = entry } else { known.append(entry) }
        }
        known.removeLast(max(0, known.count - rows.count))
        lock.withLock {
            renders += rendered
            rowCount += known.count - before
            if rowCount > capacity {
                pages.removeAll(keepingCapacity: true)
                rowCount = known.count
            }
            var sections = pages.removeValue(forKey: state) ?? []
            while sections.count <= section { sections.append([]) }
            rowCount -= sections[section].count
            sections[section] = known
            pages[state] = sections
        }
        return html
    }

    /// How many rows were rendered (not taken from the cache) so far.
    var renderCount: Int { lock.withLock { renders } }
}
