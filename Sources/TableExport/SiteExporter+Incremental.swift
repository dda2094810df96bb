import Foundation
import TableRender
import TableStore

extension SiteExporter {
    /// How to make only what changed since the last export into the folder, whose state is
    /// `state`; `nil` when every page must be made. That is when there was none (or the folder
    /// is new to this export), when the last export had problems or warnings, left no records,
    /// was made from other sources, public folder or options (`base`) or from another database;
    /// when the change log no longer reaches back to it, a commit since replaced the whole store,
    /// or the log cannot be read (the export then reads every page, and reports what fails
    /// there). `exportPages` also drops a plan whose carried pages the manifest does not date.
    func incrementalPlan(after state: ExportState?, base: String?) async -> IncrementalPlan? {
        guard !isFresh, let state, let base, state.problems.isEmpty, state.warnings.isEmpty, let changeLog else { return nil }
        // The page files are looked at while the records are read, both off the cooperative threads.
        let folder = options.outputFolder
        async let notAsLeft = offThePool { state.pagesNotAsLeft(in: folder) }
        guard let records = await offThePool({ PageRecords.load(from: folder, readingLinks: false) }), records.base == base,
              records.inputs == state.inputs,
              records.pages.count == state.pages.count, zip(records.pages, state.pages).allSatisfy({ $0.file == $1.file }),
              let sequence = DataMark(text: records.data, newestCommitTime: 0).sequence,
              let mark = try? await changeLog.store.dataMark(at: sequence), mark.text == records.data,
              let commits = try? await changeLog.store.commits(after: sequence) else { return nil }
        let changes = ChangedData(commits)
        guard !changes.replacedEverything, let notAsLeft = await notAsLeft else { return nil }
        return IncrementalPlan(records: records, changes: changes, notAsLeft: notAsLeft)
    }

    /// The results of the pages `plan` carries and the export reaches (`IncrementalPlan.results`),
    /// their links read from their lines by `reading` (or now, should it not have begun), else
    /// from their files in `folder`, and stamped as their files were left.
    static func carriedResults(of plan: IncrementalPlan, notIn made: Set<[String]>, children: [[String]: Set<String>],
                               reading: Task<[(path: [String], page: PageRecords.Page)], Never>?, folder: String,
                               leftAs: [String: ExportState.Stamp]) async -> [PageResult] {
        let pages = await reading?.value ?? plan.pagesWithLinks()
        return stamped(plan.results(notIn: made, children: children, pages: pages) { linksAndIDs(ofFile: $0, in: folder) }, leftAs: leftAs)
    }

    /// Carried pages' results with the stamps their files were left with: the files were found
    /// as left when the plan was made.
    static func stamped(_ carried: consuming [PageResult], leftAs: [String: ExportState.Stamp]) -> [PageResult] {
        // Taken over, not borrowed: the array is set in place, not copied first.
        var carried = carried
        for index in carried.indices { carried[index].stamp = leftAs[carried[index].file] }
        return carried
    }

    /// Gives a carried page (of `carried`) all its ids where a page made now (of `made`) links
    /// to one its records did not keep (they keep those the last export's links named): read
    /// from its file in `folder`, so the link checker judges the new link by the page as it is.
    static func completeIDs(of carried: inout [PageResult], linkedFrom made: [PageResult], in folder: String) {
        // Only links into carried pages count: most often the pages made now link by anchor to
        // one another alone (an item's page back to its row in the list made again with it), and
        // then no table of the carried pages is made.
        let madeFiles = Set(made.lazy.map(\.file))
        let anchored = made.flatMap(\.links).filter { link in
            link.anchor != nil && link.target.map { !madeFiles.contains($0) } == true
        }
        guard !anchored.isEmpty else { return }
        var byFile: [String: Int] = [:]
        byFile.reserveCapacity(carried.count)
        for index in carried.indices { byFile[carried[index].file] = index }
        var read: Set<Int> = []
        for link in anchored {
            guard let target = link.target, let anchor = link.anchor, let page = byFile[target],
                  !carried[page].ids.contains(anchor), read.insert(page).inserted,
                  let file = linksAndIDs(ofFile: target, in: folder) else { continue }
            carried[page].ids = file.ids
            carried[page].recordLine = nil
        }
    }

    /// The ids and links of the page file `file` in `folder` as the last export left it, read and
    /// checked; `nil` when it cannot be read.
    static func linksAndIDs(ofFile file: String, in folder: String) -> (ids: Set<String>, links: [PageLink])? {
        FileBytes.read(folder + "/" + file).map {
            let inspection = PageValidator.inspect(String(decoding: $0, as: UTF8.self), page: file)
            return (inspection.ids, PageLink.resolve(inspection.links, of: file))
        }
    }
}
