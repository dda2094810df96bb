import Foundation

/// What an export writes and how it reports.
public struct ExportOptions: Sendable {
    /// The folder the site is written to.
    public var outputFolder: String
    /// Where the site will be served from, for the sitemap ("/" or "/prefix/").
    public var basePath: String
    /// The site's origin for absolute sitemap URLs ("https://example.com"); paths only when `nil`.
    public var siteURL: String?
    /// The folder of static assets copied to `_assets/`.
    public var publicFolder: String
    /// How many pages are in flight at once: four per core by default, so that while some wait
    /// for their data others keep every core busy.
    public var concurrency: Int
    /// The moment the export is made, shown in every page's footer.
    public var date: Date
    /// A fingerprint of what the pages are made from besides their data, the public folder and
    /// these options: the app file, the templates, the build of TableStack, which database. When
    /// given, a re-export whose sources and data are those of the last export into the same
    /// folder, and whose files are as that export left them, does nothing; when `nil`, every
    /// export reads and renders every page.
    public var sources: String?
    /// The fewest rows a page has for the export to record where each section's rows stand in its
    /// file, so that the next one can copy those it can from there (`SectionCopies`): a short
    /// page renders in a moment, and its records line is read by every export that makes it.
    var sectionsRecordedFromRows = 1_000
    /// Whether the process ends once the export returns, leaving its memory to the kernel (the
    /// command line): then the export's large values are kept to the end, not freed one by one.
    public var processEndsAfterExport = false

    /// Makes options.
    public init(outputFolder: String, basePath: String = "/", siteURL: String? = nil, publicFolder: String,
                concurrency: Int = 4 * ProcessInfo.processInfo.activeProcessorCount, date: Date = Date()) {
        self.outputFolder = outputFolder
        self.basePath = basePath
        self.siteURL = siteURL
        self.publicFolder = publicFolder
        self.concurrency = max(1, concurrency)
        self.date = date
    }
}

/// What an export did.
public struct ExportReport: Sendable {
    /// The navigation paths of every page, in the order they were found.
    public var pages: [[String]]
    /// How many page files were written (new or changed).
    public var written: Int
    /// How many page files were already up to date and left alone.
    public var unchanged: Int
    /// How many pages were read and rendered: all of them, or (when the last export into the
    /// folder left what it needs) those a commit since may have changed and the pages above them.
    public var made = 0
    /// How many sections of the pages made had their rows copied from the page's file as the
    /// last export left it rather than rendered (`SectionCopies`).
    public var copiedSections = 0
    /// How many of those the contract check took as it checked them last time, from the export's
    /// records, rather than read them again (`ContractPart`).
    public var sectionsTakenAsChecked = 0
    /// How many page files of the last export were removed because the site no longer has their
    /// pages (`StalePages`).
    public var removed = 0
    /// How long the export took.
    public var seconds: Double
    /// Every problem found: invalid pages and links that lead nowhere, each naming the page.
    public var problems: [String]
    /// Advice about a Swift data source's tables (an app file's is given as it loads).
    public var warnings: [String] = []
    /// Whether the folder already held this export (same sources, data and options, files as
    /// left), so that no list was read and no page rendered or written (the public folder's files
    /// are still copied where they differ); the pages, problems and warnings are those of the
    /// export that made it.
    public var wasUpToDate = false

    /// Pages per second.
    public var rate: Double { seconds > 0 ? Double(pages.count) / seconds : 0 }
}

/// Why an export failed.
public enum ExportError: Error, Sendable, CustomStringConvertible {
    case cannotWrite(String, String)
    /// A row's link leads to a page the storyboard cannot make.
    case pageNotFound([String])
    /// Something tried to change data during an export.
    case readOnly
    /// Pages nest deeper than any data does: a scene leads to itself without going further in.
    case tooDeep([String])

    public var description: String {
        switch self {
        case let .cannotWrite(path, reason): "\(path): cannot write: \(reason)"
        case let .pageNotFound(path): "/\(path.joined(separator: "/"))/: a row links here, but the storyboard makes no page for it"
        case .readOnly: "an export reads data and never changes it"
        case let .tooDeep(path):
            "/\(path.prefix(3).joined(separator: "/"))/…/\(path.suffix(3).joined(separator: "/"))/: pages nest more than "
                + "\(path.count) levels deep here; a scene seems to lead to itself without going further into the data"
        }
    }
}
