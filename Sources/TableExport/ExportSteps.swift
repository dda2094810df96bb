import TableSite

/// What one task of an export did: found pages (made those without children) or made one.
enum ExportStep: Sendable {
    case found([FoundPage], made: [PageResult])
    case made(PageResult)
}

/// A page whose controller is read and whose children are known, still to be made. A class: it
/// passes from task to task, and copying the page each time cost more than the reference.
final class FoundPage: Sendable {
    let page: SitePage
    /// The segments of the pages its rows lead to.
    let children: [String]
    let dependencies: PageDependencies?
    /// What the pages it leads to depend on from it (`PageDependencies.handedDown`).
    let handedDown: PageDependencies?

    init(page: SitePage, children: [String], dependencies: PageDependencies?, handedDown: PageDependencies?) {
        self.page = page
        self.children = children
        self.dependencies = dependencies
        self.handedDown = handedDown
    }
}

/// A page to read: the root, or the page `segment` leads to from `parent`.
struct PageToFind: Sendable {
    var segment: String?
    var parent: SitePage?
    /// What it depends on from the pages above it (`PageDependencies.handedDown`); `nil` when one
    /// of them has data the change log cannot speak for.
    var above: PageDependencies? = PageDependencies.empty
    /// The page's read, begun already (the root's).
    var read: Task<SitePage, any Error>?
}

/// One exported page: what the link checker needs to know about it.
struct PageResult: Sendable {
    var path: [String]
    var file: String
    var ids: Set<String>
    /// Its internal links, resolved.
    var links: [PageLink]
    var problems: [String]
    var wasWritten: Bool
    /// Advice about a Swift data source's table, first time for its controller.
    var advice: [String] = []
    /// What data the page was made from; `nil` when the change log cannot speak for it.
    var dependencies: PageDependencies?
    /// How its file was left, for a page taken as the last export left it.
    var stamp: ExportState.Stamp?
    /// For a page taken as the last export left it, its line in that export's records, while its
    /// ids are the ones the line keeps.
    var recordLine: ArraySlice<UInt8>?
    /// Where a long list's page holds each section's rows in its file (`SectionRecord`).
    var sections: [SectionRecord] = []
    /// How many sections' rows were copied from the page's file rather than rendered.
    var copiedSections = 0
    /// How many of those the contract check took as it checked them last time.
    var sectionsTakenAsChecked = 0
}
