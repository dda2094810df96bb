import ArgumentParser
import Foundation
import Logging
import TableApp
import TableKit
import TableRender
import TableServer
import TableSite
import TableStore
import TableExport

/// `tablestack serve`: serves an app (the built-in demo by default) as web pages.
struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve an app's table views as web pages (the built-in demo by default).",
        discussion: """
            Refuses to start on an invalid template folder or app file, printing every problem as \
            file:line:column. Stops cleanly on SIGINT or SIGTERM.
            """
    )

    @OptionGroup var site: SiteOptions

    @Option(name: .long, help: "The address to listen on.")
    var host: String = "127.0.0.1"

    // The numbers are taken as given, a negative one too, so that the range checks in `run`
    // answer them: otherwise "--port -1" reads "-1" as an option and says the value is missing.
    @Option(name: .long, parsing: .unconditional, help: "The port to listen on (0 picks a free one).")
    var port: Int = 8080

    @Option(name: .long, help: "A file holding the editors' password hash (from `tablestack hash-password`).")
    var editorPasswordFile: String?

    @Option(name: .long, help: "A file of at least 32 bytes that signs cookies; servers behind one load balancer share it. Without it, a key made once is kept beside a SQLite database (DB-secret).")
    var secretFile: String?

    @Option(name: .long, help: "The least important messages logged: trace, debug, info (every request), notice, warning, error.")
    var logLevel: String = "info"

    @Option(name: .long, help: "The address people reach the site at (https://tables.example.com/): the only host name answered, and the origin forms must come from.")
    var publicURL: String?

    @Option(name: .long, help: "A further host name to answer to (name, name:port, or .domain for it and its subdomains); repeatable.")
    var allowedHost: [String] = []

    @Option(name: .long, parsing: .unconditional, help: "Seconds a client may take to send a request's head.")
    var headerTimeout: Double = ConnectionLimits().headerTimeout

    @Option(name: .long, parsing: .unconditional, help: "Seconds a client may take to send a request's body.")
    var bodyTimeout: Double = ConnectionLimits().bodyTimeout

    @Option(name: .long, parsing: .unconditional, help: "Seconds a connection may stay open with nothing moving (not counting the time the server takes to make a response).")
    var idleTimeout: Double = ConnectionLimits().idleTimeout

    @Option(name: .long, parsing: .unconditional, help: "Connections open at once (lowered to fit the descriptor limit); past it the longest idle one is closed.")
    var maxConnections: Int = ConnectionLimits().maximumConnections

    @Option(name: .long, parsing: .unconditional, help: "Seconds to keep trying a PostgreSQL database that cannot be reached at start (starting up, restarting) before giving up; 0 gives up at once.")
    var databaseWait: Double = 30

    @Option(name: .long, parsing: .unconditional, help: "Days the change log keeps each commit (trimmed hourly); servers that lose their database connection for longer start afresh.")
    var changeLogDays: Double = 7

    @Option(name: .long, parsing: .unconditional, help: "The largest request body accepted, in bytes.")
    var maxBodySize: Int = ConnectionLimits().maximumBodySize

    @Option(name: .long, parsing: .unconditional, help: "Live streams open at once (pages that show other editors' changes as they are made); 0 turns live pages off.")
    var liveStreams: Int = 800

    func run() async throws {
        try site.checkBasePath()
        guard (0...65_535).contains(port) else {
            printError("tablestack: --port must be from 0 to 65535 (0 picks a free one), not \(port)")
            throw ExitCode.validationFailure
        }
        guard let level = Logger.Level(rawValue: logLevel) else {
            printError("tablestack: --log-level must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")), not \"\(logLevel)\"")
            throw ExitCode.validationFailure
        }
        for (name, value) in [("--header-timeout", headerTimeout), ("--body-timeout", bodyTimeout), ("--idle-timeout", idleTimeout)]
            where !(value > 0 && value <= 86_400) {
            printError("tablestack: \(name) must be a number of seconds above 0 and at most 86400, not \(value)")
            throw ExitCode.validationFailure
        }
        guard maxConnections >= 1 else {
            printError("tablestack: --max-connections must be at least 1, not \(maxConnections)")
            throw ExitCode.validationFailure
        }
        guard maxBodySize >= 1_024 else {
            printError("tablestack: --max-body-size must be at least 1024 bytes, not \(maxBodySize)")
            throw ExitCode.validationFailure
        }
        guard liveStreams >= 0 else {
            printError("tablestack: --live-streams must be 0 or more, not \(liveStreams)")
            throw ExitCode.validationFailure
        }
        guard databaseWait >= 0, databaseWait <= 86_400 else {
            printError("tablestack: --database-wait must be a number of seconds from 0 to 86400, not \(databaseWait)")
            throw ExitCode.validationFailure
        }
        // A hundred years at most: the seconds are turned into a whole number, which infinity is not.
        guard changeLogDays > 0, changeLogDays <= 36_500 else {
            printError("tablestack: --change-log-days must be above 0 and at most 36500, not \(changeLogDays)")
            throw ExitCode.validationFailure
        }
        var publicAddress: URL?
        if let publicURL {
            switch WebAddress.read(publicURL) {
            case let .address(url): publicAddress = url
            case .notWebAddress:
                printError("tablestack: --public-url must be an http or https address such as https://tables.example.com/, not \"\(publicURL)\"")
                throw ExitCode.validationFailure
            case let .refused(why):
                printError("tablestack: --public-url \"\(publicURL)\": \(why)")
                throw ExitCode.validationFailure
            }
        }
        for name in allowedHost where !ServerConfiguration.isValidAllowedHost(name) {
            printError("tablestack: --allowed-host \"\(name)\" is not a host name (name, name:port or .domain)")
            throw ExitCode.validationFailure
        }
        // Read before the store opens: a refused start leaves no new database file behind.
        var editorPassword: PasswordHash?
        if let editorPasswordFile {
            let bytes = try CommandErrors.contents(of: editorPasswordFile, for: "--editor-password-file")
            guard let text = String(validating: bytes, as: UTF8.self), let hash = PasswordHash(text) else {
                printError("tablestack: \(editorPasswordFile):1:1: expected a password hash from `tablestack hash-password`")
                throw ExitCode.failure
            }
            editorPassword = hash
        }
        var secret: [UInt8]?
        if let secretFile {
            let bytes = try CommandErrors.contents(of: secretFile, for: "--secret-file")
            guard bytes.count >= 32 else {
                printError("tablestack: \(secretFile): the secret must hold at least 32 bytes")
                throw ExitCode.failure
            }
            secret = Array(bytes)
        }
        let descriptors = DescriptorLimit.raise()
        func leveledLogger(_ label: String) -> Logger {
            var logger = Logger(label: label) { LazyMetadataLogHandler(label: $0) }
            logger.logLevel = level
            return logger
        }
        let loaded = try await site.load(storeLogger: leveledLogger("tablestack.postgres"), waiting: .milliseconds(Int(databaseWait * 1_000)))
        let logger = leveledLogger("tablestack")
        var configuration = ServerConfiguration(host: host, port: port, basePath: loaded.site.urls.basePath,
                                                publicFolder: site.publicFolder,
                                                limits: ConnectionLimits(headerTimeout: headerTimeout, bodyTimeout: bodyTimeout,
                                                                         idleTimeout: idleTimeout, maximumConnections: maxConnections,
                                                                         maximumBodySize: maxBodySize))
        configuration.publicURL = publicAddress
        configuration.allowedHosts = allowedHost
        configuration.followedStore = loaded.store
        configuration.liveStreams = liveStreams
        configuration.warmsUpBeforeServing = true
        configuration.editorPassword = editorPassword
        if let secret {
            configuration.secret = secret
        } else if let database = StoreOpening.sqliteFile(of: site.db) {
            switch KeptSecret.readOrMake(at: KeptSecret.path(beside: database)) {
            case let .success(key): configuration.secret = key
            case let .failure(refusal):
                logger.warning("\(refusal.path): the key that signs cookies cannot be kept there (\(refusal.reason)); one made now ends open pages' forms and sign-ins when this server stops")
            }
        }
        let server = SiteServer(site: loaded.site, configuration: configuration)
        let title = loaded.site.storyboard.title
        let policy = configuration.editingPolicy()
        let hostNames = configuration.hostNamePolicy
        let cap = configuration.limits.connectionCap(descriptors: descriptors)
        let host = self.host
        let basePath = configuration.basePath
        let database = loaded.database
        let trimming = ChangeLogTrimming.start(store: loaded.store, keeping: changeLogDays * 86_400, logger: logger)
        defer { trimming.cancel() }
        do {
            try await server.run(logger: logger) { port in
                // Written straight to the file descriptor, so a supervising process sees it at once.
                FileHandle.standardOutput.write(Data("""
                    TableStack is serving \(title) at http://\(host.contains(":") ? "[\(host)]" : host):\(port)\(basePath)
                    Database: \(database); \(policy)
                    The server \(hostNames); at most \(cap) connections at once.
                    Press Ctrl-C to stop.

                    """.utf8))
            }
        } catch where Self.isListeningError(error) {
            // NIO's own words name a system call and an errno, not the address.
            let text = "\(error)"
            let reason = text.contains("Address already in use") ? "another program is listening there"
                : text.contains("Cannot assign requested address") ? "this machine has no such address"
                : text.contains("Permission denied") ? "ports below 1024 need privileges; choose 1024 or above"
                : text.contains("unknown(host") || text.contains("UnknownHost") ? "no such host name or address" : text
            printError("tablestack: cannot listen on \(host) port \(port): \(reason)")
            throw ExitCode.failure
        }
        // Stopped gracefully, every request answered: the store closes as an import's does (the
        // database file alone then holds every commit, when no other process has it open).
        trimming.cancel()
        await trimming.value
        await loaded.store.close()
    }
}

