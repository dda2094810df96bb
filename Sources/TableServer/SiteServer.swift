import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import TableApp
import TableKit
import TableRender
import TableSite
import TableStore

/// The web server: turns requests into pages and form posts into edits. Handlers stay thin:
/// decode, let the app's editor apply TableKit's rules and write through the store, redirect.
public struct SiteServer: Sendable {
    public let site: Site
    public let configuration: ServerConfiguration
    let signer: Signer
    let files: StaticFiles
    let cache = PageCache()
    let snapshots = SnapshotCache()
    let renders = RenderGate()
    let live: LiveHub
    let advice = DeveloperAdvice()
    static let adviceLogger = Logger(label: "tablestack.advice")

    let connections: ConnectionRegistry
    var signInThrottle = SignInThrottle()
    let revokedSessions = RevokedSessions()
    let openedCookies: OpenedCookies
    let sealedPosition: LastSealedPosition
    let passwordChecker = PasswordChecker()
    let warmUp = StartupWarmUp()

    /// Makes a server for `site`.
    public init(site: Site, configuration: ServerConfiguration) {
        self.site = site
        self.configuration = configuration
        signer = Signer(secret: configuration.secret)
        openedCookies = OpenedCookies(signer: signer)
        sealedPosition = LastSealedPosition(signer: signer)
        files = StaticFiles(folder: configuration.publicFolder)
        connections = ConnectionRegistry(limits: configuration.limits)
        // Live streams stay open: keep a fifth of the connections for everything else.
        live = LiveHub(limit: min(configuration.liveStreams, connections.cap * 4 / 5))
    }

    /// The responder: every path goes through `respond`, which does its own routing on the
    /// navigation path.
    public func router() -> SiteResponder {
        SiteResponder(server: self)
    }

