import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TableApp
import TableKit
import TableRender
import TableSite
import TableStore

/// Pages kept and streamed: the cache's keys, the ETags that rendered, cached and streamed pages
/// share, and a long list sent while it is read.
extension SiteServer {
    /// The ETag variant of a JSON twin: it differs by editing mode only (it carries no form token).
    func jsonVariant(isEditing: Bool) -> String { "json:\(isEditing)" }

    /// The revisions a page's ETag is made from: its lists' for an app file's scene; for another
    /// controller, its revision token (an empty one makes no ETag, since nothing says when the
    /// page changes).
    func etag(of page: SitePage, variant: String) -> String? {
        if let scene = page.scene { return site.renderer.etag(revisions: scene.revisionNumbers, variant: variant) }
        let token = page.controller.revisionToken
        return token.isEmpty ? nil : site.renderer.etag(revisions: [], variant: token + "|" + variant)
    }

    /// The ETag of a table page: the revisions of its lists and all else its bytes depend on (the
    /// session's form token, the query, a notice, whether it offers editing). Rendered, cached and
    /// streamed pages are tagged alike, so a tag a client got from one path holds for the others.
    func pageETag(of page: SitePage, request: Request, session: Session, notice: String?, canEdit: Bool) -> String? {
        etag(of: page, variant: pageVariant(request: request, session: session, notice: notice, canEdit: canEdit))
    }

    /// What else than its lists' revisions a table page's bytes depend on, for its ETag.
    func pageVariant(request: Request, session: Session, notice: String?, canEdit: Bool) -> String {
        // The four parts joined by "|", appended into one buffer (every page answered asks).
        let query = request.uri.query ?? "", notice = notice ?? ""
        var variant = ""
        variant.reserveCapacity(session.csrf.utf8.count + query.utf8.count + notice.utf8.count + 9)
        variant += session.csrf
        variant += "|"
        variant += query
        variant += "|"
        variant += notice
        variant += canEdit ? "|true" : "|false"
        return variant
    }

    /// A long list sent while it is read: the page up to its rows at once, the first window's rows
    /// as they are rendered, each further window as it is read and rendered, then the rest of the
    /// page. The rows are not kept, so a list of any length takes the memory of one window. The
    /// page's forms carry the revision of the first window; an edit made while the list was being
    /// sent is refused as stale when posted from it.
    ///
    /// Sent gzipped, the page is compressed in the cache's spliced form as it goes (the 100,000-row
    /// demo list: 42 MB plain, about 2 MB compressed) and kept when no list it shows changed while
    /// it was sent, so later gzip requests of any session are answered from the cache.
    func streamedPage(_ first: ResolvedScene, segments: [String], request: Request, session: Session) throws -> Response? {
        guard let runtime = site.appRuntime else { return nil }
        let canEdit = mayEdit(session)
        let options = PageOptions(csrf: canEdit ? PageCache.tokenPlaceholder : nil)
        var firstPage = try site.tablePage(SitePage(scene: first), options: options)
        offerSignIn(on: &firstPage, session: session)
        guard let parts = site.renderer.renderStreamed(firstPage), let window = first.window else { return nil }
        let tablePage = firstPage
        let etag = site.renderer.etag(revisions: first.revisionNumbers,
                                      variant: pageVariant(request: request, session: session, notice: nil, canEdit: canEdit))
        let size = configuration.streamingWindow
        let site = self.site
        let token = canEdit ? session.csrf : ""
        let gzip = request.acceptsGzip ? SplicedGzipStream(placeholder: PageCache.tokenPlaceholder, token: token) : nil
        let keep = (cache: cache, key: cacheKey(request, canEdit: canEdit, session: session))
        return respondStreaming(type: "text/html; charset=utf-8", request: request, session: session, etag: etag, isGzipped: gzip != nil) { writer in
            func send(_ text: String, isLast: Bool = false) async throws {
                if let gzip {
                    guard let piece = gzip.send(text, isLast: isLast) else { throw ServerError.internalError("the page could not be compressed") }
                    try await writer.write(piece)
                } else {
                    try await writer.write(ByteBuffer(bytes: TextSplice.bytes(of: text, replacing: PageCache.tokenPlaceholder, with: token)))
                }
            }
            // The head goes before any row is rendered, and the first window's rows in slices,
            // so that the first bytes leave as soon as the list's first rows are read.
            try await send(parts.head)
            let slice = max(1, size / 8)
            for start in stride(from: 0, to: tablePage.snapshot.sections.first?.rows.count ?? 0, by: slice) {
                try await send(site.renderer.renderRows(tablePage, start..<(start + slice)))
            }
            var start = window.range.upperBound
            var total = window.total
            while start < total {
                let next = try await runtime.resolve(segments, window: start..<(start + size))
                guard let nextWindow = next.window, !nextWindow.range.isEmpty else { break }
                try await send(site.renderer.renderRows(try site.tablePage(SitePage(scene: next), options: options)))
                start = nextWindow.range.upperBound
                total = nextWindow.total
            }
            try await send(parts.tail, isLast: true)
            try await writer.finish(nil)
            if let page = gzip?.page, let revisions = try await Self.unchangedRevisions(of: first, store: runtime.store) {
                keep.cache.store(PageCache.Entry(revisions: revisions, page: page, scene: first, renderer: site.renderer),
                                 for: keep.key)
            }
        }
    }

