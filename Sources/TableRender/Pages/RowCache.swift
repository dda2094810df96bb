import Foundation

import TableKit

/// Rendered rows kept for reuse, as a table view reuses cells. Rows are remembered per page
/// state — everything outside the row that its HTML depends on: the page's forms, editing mode,
/// selection mode, asset prefix and where rows link — by section and position. In editing mode
/// a row's HTML also names the rows beside it (its Move up and Move down), so the rows next to
/// a changed one are made again too. A row equal to the
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
        /// The section's header title, which a row alone in it names in editing mode.
        var title: String?
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

    /// The HTML of the rows `rows` (section `section`, titled `title`, of a page in `state`), in
    /// order; `render` makes the HTML of a row not seen before in its place.
    func html(for rows: [TableRow], section: Int, title: String?, state: PageState, render: (TableRow) -> String) -> RenderedRows {
        let known: Rendered? = lock.withLock { pages[state].flatMap { $0.indices.contains(section) ? $0[section] : nil } }
        // In editing mode a row alone in its section names the section's title (`MoveNeighbour`).
        let isTitleKnown = !state.isEditing || rows.count != 1 || known?.title == title
        if let known, known.rows.hasSameStorage(as: rows), isTitleKnown { return known.html }
        // The rows not equal to the ones rendered in their places last time are rendered first,
        // so that the text is made at its size; the others are copied over in runs between them.
        var changed = TableRow.positionsChanged(in: rows, since: known?.rows ?? [])
        if state.isEditing { changed = isTitleKnown ? Self.besideChanges(changed, count: rows.count, countBefore: known?.rows.count ?? 0) : [0] }
        let made = changed.map { (position: $0, html: render(rows[$0])) }
        let kept = known?.html ?? RenderedRows()
        var bytes = 0, next = 0
        for (position, text) in made {
            bytes += kept.bytes(ofRows: next..<position).count + text.utf8.count
            next = position + 1
        }
        bytes += kept.bytes(ofRows: next..<rows.count).count
        var html = RenderedRows(capacity: rows.count, bytes: bytes)
        next = 0
        for (position, text) in made {
            html.append(rows: next..<position, from: kept)
            html.append(text)
            next = position + 1
        }
        html.append(rows: next..<rows.count, from: kept)
        let rendered = made.count
        lock.withLock {
            renders += rendered
            var sections = pages.removeValue(forKey: state) ?? []
            while sections.count <= section { sections.append(Rendered(rows: [], html: RenderedRows())) }
            rowCount += rows.count - sections[section].rows.count
            sections[section] = Rendered(rows: rows, title: title, html: html)
            if rowCount > capacity {
                pages.removeAll(keepingCapacity: true)
                sections = sections.indices.map { $0 == section ? sections[$0] : Rendered(rows: [], html: RenderedRows()) }
                rowCount = rows.count
            }
            pages[state] = sections
        }
        return html
    }

    /// `changed` (in order) with the positions beside each: in editing mode a row's Move up and
    /// Move down name the rows next to it, or the section's end, so a row whose neighbour
    /// changed, or who became or stopped being the last, is made again too.
    static func besideChanges(_ changed: [Int], count: Int, countBefore: Int) -> [Int] {
        var positions = Set<Int>()
        for position in changed { positions.formUnion([position - 1, position, position + 1]) }
        if count != countBefore { positions.formUnion([count - 1, countBefore - 1]) }
        return positions.filter { (0..<count).contains($0) }.sorted()
    }

    /// How many rows were rendered (not taken from the cache) so far.
    var renderCount: Int { lock.withLock { renders } }
}