    /// The application, listening where the configuration says.
    ///
    /// Every connection is watched by the server's registry (timeouts, the connection cap); as a
    /// last guard the listener stops accepting a little past the cap, below the descriptor limit.
    public func application(logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in })
        -> some ApplicationProtocol {
        let connections = self.connections
        let port = configuration.port
        let answersWarmPages = configuration.answersWarmPagesOnEventLoop
        // Requests the router answers are logged by `SiteResponder` at .info; warm answers alike.
        let requestLogger = logger.logLevel <= .info ? logger : nil
        let serverName = "TableStack"
        let warmUp = self.warmUp
        let warmsUp = configuration.warmsUpBeforeServing
        // The URL builder's, with both slashes: the configuration keeps the path as given.
        let frontPage = site.urls.basePath
        return Application(
            router: router(),
            server: HTTPServerBuilder { responder in
                TableHTTP1Channel(responder: responder) {
                    [ConnectionGuard(registry: connections)]
                        + (answersWarmPages ? [WarmPageHandler(serverName: serverName, logger: requestLogger, warmUp: warmUp) { self.warmAnswer(to: $0) }] : [])
                }
            },
            configuration: .init(address: .hostname(configuration.host, port: configuration.port), serverName: serverName,
                                 availableConnectionsDelegate: MaximumAvailableConnections(connections.cap + DescriptorLimit.reserved / 2)),
            onServerRunning: { channel in
                let sweeping = connections.startSweeping(on: channel.eventLoop)
                channel.closeFuture.whenComplete { _ in sweeping.cancel() }
                let boundPort = channel.localAddress?.port ?? port
                guard warmsUp, let address = channel.localAddress else { return await onServerRunning(boundPort) }
                // Hummingbird accepts connections only once this closure returns: the requests
                // go from a task of their own, and the server says it is serving after them,
                // unless it stopped meanwhile (SIGINT during the warm-up).
                let warming = Task {
                    let started = ContinuousClock.now
                    let answers = await warmUp.run(address: address, path: frontPage)
                    let said = "GET \(frontPage) answered \(answers.map { $0.isEmpty ? "nothing" : $0 }.joined(separator: ", then gzipped "))"
                    if StartupWarmUp.allAnswered(answers) {
                        logger.debug("Warmed up before serving: \(said) in \(started.duration(to: .now))")
                    } else {
                        logger.warning("The front page did not answer the server's own requests before it began serving: \(said)")
                    }
                    guard !Task.isCancelled, channel.isActive else { return }
                    await onServerRunning(boundPort)
                }
                channel.closeFuture.whenComplete { _ in warming.cancel() }
            },
            logger: logger)
    }

    /// Serves until SIGINT or SIGTERM, then lets requests in flight finish and stops.
    public func run(logger: Logger, onServerRunning: @escaping @Sendable (Int) async -> Void) async throws {
        try await application(logger: logger, onServerRunning: onServerRunning).runService()
    }

    func respond(_ request: Request, context: ServerContext) async -> Response {
        var session = Session(request: request, signer: signer, cookies: openedCookies, revoked: revokedSessions)
        // A flash is for the browser's next page: a JSON read (a script's) or a HEAD (a checker's)
        // neither shows nor consumes it.
        if session.flash != nil, request.wantsJSON || request.method == .head { session.flash = nil }
        do {
            // A proxy's tunnel request names a host, not a page.
            if request.method == .connect { throw ServerError.tunnel }
            try checkHeaders(of: request, session: session)
            guard let path = RequestPath(request.uri.path, basePath: site.urls.basePath) else {
                throw ServerError.notFound("there is no page at \(request.uri.path)", upPath: [])
            }
            guard path.depth <= Site.deepestPage else {
                throw ServerError.notFound("no page nests more than \(Site.deepestPage) levels deep", upPath: [])
            }
            switch (request.method, path) {
            case (.get, .asset(let segments)), (.head, .asset(let segments)):
                return try files.response(for: segments, request: request)
            case (.get, .signIn), (.head, .signIn):
                return try signInPage(request, session: session)
            case (.post, .signIn):
                var request = request
                return try await signIn(&request, context: context, session: session)
            case (.get, .signOut), (.head, .signOut):
                return try signOutPage(request, session: session)
            case (.post, .signOut):
                var request = request
                return try await signOut(&request, session: session)
            case (.get, .page(let segments)), (.head, .page(let segments)):
                try await catchUp(for: request)
                if !request.uri.path.hasSuffix("/") {
                    return redirect(to: site.urls.page(segments, from: segments) + (request.uri.query.map { "?" + $0 } ?? ""),
                                    status: .movedPermanently, session: session)
                }
                guard session.flash == nil else {
                    return try await page(segments, request: request, session: session, notice: session.flash)
                }
                if let cached = try await cachedPage(request, session: session) { return cached }
                return try await renders.answer(for: cacheKey(request, canEdit: mayEdit(session), session: session),
                                                kept: { try await cachedPage(request, session: session) },
                                                render: { try await page(segments, request: request, session: session, notice: nil) })
            case (.get, .live(let segments)):
                try await catchUp(for: request)
                return try await liveStream(segments, request: request, context: context, session: session)
            case (.head, .live(let segments)):
                try await catchUp(for: request)
                return try await liveStreamHead(segments, request: request, session: session)
            case let (_, .unknownAction(segments, name)):
                // Whatever the method: a 405 would offer a POST that finds nothing.
                throw ServerError.notFound("there is no action \"\(DocumentText.cleaned(DocumentText.shortened(name, to: 40)))\"", upPath: segments)
            case (_, .action(let segments, _)) where request.method != .post:
                // The page must be there for a POST to find anything: a 405 offers one only then.
                _ = try await locate(segments)
                throw ServerError.methodNotAllowed("\(request.method) is not accepted here; pages change only through their forms", allow: path.allowedMethods)
            case (.post, .action(let segments, let action)):
                var request = request
                var response = try await self.action(segments, action, request: &request, context: context, session: session)
                markSeen(on: &response, session: session)
                return response
            case (.post, _), (.put, _), (.delete, _), (.patch, _):
                throw ServerError.methodNotAllowed("\(request.method) is not accepted here; pages change only through their forms",
                                                   allow: path.allowedMethods)
            default:
                throw ServerError.methodNotAllowed("\(request.method) is not accepted at \(request.uri.path)", allow: path.allowedMethods)
            }
        } catch let error as any PageError where error.status != .internalServerError {
            if error.status == .serviceUnavailable, let store = error as? StoreError {
                context.logger.warning("\(store.detailedDescription)")  // the page says less: no host names
            }
            return await errorResponse(error, request: request, session: session)
        } catch {
            // The person hears that nothing was changed; the log says what went wrong.
            context.logger.error("unexpected error: \(String(describing: error))")
            return await errorResponse(ServerError.internalError("Something went wrong on the server; nothing was changed."),
                                 request: request, session: session)
        }
    }

    /// Takes in the change log up to the browser's last edit when this server is behind it
    /// (another server committed it). One read of the log at most, whatever the cookie says.
    private func catchUp(for request: Request) async throws {
        guard let store = configuration.followedStore, let seen = unseenSequence(of: request) else { return }
        try await store.catchUp(to: seen)
    }

    /// The change-log position the browser's last edit reached, when this server is behind it.
    func unseenSequence(of request: Request) -> Int? {
        guard let store = configuration.followedStore,
              let seen = request.headers.cookie(Session.sequenceCookie).flatMap({ signer.opened($0, for: .position) }).flatMap({ Int($0) }),
              seen > store.appliedSequence else { return nil }
        return seen
    }

    /// Gives the browser the change-log position its edit reached.
    private func markSeen(on response: inout Response, session: Session) {
        guard let store = configuration.followedStore, store.appliedSequence > 0 else { return }
        // Signed, so that nobody can send servers reading the log for positions never reached.
        let sealed = sealedPosition.sealed(store.appliedSequence)
        let cookie = session.setCookie(Session.sequenceCookie, sealed, basePath: site.urls.basePath, maxAge: 3600)
        response.headers.append(HTTPField(name: .setCookie, value: cookie))
    }

    /// What every request must pass before it is routed: a host name the server answers to
    /// (no DNS rebinding), a declared body no larger than accepted (refused before it is read),
    /// and for a post, an origin that is this site.
    func checkHeaders(of request: Request, session: Session) throws(ServerError) {
        let policy = configuration.hostPolicy
        guard policy.allows(host: request.head.authority) else {
            throw .badRequest("This server does not answer to the host name \"\(request.head.authority ?? "")\".")
        }
        if let declared = request.headers.value(of: .contentLength) {
            guard let length = Int(declared), length >= 0 else { throw .badRequest("The Content-Length header is not a number.") }
            if length > configuration.limits.maximumBodySize { throw tooLarge() }
        }
        guard request.method == .post else { return }
        let origin = request.headers.value(of: .origin), referer = request.headers.value(of: .referer)
        guard policy.allowsPost(origin: origin, referer: referer, fetchSite: request.headers.value(of: .secFetchSite),
                                host: request.head.authority, isSecure: session.isSecure) else {
            // Without Origin and Referer, the browser's Sec-Fetch-Site said so: no site to name.
            let site = (origin ?? referer).flatMap { $0.isEmpty ? nil : " (\(DocumentText.cleaned(DocumentText.shortened($0, to: 100))))" } ?? ""
            throw .forbidden("This form was sent from another site\(site); nothing was changed.")
        }
    }

    private func tooLarge() -> ServerError {
        .tooLarge("The request body is larger than \(configuration.limits.maximumBodySize / 1024) KiB; nothing was changed.")
    }

    /// The request's body, at most `limit` bytes (the configured largest by default); a body
    /// that is larger, or that does not arrive within the body timeout, is refused.
    func collectBody(of request: inout Request, upTo limit: Int? = nil) async throws(ServerError) -> ByteBuffer {
        // A compressed body would be read as its compressed bytes: refused, not misread. So would
        // one in a transfer coding besides chunked, which the HTTP layer takes apart alone.
        if let coding = request.headers.value(of: .contentEncoding), !HeaderElements.namesOnly("identity", in: coding) {
            throw .unreadableBody("The request body is sent with the content coding \"\(DocumentText.shortened(coding, to: 40))\", "
                                  + "which this server does not read: send it uncompressed. Nothing was changed.")
        }
        if let coding = request.headers.value(of: .transferEncoding), coding.trimmingCharacters(in: .whitespaces).lowercased() != "chunked" {
            throw .unreadableBody("The request body is sent with the transfer coding \"\(DocumentText.shortened(coding, to: 40))\", "
                                  + "of which this server reads only chunked. Nothing was changed.")
        }
        do {
            return try await request.collectBody(upTo: limit ?? configuration.limits.maximumBodySize)
        } catch is RequestBodyTimedOut {
            throw .requestTimeout("The request body did not arrive within \(NumberWords.plain(configuration.limits.bodyTimeout)) seconds; nothing was changed.")
        } catch is NIOTooManyBytesError {
            throw limit.map { .tooLarge("The request body is larger than \($0) bytes; nothing was changed.") } ?? tooLarge()
        } catch {
            throw .badRequest("The request body could not be read; nothing was changed.")
        }
    }

    // MARK: Pages

    /// `GET` of a page: located once, then shown in the view state its query names.
    func page(_ segments: [String], request: Request, session: Session, notice: String?) async throws -> Response {
        let state = viewState(of: request, session: session)
        if notice == nil, state.isPlain, !request.wantsJSON, site.appRuntime != nil {
            // A plain view: a long list is sent while it is read; anything else loads whole.
            let first = try await resolve(segments, window: 0..<configuration.streamingWindow)
            if first.window?.hasMore == true, let streamed = try streamedPage(first, segments: segments, request: request, session: session) {
                return streamed
            }
            return try await pageResponse(SitePage(scene: first), state: state, request: request, session: session, status: .ok, notice: nil)
        }
        return try await pageResponse(try await locate(segments), state: state, request: request, session: session, status: .ok, notice: notice)
    }

    /// What the query says about how the page shows; a visitor who may not edit always sees the
    /// page plain.
    func viewState(of request: Request, session: Session) -> ViewState {
        guard mayEdit(session) else { return ViewState() }
        return ViewState(query: request.uri.queryParameters.map { (name: String($0.key), value: String($0.value)) })
    }

    /// The page at `segments`, through the site's storyboard.
    func locate(_ segments: [String]) async throws -> SitePage {
        try await site.page(at: segments)
    }

    /// A located page as HTML (its table, or the sheet its state names) or as its JSON twin.
    /// `sheet` shows a sheet as given (a refused form with its messages by its fields) instead;
    /// then `notice` is for the JSON twin only.
    func pageResponse(_ page: SitePage, state: ViewState, request: Request, session: Session, status: HTTPResponse.Status,
                      notice: String?, sheet given: SheetContext? = nil) async throws -> Response {
        // A Delete or Move to… link from a page shown before someone else deleted or moved its row
        // (or a made-up key): the list as it is, in the same mode, saying so; 404 all the same.
        if let key = state.confirmingDelete ?? state.movingKey, page.controller.indexPath(forRowWithKey: key) == nil {
            return try await pageResponse(page, state: ViewState(isEditing: state.isEditing), request: request, session: session,
                                          status: .notFound, notice: ActionNotice.rowNotInList)
        }
        // A row that is there but offers no Delete has no button to confirm (as a row that cannot
        // move has no Move to… sheet), for the page and its JSON twin alike.
        if let key = state.confirmingDelete, let path = page.controller.indexPath(forRowWithKey: key),
           let row = try snapshots.snapshot(of: page, isEditing: state.isEditing && mayEdit(session)).row(at: path),
           row.editingStyle != .delete, !row.canSwipeToDelete {
            throw ServerError.notFound("\"\(page.title)\" offers no Delete for \"\(DocumentText.shortened(row.cell.text, to: 80))\"",
                                       upPath: page.path, upTitle: page.title)
        }
        if request.wantsJSON {
            // The twin shows no sheet, but answers a sheet the page does not have as the page does: 404.
            if given == nil, state.sheet != nil { _ = try sheet(of: page, state: state, session: session) }
            let snapshot = try snapshots.snapshot(of: page, isEditing: state.isEditing)
            var json = SceneJSON(page: page, snapshot: snapshot, templates: site.renderer.templates)
            if let notice { json.tell(notice) }
            let text = String(decoding: json.encoded(), as: UTF8.self)
            if status == .ok, notice == nil, let scene = page.scene {
                // Kept like the HTML page, so API reads and bursts of them cost no rebuild.
                cache.store(PageCache.Entry(revisions: scene.dependencyRevisions, page: SplicedPage(text, placeholder: PageCache.tokenPlaceholder),
                                            scene: scene, renderer: site.renderer),
                            for: cacheKey(request, canEdit: mayEdit(session), session: session))
            }
            return respond(bytes: Array(text.utf8), type: "application/json; charset=utf-8", status: status, request: request,
                           session: session, etag: etag(of: page, variant: jsonVariant(isEditing: state.isEditing)))
        }
        if let sheet = try given ?? self.sheet(of: page, state: state, session: session) {
            var response = html(site.renderer.render(sheet: sheet, documentTitle: site.documentTitle(sheet: sheet.title), language: site.language,
                                                     assets: site.assets(page.path), navigationBar: Sheets.bar(for: sheet)),
                                status: status, request: request, session: session)
            // A sheet's form carries the values and revision it was shown with: come back to by
            // Back after a save, a kept copy would post them as if someone else had changed the
            // item. Not kept, and (autocomplete="off") not refilled by the browser, it is asked again.
            response.headers[.cacheControl] = "no-store"
            return response
        }
        let canEdit = mayEdit(session)
        let options = PageOptions(state: state, notice: notice, csrf: canEdit ? PageCache.tokenPlaceholder : nil)
        let snapshot = try snapshots.snapshot(of: page, isEditing: options.showsEditing)
        var tablePage = try site.tablePage(page, options: options, snapshot: snapshot)
        tablePage.live = liveURL(of: page, state: state, snapshot: tablePage.snapshot)
        for line in advice.newAdvice(for: page, snapshot: tablePage.snapshot, site: site) { Self.adviceLogger.warning("\(line)") }
        offerSignIn(on: &tablePage, session: session)
        let rendered = SplicedPage(site.renderer.render(tablePage), placeholder: PageCache.tokenPlaceholder)
        if status == .ok, notice == nil, let scene = page.scene {
            cache.store(PageCache.Entry(revisions: scene.dependencyRevisions, page: rendered, scene: scene, renderer: site.renderer),
                        for: cacheKey(request, canEdit: canEdit, session: session))
        }
        return preparedTablePage(rendered, status: status, request: request, session: session, canEdit: canEdit,
                                 etag: pageETag(of: page, request: request, session: session, notice: notice, canEdit: canEdit)).response
    }

    /// The sheet `state` puts over the page, if any: Add, Move to…, or a detail scene's fields
    /// in editing mode. A sheet the page does not have is a 404.
    func sheet(of page: SitePage, state: ViewState, session: Session) throws -> SheetContext? {
        let sheets = Sheets(site: site, page: page, csrf: session.csrf)
        switch state.sheet {
        case .add:
            guard let sheet = sheets.add(typed: [:], errors: [:]) else {
                throw ServerError.notFound("\"\(page.title)\" has no Add form", upPath: page.path, upTitle: page.title)
            }
            return sheet
        case let .move(key):
            guard let sheet = sheets.move(key: key) else {
                throw ServerError.notFound("\"\(page.title)\" has no movable row \"\(key)\"", upPath: page.path, upTitle: page.title)
            }
            return sheet
        case nil:
            return state.isEditing ? sheets.detail(typed: nil, errors: [:]) : nil
        }
    }

    /// A page whose editors must sign in shows a Sign In button to everyone else; the root page
    /// shows a signed-in editor the way to sign out.
    func offerSignIn(on page: inout TablePage, session: Session) {
        guard configuration.editorPassword != nil else { return }
        if !session.isEditor {
            page.navigationBar?.custom = LinkContext(href: site.urls.basePath + "_login", title: "Sign In")
        } else if page.navigationBar?.back == nil {
            page.navigationBar?.custom = LinkContext(href: site.urls.basePath + "_logout", title: "Sign Out")
        }
    }

    /// How many uncached pages were rendered, and how many requests waited for another's render
    /// of the same page rather than render it too (`RenderGate`).
    package var renderCounts: (renders: Int, waits: Int) { renders.counts }

    /// An app file's scene at `segments`, a window of its rows where it is a long list.
    func resolve(_ segments: [String], window: Range<Int>? = nil) async throws -> ResolvedScene {
        guard let runtime = site.appRuntime else { throw ServerError.internalError("the site is not an app file's") }
        return try await runtime.resolve(segments, window: window)
    }

    func mayEdit(_ session: Session) -> Bool {
        guard configuration.allowsEditing else { return false }
        return configuration.editorPassword == nil || session.isEditor
    }
}
