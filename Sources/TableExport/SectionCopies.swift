import TableApp
import TableKit
import TableRender
import TableSite
import TableStore

/// The sections of long list pages that an export may copy from the files the last export left
/// rather than render their rows again: after one item is added to a list of 10,000, one section
/// of its page has changed.
///
/// A row's HTML is made from the row alone (its item's data, its key, its index path), on a page
/// of the same base (sources, templates, options, build: the plan requires the last export's).
/// So a section renders to the bytes the file holds for it when it has the same rows in the same
/// places (the same keys in order, `SectionRecord.keys`, at the same section number) and no
/// commit since touched one of their items. The change log says which items a commit touched;
/// it speaks here only for a page whose rows are one list's items (`ResolvedScene.rowList`) and
/// which shows no other data a commit changed: every other list and item the page depends on
/// untouched (a row that showed a count of its item's own list, say, depends on that list). And
/// it speaks only for the list as the page read it: a commit may land between the export's read
/// of the change log and its read of the list, so the page must have read the list at the
/// revision the last commit the export knows of left it at.
struct SectionCopies: Sendable {
    let changes: ChangedData
    /// By file, the pages to make whose records hold sections and whose files are as the last
    /// export left them, as it recorded them.
    let recorded: [String: PageRecords.Page]

    /// The HTML of the rows of each section of `page` (its file `file`, whose text `read` gives)
    /// that renders as it did, taken from the file, by section number (see `reusable`).
    func rows(of file: String, read: FileRead, page: SitePage, snapshot: TableSnapshot, dependencies: PageDependencies?,
              keys: [String]) -> [Int: Substring] {
        let places = reusable(file: file, page: page, snapshot: snapshot, dependencies: dependencies, keys: keys)
        guard !places.isEmpty, let text = read.value else { return [:] }
        let utf8 = text.utf8
        guard places.values.allSatisfy({ $0.upperBound <= utf8.count }) else { return [:] }
        return places.mapValues { TextSplice.slice(text, utf8: $0) }
    }

    /// Where the file of `page` (made from `snapshot`, with `dependencies`) holds the rows of
    /// each section that renders as it did, by section number; `keys` are the sections'
    /// `SectionRecord.keys` now.
    func reusable(file: String, page: SitePage, snapshot: TableSnapshot, dependencies: PageDependencies?,
                  keys: [String]) -> [Int: Range<Int>] {
        guard let recordedPage = recorded[file], let dependencies, recordedPage.dependencies == dependencies,
              recordedPage.sections.count == snapshot.sections.count, keys.count == snapshot.sections.count,
              let scene = page.scene, let list = scene.rowList, dependencies.lists.contains(list),
              let revision = changes.revision(of: list), scene.revisions[list] == revision, let touched = changes.touchedKeys(of: list),
              !changes.touches(lists: dependencies.lists.filter { $0 != list }, items: dependencies.items) else { return [:] }
        // Compared key by key rather than hashed: a commit or two touch a key or two, and the
        // rows are 10,000.
        let touchedKeys = Array(touched)
        let isTouched = { (row: TableRow) in
            touched.count > 8 ? touched.contains(row.cell.key) : touchedKeys.contains(row.cell.key)
        }
        var reusable: [Int: Range<Int>] = [:]
        for (number, section) in snapshot.sections.enumerated() {
            let record = recordedPage.sections[number]
            guard record.rows > 0, record.rows == section.rows.count, record.keys == keys[number],
                  touched.isEmpty || !section.rows.contains(where: isTouched) else { continue }
            reusable[number] = record.bytes
        }
        return reusable
    }
}

extension SectionCopies {
    /// The text of the file a page's sections may be copied from (`nil` when it could not be
    /// read), read on another thread while the page's snapshot is made: a long list's file is
    /// megabytes, and the snapshot holds the thread that makes the page alone.
    typealias FileRead = ComputedBeside<String?>

    /// A read of `file` in `folder` begun now when the last export recorded sections of its page,
    /// the one case `rows` may take its text.
    func beginRead(of file: String, in folder: String) -> FileRead? {
        recorded[file].map { _ in FileRead { FileBytes.readText(folder + "/" + file) } }
    }
}