extension Serve {
    /// Whether an error from running the server is its failing to listen on the address.
    static func isListeningError(_ error: any Error) -> Bool {
        let text = "\(error)"
        return text.contains("bind(") || text.contains("SocketAddressError") || text.contains("Address already in use")
            || text.contains("unknown(host") || text.contains("UnknownHost")
    }
}

/// The options every command that shows an app shares: app, data, templates, assets, base path.
struct SiteOptions: ParsableArguments {
    @Option(name: .long, help: "The app file (YAML); the built-in demo when left out.")
    var app: String?

    @Option(name: .long, help: StoreOpening.help)
    var db: String = DefaultPaths.database

    @Option(name: .long, help: "The template folder.")
    var templates: String = TemplateSet.bundledFolder

    @Option(name: .customLong("public"), help: "The folder of static assets (CSS, JavaScript, icons).")
    var publicFolder: String = DefaultPaths.publicFolder

    @Option(name: .long, help: "The path the site lives under, such as /tables/.")
    var basePath: String = "/"

    /// Refuses a base path that would not lead back to the site: each segment plain URL
    /// characters (letters, digits, '-', '.', '_', '~'), none empty, `.` or `..`.
    func checkBasePath() throws {
        let segments = basePath.split(separator: "/", omittingEmptySubsequences: false)
        let inner = segments.dropFirst(basePath.hasPrefix("/") ? 1 : 0).dropLast(basePath.hasSuffix("/") && basePath != "/" ? 1 : 0)
        let isPlain = basePath == "/" || inner.allSatisfy { segment in
            !segment.isEmpty && segment != "." && segment != ".."
                && segment.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-._~".unicodeScalars.contains($0)) }
        }
        guard isPlain else {
            printError("tablestack: --base-path must be a path of plain segments such as /tables/ (letters, digits, '-', '.', '_', '~'), not \"\(basePath)\"")
            throw ExitCode.validationFailure
        }
    }

