import Foundation
import TableApp
import TableKit

/// The delegate's answers about where the rows of a section lead, kept by the page, its mode,
/// the section and the section's rows array. An app file's scene hands a snapshot built after a
/// commit the very arrays of the sections no commit touched (`RowReuse`), and for those rows
/// every answer is the one given before: a one-row edit of a long list then asks again only
/// about the section it touched, as UIKit asks only about the rows a batch update reloads.
/// Only such scenes are offered it (`Site.tablePage`): a controller of one's own promises nothing
/// about arrays it hands out again. Sections of fewer than `minimumRows` rows are asked again
/// each time (cheaper than keeping them). Bounded by the rows it holds; the least recently kept
/// sections go first.
final class LinkAnswers: @unchecked Sendable {
    /// A section's rows, held so that their array's storage stays theirs, with the answers.
    struct Section {
        var rows: [TableRow]
        var selections: [SiteLinks.Selection]
        var details: [String??]
    }

    static let minimumRows = 64

    private struct Key: Hashable {
        var path: [String]
        var isEditing: Bool
        var section: Int
        /// The address of the rows' storage; the kept rows hold it, so no other array has it.
        var rows: UnsafeRawPointer
    }

    private let lock = NSLock()
    /// Lists of 10,000 rows in both modes fit; the arrays are mostly the snapshots' own, shared.
    private var sections = RowBoundedStore<Key, Section>(capacity: 60_000)

    /// The answers kept for exactly `rows` (the same array), section `section` of the page at
    /// `path` in the mode `isEditing`, if any.
    func answers(for rows: [TableRow], path: [String], isEditing: Bool, section: Int) -> Section? {
        guard rows.count >= Self.minimumRows, let key = Self.key(rows, path, isEditing, section) else { return nil }
        return lock.withLock {
            guard let known = sections[key], known.rows.hasSameStorage(as: rows) else { return nil }
            return known
        }
    }

    /// Keeps the answers `make` gives for `rows`, when the section is long enough to be worth it.
    func keep(_ rows: [TableRow], path: [String], isEditing: Bool, section: Int, _ make: () -> Section) {
        guard rows.count >= Self.minimumRows, let key = Self.key(rows, path, isEditing, section) else { return }
        let kept = make()
        lock.withLock { sections.keep(kept, rows: rows.count, for: key) }
    }

    private static func key(_ rows: [TableRow], _ path: [String], _ isEditing: Bool, _ section: Int) -> Key? {
        rows.withUnsafeBufferPointer { $0.baseAddress.map { Key(path: path, isEditing: isEditing, section: section, rows: UnsafeRawPointer($0)) } }
    }
}