    /// The revisions of every list `scene` depends on, as it was loaded, when none moved since;
    /// `nil` when one did (a page assembled across that change is not kept).
    private static func unchangedRevisions(of scene: ResolvedScene, store: any DataStore) async throws -> [ListID: Int]? {
        let revisions = scene.dependencyRevisions
        return try await PageCache.areCurrent(revisions, in: store) ? revisions : nil
    }

    /// The page served from the cache when nothing it shows has changed.
    func cachedPage(_ request: Request, session: Session) async throws -> Response? {
        guard let runtime = site.appRuntime else { return nil }
        let canEdit = mayEdit(session)
        guard let entry = try await cache.page(for: cacheKey(request, canEdit: canEdit, session: session), store: runtime.store) else {
            return nil
        }
        return cachedResponse(entry, request: request, session: session, canEdit: canEdit)?.response
    }

    /// A cached page or JSON twin answering `request`; `nil` when it is kept only compressed (a
    /// streamed list) and the client does not take gzip.
    func cachedResponse(_ entry: PageCache.Entry, request: Request, session: Session, canEdit: Bool) -> PreparedResponse? {
        guard entry.page.parts != nil || request.acceptsGzip else { return nil }
        if request.wantsJSON {
            let variant = jsonVariant(isEditing: viewState(of: request, session: session).isEditing)
            return prepared(type: "application/json; charset=utf-8", status: .ok, request: request, session: session,
                            etag: PageRenderer.etag(prefix: entry.etagPrefix, variant: variant),
                            plain: { entry.page.plain(token: "") ?? [] }, gzip: { entry.page.isWorthCompressing ? entry.page.gzip(token: "") : nil })
        }
        return preparedTablePage(entry.page, status: .ok, request: request, session: session, canEdit: canEdit,
                                 etag: PageRenderer.etag(prefix: entry.etagPrefix,
                                                         variant: pageVariant(request: request, session: session, notice: nil, canEdit: canEdit)))
    }

    /// A rendered table page with this session's form token in its places.
    func preparedTablePage(_ page: SplicedPage, status: HTTPResponse.Status, request: Request, session: Session,
                           canEdit: Bool, etag: String?) -> PreparedResponse {
        let token = canEdit ? session.csrf : PageCache.tokenPlaceholder
        return prepared(type: "text/html; charset=utf-8", status: status, request: request, session: session, etag: etag,
                        plain: { page.plain(token: token) ?? [] }, gzip: { page.isWorthCompressing ? page.gzip(token: token) : nil })
    }

    func cacheKey(_ request: Request, canEdit: Bool, session: Session) -> String {
        // Appended into one buffer of the right size: every warm page asks for its key.
        let path = request.uri.path, query = request.uri.query ?? ""
        var key = ""
        key.reserveCapacity(path.utf8.count + query.utf8.count + 18)
        key += path
        key += "?"
        key += query
        key += canEdit ? "|true" : "|false"
        key += configuration.editorPassword != nil && !session.isEditor ? "|true" : "|false"
        if request.wantsJSON { key += "|json" }
        return key
    }
}
