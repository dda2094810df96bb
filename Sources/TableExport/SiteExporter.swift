import Foundation
import Glibc
import TableApp
import TableKit
import TableRender
import TableSite
import TableStore

/// Writes every page reachable from the root scene as `<out>/<path>/index.html`, read-only and
/// with relative links, copies the public folder, writes a sitemap, then checks every page and
/// every internal link. Pages are rendered, checked and written in parallel, and a page whose
/// bytes are unchanged is not rewritten.
public struct SiteExporter: Sendable {
    public private(set) var site: Site
    public private(set) var options: ExportOptions
    /// Whether the output folder is new to this export (nothing in it to compare or replace).
    private(set) var isFresh = false
    /// Where the data stands (the store's newest commit) for the up-to-date check; `nil` when the
    /// store keeps no change log, or its newest commit came in the export's own second.
    private var dataState: String?
    /// The store's change log and its mark as the export began, whatever its second: what the
    /// next export replays commits from.
    private(set) var changeLog: (store: any DatabaseStore, mark: DataMark)?
    /// Called with (pages done, pages known) as the export goes.
    public var progress: @Sendable (Int, Int) -> Void = { _, _ in }
    let notes = ExportNotes()
    let advice = DeveloperAdvice()

    /// Makes an exporter; the site's links are made relative for files.
    public init(site: Site, options: ExportOptions) {
        self.site = site.with(urls: URLBuilder(basePath: "/", isRelative: true))
        self.options = options
    }

    /// Exports the site. Problems in pages or links are listed in the report; `run` of the
    /// command line turns them into a non-zero exit.
    ///
    /// An export into a folder that does not exist yet is made in a folder beside it and renamed
    /// into place when done: the site appears whole, and no page needs a file of its own renamed
    /// in. An export over an existing folder replaces each changed page file by a rename.
    public func export() async throws -> ExportReport {
        var run = self
        if let runtime = site.appRuntime {
            // Read before any page: data committed while the export runs makes the next one run again.
            if let store = runtime.store as? any DatabaseStore {
                let mark = try await store.dataMark()
                run.changeLog = (store, mark)
                run.dataState = Self.state(of: mark, startedIn: Int(Date().timeIntervalSince1970))
            }
            run.site = Site(storyboard: AppRuntime(app: runtime.app, store: ExportReads(runtime.store)), renderer: site.renderer, urls: site.urls)
        }
        // Without a slash at the end: with one, a file at the path reads as nothing there.
        var target = options.outputFolder
        while target.count > 1, target.hasSuffix("/") { target.removeLast() }
        // Anything at the path, a dangling symbolic link included (attributes are read without
        // following links), is written into in place.
        guard (try? FileManager.default.attributesOfItem(atPath: target)) == nil else { return try await run.exportPages() }
        StagingFolders.removeLeftovers(besides: target)
        let staging = StagingFolders.name(besides: target)
        run.options.outputFolder = staging
        run.isFresh = true
        StagingFolders.add(staging)
        defer { StagingFolders.remove(staging) }
        do {
            let report = try await run.exportPages()
            if let failure = StagingFolders.rename(staging, to: target) {
                // The folder was not there when the export began: something (another export) made it meanwhile.
                throw ExportError.cannotWrite(target, [ENOTEMPTY, EEXIST].contains(failure)
                    ? "a folder appeared here while this export ran (another export?); it was left as it is and this site was not put there; export again to update it"
                    : String(cString: strerror(failure)))
            }
            return report
        } catch {
            try? FileManager.default.removeItem(atPath: staging)
            // Name the folder the user asked for, not the one beside it.
            if case let ExportError.cannotWrite(path, reason) = error, path.hasPrefix(staging) {
                throw ExportError.cannotWrite(target + path.dropFirst(staging.count), reason)
            }
            throw error
        }
    }

    /// How deep pages may nest (`Site.deepestPage`); deeper, a scene leads to itself (and the
    /// export would never end).
    static let deepestPage = Site.deepestPage