    /// Validates the templates and the app, opens the database (seeding the demo's data into a
    /// new one) and makes the site. `storeLogger` and `waiting`: see `StoreOpening.open`.
    func load(storeLogger: Logger, waiting: Duration) async throws -> (site: Site, store: any DatabaseStore, database: String) {
        let definition = try appDefinition()
        let templateSet = try AppTemplates.load(folder: templates, for: definition)
        let store = try await openStore(for: definition, logger: storeLogger, waiting: waiting)
        return (site(definition, templates: templateSet, store: store, forExport: false), store, StoreOpening.describe(db))
    }

    /// The app file, loaded and checked (its warnings printed), or the built-in demo.
    func appDefinition() throws -> AppDefinition {
        let definition: AppDefinition
        do {
            definition = try app.map { try AppFileLoader.load(path: $0) } ?? DemoApp.definition()
        } catch {
            printError("\(error)")
            printError("tablestack: the app file is invalid; fix the problems above")
            throw ExitCode.failure
        }
        for warning in definition.warnings { printError(warning.description) }
        return definition
    }

    /// Opens the database, seeding the demo's data into a new one when the app is the demo.
    /// `readsOnce`, `logger`, `waiting` and `begun`: see `StoreOpening.open`.
    func openStore(for definition: AppDefinition, readsOnce: Bool = false, logger: Logger = Logger(label: "tablestack.postgres"),
                   waiting: Duration = .zero, begun: StoreOpening.Opening? = nil) async throws -> any DatabaseStore {
        let store = try await StoreOpening.open(db, readsOnce: readsOnce, logger: logger, waiting: waiting, begun: begun)
        if app == nil {
            try await CommandErrors.reporting {
                do {
                    try await DemoApp.seedIfEmpty(store)
                } catch let error as StoreError {
                    // Named: the store opened, so the message would otherwise read as a page's.
                    throw CommandErrors.Refusal(description: "cannot load the demo's data into \(StoreOpening.describe(db)): \(error.reason)")
                }
            }
        } else if try await store.isEmpty() {
            printError("tablestack: note: \(StoreOpening.describe(db)) holds no data yet; load some with `tablestack import`")
        }
        return store
    }

    /// The site of the app over its data, rendered with `templates`. A server keeps the rows of
    /// the scenes it built, for the next build after an edit; an export shows each list once, so
    /// it keeps none, and links relatively (its folder can be opened or moved anywhere).
    func site(_ definition: AppDefinition, templates: TemplateSet, store: any DatabaseStore, forExport: Bool) -> Site {
        Site(storyboard: AppRuntime(app: definition, store: store, sceneRows: forExport ? nil : SceneRowCache()),
             renderer: PageRenderer(templates: templates), urls: URLBuilder(basePath: basePath, isRelative: forExport))
    }
}

/// `tablestack hash-password`: reads a password from standard input and prints its salted hash.
struct HashPassword: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hash-password",
        abstract: "Hash an editor password read from standard input, for --editor-password-file.")

    func run() throws {
        guard let password = readLine(strippingNewline: true), !password.isEmpty else {
            printError("tablestack: type the password on standard input")
            throw ExitCode.failure
        }
        print(try CommandErrors.reporting { try PasswordHash.make(password: password) })
    }
}
