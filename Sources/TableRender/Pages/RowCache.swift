import Foundation

import TableKit

/// Rendered rows kept for reuse, as a table view reuses cells. Rows are remembered per page
/// state — everything outside the row that its HTML depends on: the page's forms, editing mode,
/// selection mode, asset prefix and where rows link — by section and position. A row equal to the
/// one rendered last time in its place (content, key, index path, editing style) is
/// reused without building its template context, so a one-row edit of a long list costs one
/// render and one comparison per row, made along contiguous memory. A section whose rows are the
/// very array rendered last time (a snapshot keeps the arrays of sections no commit touched) is
/// not compared at all. Bounded: past `capacity` rows it starts afresh.
final class RowCache: @unchecked Sendable {
    /// The page-wide inputs of a row's HTML.
    struct PageState: Hashable {
        var actions: PageActions?
        var isEditing: Bool
        var selectionMode: SelectionList.Mode?
        var assets: String
        var links: AnyHashable
    }

    /// A section's rows as last rendered, and their HTML. Holding the rows keeps their array's
    /// storage alive, so another array at the same address is this one.
    private struct Rendered {
        var rows: [TableRow]
        var html: RenderedRows
    }

    private let lock = NSLock()
    /// Per page state, per section, the rows as last rendered.
    private var pages: [PageState: [Rendered]] = [:]
    private var rowCount = 0
    private let capacity: Int
    private var renders = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The HTML of the rows `rows` (section `section` of a page in `state`), in order; `render`
    /// makes the HTML of a row not seen before in its place.
    func html(for rows: [TableRow], section: Int, state: PageState, render: (TableRow) -> String) -> RenderedRows {
        let known: Rendered? = lock.withLock { pages[state].flatMap { $0.indices.contains(section) ? $0[section] : nil } }
        if let known, known.rows.hasSameStorage(as: rows) { return known.html }
        var rendered = 0
        // Room for the text as it was, and an eighth more for the rows that grew.
        let bytes = known.map { $0.html.text.utf8.count + $0.html.text.utf8.count / 8 } ?? 0
        var html = RenderedRows(capacity: rows.count, bytes: bytes)
        // Rows equal to the ones rendered in their places last time are copied over in runs.
        // Compared in place: copying each row out of the arrays cost more than comparing it.
        let before = known?.rows ?? []
        rows.withUnsafeBufferPointer { now in
            before.withUnsafeBufferPointer { before in
                var run = 0..<0
                for position in now.indices {
                    if position < before.count, before[position] == now[position] {
                        run = (run.isEmpty ? position : run.lowerBound)..<(position + 1)
                        continue
                    }
                    if let known { html.append(rowsOf: run, of: known.html) }
                    run = 0..<0
                    html.append(render(now[position]))
                    rendered += 1
                }
                if let known { html.append(rowsOf: run, of: known.html) }
            }
        }
        lock.withLock {
            renders += rendered
            var sections = pages.removeValue(forKey: state) ?? []
            while sections.count <= section { sections.append(Rendered(rows: [], html: RenderedRows())) }
            rowCount += rows.count - sections[section].rows.count
            sections[section] = Rendered(rows: rows, html: html)
            if rowCount > capacity {
                pages.removeAll(keepingCapacity: true)
                sections = sections.indices.map { $0 == section ? sections[$0] : Rendered(rows: [], html: RenderedRows()) }
                rowCount = rows.count
            }
            pages[state] = sections
        }
        return html
    }

    /// How many rows were rendered (not taken from the cache) so far.
    var renderCount: Int { lock.withLock { renders } }
}