    private func exportPages() async throws -> ExportReport {
        let started = Date()
        try OutputFolder.makeFolders(options.outputFolder)
        let asFound = isFresh ? nil : FolderAsFound(options.outputFolder)
        let assets = try Self.copyPublicFolder(options)
        let inputs = Self.inputs(of: options, data: dataState, assets: assets)
        // What the pages are made from besides the data: the next export may make only what changed
        // when this is the same.
        let base = Self.inputs(of: options, data: "", assets: assets)
        // The root is read first, while the last export's state is read, the plan made and the
        // manifest read: nearly every change touches a page below it, and the page of a long list
        // is the export's longest wait. At a higher priority: its read, handed back from the
        // database's queue, would otherwise wait for a thread while the manifest and the records
        // are read on both. Only once the folder cannot be up to date: its last export's inputs,
        // at the head of its state, are not these.
        let readRoot = { [site] in Task(priority: .high) { try await site.page(at: []) } }
        let mayBeUpToDate = !isFresh && inputs != nil && ExportState.savedInputs(in: options.outputFolder) == inputs
        let readFirst = mayBeUpToDate ? nil : readRoot()
        // The export's own files are read off the cooperative threads: the root's read, handed
        // back by the database, would otherwise wait for this task to finish them.
        let folderPath = options.outputFolder
        let (previous, hasState) = isFresh ? (nil, false) : await offThePool {
            // Files an export killed here wrote: listed now as a stopped export's are, so that this
            // one takes them for its own and removes those its site does not have.
            let killed = WrittenJournal.read(from: folderPath)
            if !killed.isEmpty {
                ExportState.keepPages(of: ExportState.load(from: folderPath), andWritten: killed, in: folderPath)
                WrittenJournal.remove(from: folderPath)
            }
            return (ExportState.load(from: folderPath), FileManager.default.fileExists(atPath: folderPath + "/" + ExportState.fileName))
        }
        if let previous, let inputs, mayBeUpToDate,
           let report = Self.reportIfUpToDate(previous, folder: options.outputFolder, inputs: inputs, started: started) {
            return report
        }
        let root = readFirst ?? readRoot()
        defer { root.cancel() }
        let planning = Task { [self] in await incrementalPlan(after: previous, base: base) }
        defer { planning.cancel() }
        // Until this export ends, the folder is never up to date; the last one's pages stay listed,
        // so that an export after this one, should it fail, still knows which files were its own.
        // How the last complete export left each page: with the manifest, it tells a page whose
        // bytes are unchanged without reading its file.
        let (leftAs, manifest) = await offThePool {
            ExportState.keepPagesOnly(of: previous, in: folderPath)
            let leftAs = previous.map { Dictionary($0.pages.map { ($0.file, $0.stamp) }, uniquingKeysWith: { first, _ in first }) } ?? [:]
            return (leftAs, ExportManifest(folder: folderPath))
        }
        let output: OutputFolder
        do {
            // The files exports wrote here besides the pages `leftAs` names (the sitemap): those the
            // state lists; none known, in a folder without a state or with one this TableStack cannot
            // read. Unknown after an export that began and never ended (killed), which may not have
            // listed all it wrote.
            let earlierFiles: Set<String>? = if isFresh { nil } else if let previous {
                previous.wasCutShort ? nil : Set(previous.files.lazy.map(\.file))
            } else {
                []
            }
            // Without a record, no file can be told for an export's: the refusal says why, and what to do.
            let withoutRecord = isFresh || previous != nil ? nil : hasState ? "its record of them cannot be read" : "it holds no record of them"
            output = try OutputFolder(path: options.outputFolder, isFresh: isFresh, leftAs: leftAs, earlierFiles: earlierFiles, withoutRecord: withoutRecord)
        } catch {
            // The reads begun above end before the export does (a cancelled task still runs on).
            _ = await (root.result, planning.value)
            throw error
        }
        // An export that stops before its state is saved (an error, Ctrl-C) still lists the
        // files it wrote, so that the next one removes those its site no longer has.
        var isRecorded = false, lastComplete = previous
        let isFirst = previous == nil
        defer {
            if !isRecorded, isFirst, output.refusedAFile, let asFound {
                asFound.takeBack(output)
            } else if !isRecorded, !isFresh {
                ExportState.keepPages(of: lastComplete, andWritten: output.filesWritten, in: folderPath)
            }
            if !isFresh { WrittenJournal.remove(from: folderPath) }
        }
        var results: [PageResult] = []
        // Each page is found (its scene read, its children listed) before it is made (rendered,
        // checked, written), so a long list's children are made while the list itself still is:
        // a 10,000-row root page no longer holds every core but one idle. Pages without children
        // (most of a large site: an item's detail page) are found and made in one go, a chunk of
        // them per task; a page with children is handed back to be made by a task of its own.
        // Making goes before finding, which keeps the found-but-unmade scenes few.
        var toFind = [PageToFind(segment: nil, parent: nil, read: root)]
        var plan: IncrementalPlan?
        // The rows that pages made from now on may copy from their files (the plan's, once known).
        var copies: SectionCopies?
        var toMake: [FoundPage] = []
        // How many pages were found: each once, as a page's children are its rows' distinct segments.
        var pagesFound = 1
        // The pages each page found links down to, for taking carried pages below it.
        var childrenFound: [[String]: Set<String>] = [:]
        // The pages this export makes, known once every page is found: then the carried pages'
        // results are worked out while the last pages (the long list's, most often) are made.
        var madePaths: Set<[String]> = []
        var carriedResults: Task<(made: Set<[String]>, results: [PageResult]), Never>?
        var readingCarriedPages: Task<[(path: [String], page: PageRecords.Page)], Never>?
        var lastReport = Date.distantPast
        try await withThrowingTaskGroup(of: ExportStep.self) { group in
            var running = 0
            var findsRunning = 0
            func startNext() {
                let copies = copies
                if let page = toMake.popLast() {
                    group.addTask {
                        .made(try self.makePage(page.page, dependencies: page.dependencies, copies: copies, manifest: manifest, output: output))
                    }
                } else if !toFind.isEmpty {
                    let chunk = Array(toFind.suffix(Self.findChunk).reversed())
                    toFind.removeLast(chunk.count)
                    findsRunning += 1
                    group.addTask { try await self.findPages(chunk, copies: copies, manifest: manifest, output: output) }
                } else {
                    return
                }
                running += 1
            }
            // With a plan, only pages it does not carry are found, and the pages above them.
            startNext()
            plan = await planning.value
            // A page taken as it is keeps the date the manifest gives its content; a manifest
            // that lost it (or could not be read) would date the pages made now anew and leave
            // the others: then every page is made.
            if let carried = plan?.carriedFiles, !manifest.hasDates(for: carried) { plan = nil }
            copies = plan?.copies
            // The carried pages' links are read while the root list still is, on the core the plan leaves.
            let carriedPages = plan.map { plan in Task { plan.pagesWithLinks() } }
            readingCarriedPages = carriedPages
            let finds = { [plan] (path: [String]) in plan?.finds(path) ?? true }
            while running < options.concurrency, !(toMake.isEmpty && toFind.isEmpty) { startNext() }
            while let step = try await group.next() {
                // Cancelled (Ctrl-C): the pages in hand are finished, no other is begun.
                try Task.checkCancellation()
                running -= 1
                switch step {
                case let .found(pages, made):
                    findsRunning -= 1
                    results += made
                    madePaths.formUnion(made.lazy.map(\.path))
                    // (The root, found before the plan was known, is left when the plan carries it.)
                    for page in pages where finds(page.page.path) {
                        // A page the plan carries is read only to reach the pages below it that
                        // are not: nothing it shows has changed, so it is taken as it is. (A
                        // change deep down would otherwise make every page above it again, the
                        // root's long list among them.)
                        if plan?.carries(page.page.path) != true {
                            toMake.append(page)
                            madePaths.insert(page.page.path)
                            // Made while its children are listed: a long list's page takes longest.
                            if running < options.concurrency { startNext() }
                        }
                        if plan != nil { childrenFound[page.page.path] = Set(page.children) }
                        pagesFound += page.children.count
                        if !page.children.isEmpty, page.page.path.count >= Self.deepestPage { throw ExportError.tooDeep(page.page.path) }
                        for child in page.children.reversed() where finds(page.page.path + [child]) {
                            toFind.append(PageToFind(segment: child, parent: page.page, above: page.handedDown))
                        }
                    }
                case .made(let result):
                    results.append(result)
                }
                if carriedResults == nil, let plan, toFind.isEmpty, findsRunning == 0 {
                    let made = madePaths, children = childrenFound
                    let folder = options.outputFolder, carriedPages = readingCarriedPages
                    carriedResults = Task {
                        (made, await Self.carriedResults(of: plan, notIn: made, children: children, reading: carriedPages, folder: folder,
                                                         leftAs: leftAs))
                    }
                }
                if Date().timeIntervalSince(lastReport) > 0.25 {
                    progress(results.count, pagesFound)
                    lastReport = Date()
                }
                while running < options.concurrency, !(toMake.isEmpty && toFind.isEmpty) { startNext() }
            }
        }
        let made = results.count
        // The order of the sitemap and the report (`ReportOrder`); the carried pages come in it.
        results.sort { ReportOrder.precedes($0.path, $1.path) }
        if let plan {
            // Worked out again should the pages made not be the ones foreseen (they always are).
            let madeNow = Set(results.map(\.path))
            var carried: [PageResult]
            if let foreseen = await carriedResults?.value, foreseen.made == madeNow {
                carried = foreseen.results
            } else {
                carried = await Self.carriedResults(of: plan, notIn: madeNow, children: childrenFound, reading: readingCarriedPages,
                                                    folder: options.outputFolder, leftAs: leftAs)
            }
            // The task let go of, so that the carried pages' array is this one's alone: the few
            // pages made are moved into it, rather than all 10,000 copied around them.
            carriedResults = nil
            Self.completeIDs(of: &carried, linkedFrom: results, in: options.outputFolder)
            ReportOrder.insert(results, into: &carried)
            results = carried
        }
        progress(results.count, results.count)

        // The sitemap, the manifest and the records are written while the links are checked. What
        // the next export needs to make only what changed: an export with problems or warnings
        // leaves no records, and the next one makes every page again.
        let paths = results.map(\.path)
        let finished = results
        // The same for the state and the records: unknown inputs are this export's alone.
        let savedInputs = inputs ?? ExportState.unknownInputs()
        async let written: Void = {
            try self.writeSitemap(paths, to: output, previous: previous)
            try manifest.save()
        }()
        async let recorded: Void = {
            if let base, let changeLog, finished.allSatisfy({ $0.problems.isEmpty && $0.advice.isEmpty }) {
                let records = PageRecords(inputs: savedInputs, base: base, data: changeLog.mark.text, results: finished,
                                          templateChecks: self.site.renderer.templates.checksFingerprint)
                try records.save(to: self.options.outputFolder)
                // A record a page: freed one by one, they held up the export's end.
                BackgroundRelease.release(consume records, keepingToExit: self.options.processEndsAfterExport)
            } else {
                PageRecords.remove(from: self.options.outputFolder)
            }
        }()
        // Before the links are checked: a link to a removed page is broken, as in a fresh export.
        // One table of the pages by file, for both.
        let positions = LinkChecker.positions(of: results)
        let removed = previous.map { StalePages.remove($0, keeping: positions.keys, in: options.outputFolder) } ?? []
        let problems = results.flatMap(\.problems)
            + (await LinkChecker(results: results, outputFolder: options.outputFolder, positions: positions).problems())
        try await written
        // Counted, not filtered: a filtered array would hold a copy of nearly every result.
        let pagesWritten = results.reduce(0) { $0 + ($1.wasWritten ? 1 : 0) }
        var report = ExportReport(pages: paths, written: pagesWritten, unchanged: results.count - pagesWritten,
                                  seconds: Date().timeIntervalSince(started), problems: problems)
        report.warnings = results.flatMap(\.advice)
        report.made = made
        report.copiedSections = results.reduce(0) { $0 + $1.copiedSections }
        report.sectionsTakenAsChecked = results.reduce(0) { $0 + $1.sectionsTakenAsChecked }
        report.removed = removed.count
        // Saved while the records still are: the state needs the links checked and the sitemap
        // written, not the records. Should they then fail, the state is struck out again; should
        // the export stop in between, the next one finds records of other inputs than the
        // state's (unknown inputs are unique to an export), and makes every page.
        let state = ExportState.left(by: results, files: options.siteURL == nil ? [] : ["sitemap.xml"], inputs: savedInputs,
                                     problems: report.problems, warnings: report.warnings, in: options.outputFolder)
        try state?.save(to: options.outputFolder)
        // (No state when a page's file is gone already: then the pages written are listed as a stopped export's.)
        if state != nil { (isRecorded, lastComplete) = (true, nil) }
        do {
            try await recorded
        } catch {
            ExportState.keepPagesOnly(of: state, in: options.outputFolder)
            throw error
        }
        if !problems.isEmpty { PageRecords.remove(from: options.outputFolder) }
        // The plan is also the planning task's result, and the root page the root task's: the
        // tasks go too. (The manifest, the output folder and the tasks are copies, held by the
        // pages' tasks and the cancelling on error.)
        BackgroundRelease.release((consume results, consume finished, consume plan, consume previous, consume state, consume leftAs,
                                   consume childrenFound, consume madePaths, consume readingCarriedPages, manifest, output, planning, root),
                                  keepingToExit: options.processEndsAfterExport)
        return report
    }

