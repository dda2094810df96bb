import Foundation
import TableRender
import TableStore

/// Whether an export's folder already holds what it would make: the same sources, data, public
/// folder and options as its last export, each file as that export left it.
extension SiteExporter {
    /// Whether `options.outputFolder` holds what an export left to be found up to date: a folder
    /// with the state of its last export. A command asks `upToDateReport` only then, and otherwise
    /// goes about an export in its usual order (templates checked before the database is opened).
    public static func mayBeUpToDate(_ options: ExportOptions) -> Bool {
        options.sources != nil && FileManager.default.fileExists(atPath: options.outputFolder + "/" + ExportState.fileName)
    }

    /// When the last export into `folder` saved its state (the modification time of its state
    /// file, in seconds since 1970); `nil` when no export did.
    public static func lastSaved(in folder: String) -> Double? {
        FilePaths.modified(folder + "/" + ExportState.fileName)
    }

    /// The report of an export into `options.outputFolder` when the folder already holds it: the
    /// same sources, data, public folder and options as its last export, and every file as that
    /// export left it. `nil` when pages must be made (or `options.sources` is not given), and
    /// then nothing was written.
    ///
    /// It reads the store's data mark, reads the public folder and looks at each page file's size
    /// and time; it needs no templates and reads no list, so a command can ask before it loads
    /// and validates its templates. Up to date, it copies the public folder's changed files, as
    /// `export()` does; `export()` asks the same itself.
    public static func upToDateReport(options: ExportOptions, store: any DataStore) async throws -> ExportReport? {
        let started = Date()
        // Only a folder can hold an export; anything else is left for `export()` to report.
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.outputFolder, isDirectory: &isFolder), isFolder.boolValue,
              options.sources != nil, let store = store as? any DatabaseStore,
              let data = state(of: try await store.dataMark(), startedIn: Int(started.timeIntervalSince1970)) else { return nil }
        let assets = try publicFiles(options)
        guard let inputs = inputs(of: options, data: data, assets: fingerprint(of: assets)),
              ExportState.savedInputs(in: options.outputFolder) == inputs, let state = ExportState.load(from: options.outputFolder),
              var report = reportIfUpToDate(state, folder: options.outputFolder, inputs: inputs, started: started) else { return nil }
        try copy(assets, options)
        report.seconds = Date().timeIntervalSince(started)
        return report
    }

    /// The fingerprint of everything an export's pages are made from; `nil` when the sources or
    /// the data cannot be told apart from another's (no sources given, no change log, a commit in
    /// the export's own second).
    static func inputs(of options: ExportOptions, data: String?, assets: String) -> String? {
        guard let sources = options.sources, let data else { return nil }
        return Fingerprint.hex(of: [sources, data, assets, options.basePath, options.siteURL ?? ""].joined(separator: "\n"))
    }

    /// The last export's report, when `state` (the state of `folder`) was made from `inputs` and
    /// its files are as left.
    static func reportIfUpToDate(_ state: ExportState, folder: String, inputs: String, started: Date) -> ExportReport? {
        guard state.inputs == inputs,
              case let paths = state.pages.compactMap({ ExportState.path(ofPage: $0.file) }), paths.count == state.pages.count,
              state.filesAreAsLeft(in: folder) else { return nil }
        var report = ExportReport(pages: paths, written: 0, unchanged: state.pages.count,
                                  seconds: Date().timeIntervalSince(started), problems: state.problems)
        report.warnings = state.warnings
        report.wasUpToDate = true
        return report
    }

    /// Where the data stands for the up-to-date check, given the store's mark read from the
    /// database (another process may have committed since the store was opened); `nil` when its
    /// newest commit was made in the second the export began (or later, by another clock): a
    /// commit made after the mark is taken must always carry another time (see `DataMark`).
    static func state(of mark: DataMark, startedIn second: Int) -> String? {
        mark.newestCommitTime < second ? mark.text : nil
    }
}
