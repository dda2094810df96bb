import Dispatch
import Foundation
import TableKit

extension RenderedRows {
    /// The fewest rows a part of a page not kept for reuse holds: a page of fewer than twice as
    /// many is rendered on one core, a longer one in `min(cores, rows / rowsPerPart)` parts at
    /// once. The page of a long list is what an export that changed one item waits on: the other
    /// pages are taken as they are, and the other cores would be idle.
    static let rowsPerPart = 1_000

    /// The cores of this machine, read once.
    static let cores = ProcessInfo.processInfo.activeProcessorCount

    /// The HTML of each section's rows, in order, `render` making one row's; a long page's rows
    /// are rendered in parts on every core (see `rowsPerPart`). `render` must be safe to call
    /// from several threads at once, as the renderer's is.
    static func rendering(_ sections: [TableSection], cores: Int = cores, render: @Sendable (TableRow) -> String) -> [RenderedRows] {
        let total = sections.reduce(0) { $0 + $1.rows.count }
        let parts = min(cores, total / rowsPerPart)
        guard parts > 1 else { return sections.map { RenderedRows($0.rows.map(render)) } }
        // Each part is a run of rows counted across the sections. A section inside one part is
        // rendered straight into its own text, so its rows are copied only into the page; a
        // section that a part's edge cuts is joined from its pieces first.
        let pieces = Self.pieces(of: sections, in: parts, total: total)
        let made = ConcurrentSlots<[RenderedRows]>(count: parts, empty: [])
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            made.set(part, pieces[part].map { piece in rendered(sections[piece.section].rows[piece.rows], render: render) })
        }
        var bySection = Array(repeating: [RenderedRows](), count: sections.count)
        for (part, rendered) in made.all.enumerated() {
            for (piece, html) in zip(pieces[part], rendered) { bySection[piece.section].append(html) }
        }
        return bySection.map { pieces in
            guard pieces.count > 1 else { return pieces.first ?? RenderedRows() }
            var html = RenderedRows(capacity: pieces.reduce(0) { $0 + $1.count }, bytes: pieces.reduce(0) { $0 + $1.text.utf8.count })
            for piece in pieces { html.append(rows: 0..<piece.count, from: piece) }
            return html
        }
    }

    /// For each of `parts` parts of `total` rows counted across `sections`, the rows of each
    /// section it holds (in the section's own numbering); sections without rows are in none.
    private static func pieces(of sections: [TableSection], in parts: Int, total: Int) -> [[(section: Int, rows: Range<Int>)]] {
        (0..<parts).map { part in
            let held = (total * part / parts)..<(total * (part + 1) / parts)
            var pieces: [(section: Int, rows: Range<Int>)] = []
            var first = 0
            for (number, section) in sections.enumerated() {
                defer { first += section.rows.count }
                let overlap = (first..<(first + section.rows.count)).clamped(to: held)
                if !overlap.isEmpty { pieces.append((number, (overlap.lowerBound - first)..<(overlap.upperBound - first))) }
            }
            return pieces
        }
    }

    /// The HTML of `rows`, in a text reserved at once for about its size: the first rows' mean
    /// with a quarter more, at most `reservedBytes`. Room reserved but never written is never
    /// touched, while a text grown by doubling is copied at each step into new memory that the
    /// kernel faults in and zeroes page by page.
    private static func rendered(_ rows: ArraySlice<TableRow>, render: (TableRow) -> String) -> RenderedRows {
        let first = rows.prefix(8).map(render)
        guard !first.isEmpty else { return RenderedRows() }
        let mean = first.reduce(0) { $0 + $1.utf8.count } / first.count
        var made = RenderedRows(capacity: rows.count, bytes: min(mean * rows.count * 5 / 4, reservedBytes))
        for html in first { made.append(html) }
        for row in rows.dropFirst(first.count) { made.append(render(row)) }
        return made
    }

    /// The most a part's text reserves before its rows are rendered (past it, it grows as it must).
    static let reservedBytes = 64 << 20
}