    /// How many pages one finding task takes on.
    static let findChunk = 32

    /// Reads the pages `pages` name, each from its parent's controller through the storyboard,
    /// and lists the pages each links down to, as its own links do; a page that links nowhere
    /// is made at once, the others are handed back.
    private func findPages(_ pages: [PageToFind], copies: SectionCopies?, manifest: ExportManifest,
                           output: OutputFolder) async throws -> ExportStep {
        var found: [FoundPage] = []
        var made: [PageResult] = []
        for toFind in pages {
            let page: SitePage
            if let parent = toFind.parent, let segment = toFind.segment {
                guard let child = try await site.child(segment, of: parent) else {
                    throw ExportError.pageNotFound(parent.path + [segment])
                }
                page = child
            } else if let read = toFind.read {
                page = try await read.value
            } else {
                page = try await site.page(at: [])
            }
            let dependencies = toFind.above.flatMap { PageDependencies.of(page, below: $0) }
            let children = site.childSegments(of: page)
            if children.isEmpty {
                made.append(try makePage(page, dependencies: dependencies?.own, copies: copies, manifest: manifest, output: output))
            } else {
                found.append(FoundPage(page: page, children: children, dependencies: dependencies?.own, handedDown: dependencies?.handedDown))
            }
        }
        return .found(found, made: made)
    }

    /// Stands for the footer's note while a page is rendered and checked (private-use characters
    /// no page text contains, and nothing escaping changes).
    static let notePlaceholder = "\u{F8FD}tablestack-export-note\u{F8FD}"

    /// The page's file, relative to the output folder.
    func pageName(_ path: [String]) -> String {
        (path.map(URLBuilder.encodeSegment) + ["index.html"]).joined(separator: "/")
    }

    static func format(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "d MMMM yyyy 'at' HH:mm 'UTC'"
        return formatter.string(from: date)
    }
}
