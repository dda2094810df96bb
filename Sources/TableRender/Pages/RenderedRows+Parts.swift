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
        // Each part is a run of rows counted across the sections, rendered into one text; each
        // section is then copied from the parts it spans, a run of rows at a time.
        let made = RenderedParts(count: parts)
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            let first = total * part / parts, end = total * (part + 1) / parts
            var html = RenderedRows(capacity: end - first)
            var section = 0, skipped = 0
            while skipped + sections[section].rows.count <= first {
                skipped += sections[section].rows.count
                section += 1
            }
            var row = first - skipped
            while html.count < end - first {
                if row == sections[section].rows.count {
                    section += 1
                    row = 0
                    continue
                }
                html.append(render(sections[section].rows[row]))
                row += 1
            }
            made.set(part, html)
        }
        let rendered = made.all
        var next = 0
        return sections.map { section in
            defer { next += section.rows.count }
            let rows = next..<(next + section.rows.count)
            // The section's rows in each part, counted in that part.
            let runs = (0..<parts).map { part in
                let first = total * part / parts, overlap = rows.clamped(to: first..<(total * (part + 1) / parts))
                return (part: part, rows: (overlap.lowerBound - first)..<(overlap.upperBound - first))
            }
            var html = RenderedRows(capacity: rows.count, bytes: runs.reduce(0) { $0 + rendered[$1.part].bytes(ofRows: $1.rows).count })
            for run in runs { html.append(rows: run.rows, from: rendered[run.part]) }
            return html
        }
    }
}

/// The parts of a page's rows rendered on several cores, gathered behind a lock.
private final class RenderedParts: @unchecked Sendable {
    private let lock = NSLock()
    private var parts: [RenderedRows]

    init(count: Int) { parts = Array(repeating: RenderedRows(), count: count) }

    func set(_ part: Int, _ html: RenderedRows) { lock.withLock { parts[part] = html } }

    /// Every part, in order.
    var all: [RenderedRows] { lock.withLock { parts } }
}
