import Foundation
import TableApp
import TableKit

/// The delegate's answers about where the rows of a section lead, kept by the page, its mode and
/// the section, with the rows they were given for. An app file's scene hands a snapshot built
/// after a commit the very arrays of the sections no commit touched (`RowReuse`), and for those
/// rows every answer is the one given before. In a section a commit touched, a row that is the
/// same build of the scene's row in the same place (`SceneRow.buildIdentity`) answers as before
/// too: its cell, pushed scene, selectability and item are those asked about, and the rules that
/// read a row's place see the same place (an item a commit touched is built again). A one-row
/// edit of a long list then asks again only about the rows it touched, as UIKit asks only about
/// the rows a batch update reloads. Only such scenes are offered it (`Site.tablePage`): a controller of one's own
/// promises nothing about the arrays or rows it hands out again. Sections of fewer than
/// `minimumRows` rows are asked again each time (cheaper than keeping them). Bounded by the rows
/// it holds (a section also holds its scene rows, with their items, uncounted); the least
/// recently kept sections go first.
final class LinkAnswers: @unchecked Sendable {
    /// A section's rows, held so that their array's storage and their scene rows' identities stay
    /// theirs, with the answers.
    struct Section {
        var rows: [TableRow]
        /// The scene's rows the table rows were built from, one for one.
        var sceneRows: [SceneRow]
        /// Each row's answers, and the segments they name.
        var answers: [RowAnswers]
        var segments: [String]
    }

    static let minimumRows = 64

    private struct Key: Hashable {
        var path: [String]
        var isEditing: Bool
        var section: Int
    }

    private let lock = NSLock()
    private var asked = 0
    /// Lists of 10,000 rows in both modes fit; the arrays are mostly the snapshots' own, shared.
    private var sections = RowBoundedStore<Key, Section>(capacity: 60_000)

    /// The answers last kept for section `section` of the page at `path` in the mode `isEditing`,
    /// when a section of `rowCount` rows may take some.
    func kept(path: [String], isEditing: Bool, section: Int, rowCount: Int) -> Section? {
        guard rowCount >= Self.minimumRows else { return nil }
        return lock.withLock { sections[Key(path: path, isEditing: isEditing, section: section)] }
    }

    /// How many rows of long sections the delegate was asked about so far (rather than answered
    /// from what was kept).
    var askedRowCount: Int { lock.withLock { asked } }

    /// Keeps the answers `make` gives for `rows`, when the section is long enough to be worth it;
    /// `asked` of its rows were asked about.
    func keep(_ rows: [TableRow], path: [String], isEditing: Bool, section: Int, asked: Int, _ make: () -> Section) {
        guard rows.count >= Self.minimumRows else { return }
        let kept = make()
        lock.withLock {
            self.asked += asked
            sections.keep(kept, rows: rows.count, for: Key(path: path, isEditing: isEditing, section: section))
        }
    }
}

extension LinkAnswers.Section {
    /// For each of `sceneRows` (the scene rows of a section of `rowCount` rows, one for one),
    /// whether the answers kept for its place hold for it: the same build of the scene's row in
    /// the same place of the same page and mode. Empty when the counts differ.
    func carried(rowCount: Int, sceneRows: [SceneRow]) -> [Bool] {
        guard rowCount == rows.count else { return [] }
        return SceneRow.sameBuilds(sceneRows, self.sceneRows)
    }
}
