import ArgumentParser
import CQuickExit
import Foundation
import TableApp
import TableExport
import TableRender
import TableStore
import TableSite

/// `tablestack export`: writes every reachable page as a static, read-only site.
struct Export: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every page reachable from the root as a static, read-only site.",
        discussion: """
            Each page becomes DIR/<path>/index.html with relative links, so the export opens from \
            file:// and from any sub-path of a static host. Every page is checked against the \
            markup contract and every internal link resolved; any problem names the page and the \
            link and exits with 1. A new DIR is made beside it and renamed into place when \
            complete; in an existing DIR unchanged pages are not rewritten, so it can be synced \
            incrementally. When the app, templates, data and assets are those of the last export \
            into DIR and its files are as that export left them, nothing is read or rendered.
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "The folder to write the site to.")
    var out: String

    @Option(name: .long, help: "The site's origin for absolute sitemap URLs, such as https://example.com.")
    var siteURL: String?

    @Flag(name: .long, help: "Print nothing but problems.")
    var quiet = false

    func run() async throws {
        try site.checkBasePath()
        try checkSiteURL()
        try checkOutputFolder()
        // Whether the database was written since the folder's last export, asked before this
        // command opens it (opening may make its log file anew).
        let writtenSinceExport = Self.writtenSince(lastExportInto: out, db: site.db)
        // An app file's database, there already, opens while the app file is read (the demo's
        // is seeded once the store is open; one not there, or an empty file, is refused below).
        let opening = site.app == nil ? nil : StoreOpening.beginOpening(site.db, readsOnce: true)
        let definition = try site.appDefinition()
        // The demo's data goes into a new database, as `serve` puts it; an app file's would be empty.
        if site.app != nil {
            try StoreOpening.requireExisting(site.db, consequence: "; an export would make one and publish empty lists: import the app's data into it first")
        }
        var options = ExportOptions(outputFolder: out, basePath: site.basePath, siteURL: siteURL, publicFolder: site.publicFolder)
        options.sources = ExportSources.fingerprint(
            app: site.app, templateFolders: [site.templates] + (definition.templateFolder.map { [$0] } ?? []),
            database: StoreOpening.describe(site.db))
        // The command ends the process leaving its memory (`end()`), or exits on an error.
        options.processEndsAfterExport = true
        // Into a folder its last export may still describe, the data comes first: when the folder
        // holds this export already, the command answers without loading the templates, which
        // it needs only to make pages (their check takes both cores, as the up-to-date check's
        // stats do). Otherwise the templates are checked before the database is opened.
        let store: any DatabaseStore
        let templates: TemplateSet
        // Templates the folder's last export loaded, by this build, need not be checked again.
        let checkedBefore = SiteExporter.templateChecks(in: out)
        if SiteExporter.mayBeUpToDate(options) {
            // A database written since that export most likely holds other data: then the
            // templates load while the store opens and the folder is checked, on the core those
            // leave idle, and are let go unprinted should the folder be up to date after all.
            let loading = writtenSinceExport ? Task { [folder = site.templates] in
                AppTemplates.loaded(folder: folder, for: definition, checkedBefore: checkedBefore)
            } : nil
            store = try await site.openStore(for: definition, readsOnce: true, begun: opening)
            if let report = try await CommandErrors.reporting({ try await SiteExporter.upToDateReport(options: options, store: store) }) {
                try finish(report)
                Self.end()
            }
            templates = try AppTemplates.printing(await loading?.value
                ?? AppTemplates.loaded(folder: site.templates, for: definition, checkedBefore: checkedBefore))
        } else {
            templates = try AppTemplates.load(folder: site.templates, for: definition, checkedBefore: checkedBefore)
            store = try await site.openStore(for: definition, readsOnce: true, begun: opening)
        }
        var exporter = SiteExporter(site: site.site(definition, templates: templates, store: store, forExport: true), options: options)
        let started = Date()
        if !quiet {
            exporter.progress = { done, known in
                let rate = Double(done) / max(Date().timeIntervalSince(started), 0.001)
                printError("[\(done)/\(known)] pages, \(Int(rate)) pages/s")
            }
        }
        let interruption = ExportInterruption()
        let exporting = Task { [exporter] in try await exporter.export() }
        interruption.cancels(exporting)
        let outcome = await exporting.result
        interruption.stop()
        // Interrupted, the command ends by the signal, so that a script running it stops too; an
        // export that had made every page when the signal came is complete all the same.
        if let number = interruption.signal {
            if case let .success(report) = outcome {
                try? finish(report)
                printError("tablestack: interrupted once every page was made; the export is complete")
            } else {
                printError("tablestack: interrupted; the export was not finished"
                           + (FileManager.default.fileExists(atPath: out) ? "" : ", and nothing is left of it"))
            }
            ExportInterruption.end(by: number)
        }
        try finish(try CommandErrors.reporting { try outcome.get() })
        Self.end()
    }

    /// Whether the SQLite database `db` was written after the last export into `folder` saved its
    /// state; `false` for PostgreSQL, whose writes leave no file here.
    private static func writtenSince(lastExportInto folder: String, db: String) -> Bool {
        guard let written = StoreOpening.lastWritten(db), let saved = SiteExporter.lastSaved(in: folder) else { return false }
        return written > saved
    }

    /// Refuses a site URL that is not an origin (`https://example.com`, with a port at most):
    /// the sitemap's addresses are it, the base path and the page's path.
    private func checkSiteURL() throws {
        guard let siteURL else { return }
        let reading = WebAddress.read(siteURL)
        if case let .refused(why) = reading {
            printError("tablestack: --site-url \"\(siteURL)\": \(why)")
            throw ExitCode.validationFailure
        }
        guard case let .address(url) = reading, url.user == nil, url.query == nil, url.fragment == nil, ["", "/"].contains(url.path) else {
            printError("tablestack: --site-url must be an http or https origin such as https://example.com (a path goes in --base-path), not \"\(siteURL)\"")
            throw ExitCode.validationFailure
        }
    }

    /// Refuses an output folder that is the file system's root, or that is (or lies inside) the
    /// public folder the export copies into it: each export would copy the last one again.
    private func checkOutputFolder() throws {
        let output = URL(fileURLWithPath: out.isEmpty ? "." : out).standardizedFileURL.resolvingSymlinksInPath().path
        let assets = URL(fileURLWithPath: site.publicFolder).standardizedFileURL.resolvingSymlinksInPath().path
        if out.isEmpty || output == "/" {
            printError("tablestack: --out must name a folder for the site, not \"\(out)\"")
            throw ExitCode.validationFailure
        }
        if output == assets || output.hasPrefix(assets.hasSuffix("/") ? assets : assets + "/") {
            printError("tablestack: --out \(out) lies in the public folder \(site.publicFolder), which the export copies into it; choose a folder outside it")
            throw ExitCode.validationFailure
        }
    }

    /// Ends the process once the report is printed, rather than closing the store (whose last
    /// connection would checkpoint and sync what the last writer left in its log) and freeing the
    /// site and its reads object by object. An export writes no data (what opening the store may
    /// have brought up to date is committed already), so nothing waits on either. Nor does whoever
    /// waits for the command wait while the kernel frees its memory: a child holds it until the
    /// command is gone (`tablestack_exit_leaving_memory`, which flushes the output; problems throw
    /// before this, with their exit status).
    private static func end() -> Never {
        tablestack_exit_leaving_memory(EXIT_SUCCESS)
    }

    /// Prints the report's warnings, problems and summary; exit status 1 when it has problems.
    private func finish(_ report: ExportReport) throws {
        for warning in report.warnings { printError("tablestack: \(warning)") }
        for problem in report.problems { printError("tablestack: \(problem)") }
        guard report.problems.isEmpty else {
            printError("tablestack: the export has \(report.problems.count) problem\(report.problems.count == 1 ? "" : "s")")
            throw ExitCode.failure
        }
        if !quiet, report.wasUpToDate {
            print("\(out) is up to date: \(report.pages.count) pages, made from the same app, templates and data (checked in "
                  + "\(String(format: "%.3f", report.seconds)) s).")
        } else if !quiet {
            // Only the pages the change log says may have changed were made: say so.
            let copied = report.copiedSections == 0 ? ""
                : ", \(report.copiedSections) of their sections copied from the last export's files"
            let made = report.made < report.pages.count ? "\(report.made) made again from changed data\(copied); " : ""
            print("Exported \(report.pages.count) pages to \(out) in \(String(format: "%.2f", report.seconds)) s "
                  + "(\(Int(report.rate)) pages/s; \(made)\(report.written) written, \(report.unchanged) unchanged"
                  + (report.removed > 0 ? "; removed \(report.removed) page\(report.removed == 1 ? "" : "s") the site no longer has)." : ")."))
        }
    }
}
