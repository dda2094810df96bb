@_exported import TableKit
@_exported import TableServer
import Foundation
import Hummingbird
import Logging
import TableExport
import TableRender
import TableSite

/// Serves the table view controllers of a storyboard as web pages: plain, grouped and indexed
/// lists, navigation, selection lists, editing and moves through the same forms and JSON twins the
/// app files get, and exports them as a static site.
///
///     struct Regions: TableViewController { … }
///     try await TableStackServer(root: Regions()).run()
public struct TableStackServer: Sendable {
    /// Where the pages come from.
    public var storyboard: any TableStoryboard
    /// The address to listen on; editing without a password is allowed only on loopback.
    public var host = "127.0.0.1"
    /// The port to listen on (0 picks a free one).
    public var port = 8080
    /// The path the site lives under ("/" or "/prefix/").
    public var basePath = "/"
    /// The folder of templates; TableStack's own by default.
    public var templatesFolder = TemplateSet.bundledFolder
    /// The folder of static assets; TableStack's own by default.
    public var publicFolder = ServerConfiguration.bundledPublicFolder
    /// The editors' password hash (from `tablestack hash-password`); editors then sign in.
    public var editorPasswordHash: String?
    /// Whether every request is logged (on standard error).
    public var logsRequests = false

    /// Serves `storyboard`.
    public init(storyboard: some TableStoryboard) {
        self.storyboard = storyboard
    }

    /// Serves `root` and the controllers it pushes (its `viewController(for:)`).
    public init(root: some TableViewController, title: String? = nil) {
        self.init(storyboard: RootStoryboard(root: root, title: title))
    }

    /// Serves the root `makeRoot` makes for every page, and the controllers it pushes: for a
    /// root that reads its data when it is made (`RootStoryboard.init(title:language:root:)`).
    public init(title: String, root makeRoot: @escaping @Sendable () async throws -> any TableViewController) {
        self.init(storyboard: RootStoryboard(title: title, root: makeRoot))
    }

    /// Serves until SIGINT or SIGTERM, saying where once it listens. Throws
    /// `TableStackError.invalidTemplates` for a template folder that does not pass validation.
    public func run() async throws {
        let server = try makeServer(warmingUp: true)
        var logger = Logger(label: "tablestack") { LazyMetadataLogHandler(label: $0) }
        logger.logLevel = logsRequests ? .info : .notice
        let title = storyboard.title, host = self.host, basePath = server.configuration.basePath
        let policy = server.configuration.editingPolicy(passwordOption: "editorPasswordHash")
        try await server.run(logger: logger) { port in
            FileHandle.standardOutput.write(Data("""
                TableStack is serving \(title) at http://\(host.contains(":") ? "[\(host)]" : host):\(port)\(basePath)
                \(policy)
                Press Ctrl-C to stop.

                """.utf8))
        }
    }

    /// The server, for running it inside an application of one's own or driving it in tests.
    public func makeServer() throws -> SiteServer {
        try makeServer(warmingUp: false)
    }

    /// The server; `warmingUp`: it asks itself for its front page before it says it is serving.
    private func makeServer(warmingUp: Bool) throws -> SiteServer {
        var configuration = ServerConfiguration(host: host, port: port, basePath: basePath, publicFolder: publicFolder)
        configuration.warmsUpBeforeServing = warmingUp
        if let editorPasswordHash {
            guard let hash = PasswordHash(editorPasswordHash) else { throw TableStackError.invalidPasswordHash }
            configuration.editorPassword = hash
        }
        return SiteServer(site: try site(urls: URLBuilder(basePath: basePath)), configuration: configuration)
    }

    /// Writes every page reachable from the root into `folder` as a read-only static site,
    /// checking each page and link; returns the pages written and every problem found.
    @discardableResult
    public func export(to folder: String) async throws -> ExportSummary {
        let report = try await SiteExporter(site: try site(urls: URLBuilder()),
                                            options: ExportOptions(outputFolder: folder, publicFolder: publicFolder)).export()
        return ExportSummary(pages: report.pages.map { "/" + $0.map { $0 + "/" }.joined() }, problems: report.problems,
                             warnings: report.warnings)
    }

    private func site(urls: URLBuilder) throws -> Site {
        let templates: TemplateSet
        do {
            templates = try TemplateSet(folder: templatesFolder)
        } catch {
            throw TableStackError.invalidTemplates(error.description)
        }
        return Site(storyboard: storyboard, renderer: PageRenderer(templates: templates), urls: urls)
    }
}

/// What an export wrote.
public struct ExportSummary: Sendable, Hashable {
    /// The path of every page, root first (`/`, `/north-cascades/`, …).
    public var pages: [String]
    /// Every page that fails the markup contract and every link that leads nowhere.
    public var problems: [String]
    /// Advice the guide gives that a controller's table goes against (a disclosure accessory
    /// under an index bar), once per controller: the pages are still written.
    public var warnings: [String] = []
}

/// Why a server could not be made.
public enum TableStackError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template folder has problems, listed as `file:line:column: message`.
    case invalidTemplates(String)
    /// The editor password hash is not one `tablestack hash-password` makes.
    case invalidPasswordHash

    public var description: String {
        switch self {
        case let .invalidTemplates(problems): "the template folder is invalid:\n\(problems)"
        case .invalidPasswordHash: "the editor password hash is not one `tablestack hash-password` makes"
        }
    }
}
