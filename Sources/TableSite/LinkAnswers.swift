import Foundation
import TableKit

/// The delegate's answers about where the rows of a section lead, kept by the section's rows
/// array. A snapshot built after a commit keeps the very arrays of the sections no commit touched
/// (`RowReuse`), and for those rows every answer is by contract the one given before: a one-row
/// edit of a long list then asks again only about the section it touched, as UIKit asks only
/// about the rows a batch update reloads. Sections of fewer than `minimumRows` rows are asked
/// again each time (cheaper than keeping them). Bounded by the rows it holds: past `capacity`
/// it starts afresh.
final class LinkAnswers: @unchecked Sendable {
    /// A section's rows, held so that their array's storage stays theirs, with the answers.
    struct Section {
        var rows: [TableRow]
        var selections: [SiteLinks.Selection]
        var details: [String??]
    }

    static let minimumRows = 64

    private let lock = NSLock()
    /// By the address of the rows' storage.
    private var sections: [UnsafeRawPointer: Section] = [:]
    private var rowCount = 0
    private let capacity: Int

    /// A list of 10,000 rows in both modes fits; the arrays are mostly the snapshots' own, shared.
    init(capacity: Int = 30_000) { self.capacity = capacity }

    /// The answers kept for exactly `rows` (the same array), if any.
    func answers(for rows: [TableRow]) -> Section? {
        guard rows.count >= Self.minimumRows, let address = Self.address(of: rows) else { return nil }
        return lock.withLock {
            // The kept rows hold their storage, so an array at the same address is that array.
            guard let known = sections[address], known.rows.count == rows.count else { return nil }
            return known
        }
    }

    func keep(_ section: Section) {
        guard section.rows.count >= Self.minimumRows, let address = Self.address(of: section.rows) else { return }
        lock.withLock {
            if rowCount + section.rows.count > capacity {
                sections.removeAll(keepingCapacity: true)
                rowCount = 0
            }
            rowCount += section.rows.count - (sections[address]?.rows.count ?? 0)
            sections[address] = section
        }
    }

    private static func address(of rows: [TableRow]) -> UnsafeRawPointer? {
        rows.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }
}
