import Foundation
import TableStore

/// Which pages of the last export into a folder an export takes as they are: those no commit
/// since may have changed (by their `PageDependencies` and the change log) and whose files are
/// as that export left them. The others are read and made again, and the pages above them are
/// read to reach them; new pages are found from the pages read.
struct IncrementalPlan: Sendable {
    /// Where each of the last export's pages taken as they are stands in `carriedInOrder`, by path.
    private let carried: [[String]: Int]
    /// The pages taken as they are in the report's order (`ReportOrder`), so parents before children.
    private let carriedInOrder: [(path: [String], page: PageRecords.Page)]
    /// Carried pages read again all the same: the pages above a page to make.
    let above: Set<[String]>
    /// What the pages to make can take from their files as the last export left them.
    let copies: SectionCopies

    /// Whether the page at `path` is read by this export: made again, unless it is carried and
    /// read only to reach the pages below it.
    func finds(_ path: [String]) -> Bool {
        carried[path] == nil || above.contains(path)
    }

    /// Whether the page at `path` is taken as it is.
    func carries(_ path: [String]) -> Bool {
        carried[path] != nil
    }

    /// The files of the pages taken as they are, in no set order: a list of names alone, which
    /// the manifest's check reads without copying each page's records.
    let carriedFiles: [String]

    /// The plan for an export whose last export left `records`, when `changes` are every commit
    /// since and `notAsLeft` the page files changed since; `nil` when a page's file does not name
    /// a path (then its place below the others cannot be told). The carried pages' links and ids
    /// are read from their lines later, as their results are (`results`): the plan is made while
    /// the export waits for it.
    init?(records: PageRecords, changes: ChangedData, notAsLeft: Set<String>) {
        var carried: [[String]: Int] = [:]
        var carriedInOrder: [(path: [String], page: PageRecords.Page)] = []
        var carriedFiles: [String] = []
        var above: Set<[String]> = []
        var sectionsLeft: [String: PageRecords.Page] = [:]
        // Sized at once: nearly every page is carried, and a table grown by doubling is hashed
        // again at each step.
        carried.reserveCapacity(records.pages.count)
        carriedInOrder.reserveCapacity(records.pages.count)
        carriedFiles.reserveCapacity(records.pages.count)
        for page in records.pages {
            guard let path = ExportState.path(ofPage: page.file) else { return nil }
            if let dependencies = page.dependencies, !dependencies.areTouched(by: changes), !notAsLeft.contains(page.file) {
                // Two records of one page (which no export writes) cannot be told apart.
                guard carried.updateValue(carriedInOrder.count, forKey: path) == nil else { return nil }
                carriedInOrder.append((path, page))
                carriedFiles.append(page.file)
            } else {
                for depth in 0..<path.count { above.insert(Array(path.prefix(depth))) }
                if !page.sections.isEmpty, !notAsLeft.contains(page.file) { sectionsLeft[page.file] = page }
            }
        }
        // An export keeps its records in the report's order; should a file not be, it is sorted.
        if !carriedInOrder.isInOrder(by: { ReportOrder.precedes($0.path, $1.path) }) {
            carriedInOrder.sort { ReportOrder.precedes($0.path, $1.path) }
            for (index, entry) in carriedInOrder.enumerated() { carried[entry.path] = index }
        }
        self.carried = carried
        self.above = above
        self.carriedInOrder = carriedInOrder
        self.carriedFiles = carriedFiles
        copies = SectionCopies(changes: changes, recorded: sectionsLeft)
    }

    /// The carried pages in the report's order, with their links and ids read from their lines
    /// where those give them (see `results`): work to do apart from making the plan, which the
    /// export waits for, beside the root list's read, which it waits for too.
    func pagesWithLinks() -> [(path: [String], page: PageRecords.Page)] {
        carriedInOrder.map { entry in
            var page = entry.page
            _ = page.readLinks()
            return (entry.path, page)
        }
    }

    /// The carried pages not made again, as results in the report's order, each still reached:
    /// its parent was carried too, or was read again and still links to it. (A page its parent
    /// no longer shows depends on the item that row stood for, so a commit touched it and it is
    /// not carried; this only makes sure.) `children` gives the pages each page read again links
    /// down to. A page's links and ids come from its records line (read already in `pages`, from
    /// `pagesWithLinks`: a page there without them is one whose line cannot give them), or else
    /// from its file as the last export left it (`readingFile`); a page neither gives them for
    /// has a problem, so that this export fails and the next makes every page.
    func results(notIn made: Set<[String]>, children: [[String]: Set<String>], pages: [(path: [String], page: PageRecords.Page)],
                 readingFile: (String) -> (ids: Set<String>, links: [PageLink])?) -> [PageResult] {
        // In the report's order a page's parent comes before it and the deepest pages come last:
        // those are no carried page's parent, so they are not remembered as kept (most of a
        // large site is one level of detail pages). Siblings stand together, so their parent is
        // looked up once for them all.
        let deepest = carriedInOrder.last?.path.count ?? 0
        var kept = Set<[String]>()
        var parent: [String]?
        var isParentKept = false
        var parentsChildren: Set<String>?
        var results: [PageResult] = []
        // With room for the pages made, which are put among these (`ReportOrder.insert`).
        results.reserveCapacity(carriedInOrder.count + made.count)
        for (path, page) in pages where !made.contains(path) {
            if let last = path.last {
                if parent.map({ !$0.elementsEqual(path.dropLast()) }) ?? true {
                    let above = Array(path.dropLast())
                    parent = above
                    isParentKept = kept.contains(above)
                    parentsChildren = isParentKept ? nil : children[above]
                }
                guard isParentKept || parentsChildren?.contains(last) == true else { continue }
            }
            if path.count < deepest { kept.insert(path) }
            var result: PageResult
            if page.hasLinks {
                result = PageResult(path: path, file: page.file, ids: page.ids, links: page.links, problems: [], wasWritten: false)
                result.recordLine = page.line
            } else if let read = readingFile(page.file) {
                result = PageResult(path: path, file: page.file, ids: read.ids, links: read.links, problems: [], wasWritten: false)
            } else {
                result = PageResult(path: path, file: page.file, ids: [], links: [], problems: [
                    "\(page.file): its links could not be read from the last export's records, nor from the file",
                ], wasWritten: false)
            }
            result.dependencies = page.dependencies
            result.sections = page.sections
            results.append(result)
        }
        return results
    }
}
