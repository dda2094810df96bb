import HTTPTypes
import Hummingbird
import NIOCore
import TableApp
import TableRender
import TableSite

extension SiteServer {
    /// The answer to a request for a page the cache holds unchanged, made on the calling thread
    /// (the connection's event loop, through `WarmPageHandler`), or `nil` to send the request
    /// through the router. With the security headers, Date and Server that the handler writes
    /// after its fields, it is the router's answer to the same request, byte for byte apart from
    /// the Date header: the same session, cache entry, ETag, cookies and headers, in the same
    /// order. Anything else goes to the router: a body, `Connection: close`, a flash to show, a
    /// host or header the router refuses, a browser whose last edit this server has not taken in
    /// yet, a list whose revision the store does not know from memory, a first gzip of a page
    /// (compressing would hold up the event loop's other connections).
    ///
    /// The checks mirror the router's for a GET of a page (`respond`): a check added there must
    /// be added here, or decline.
    func warmAnswer(to head: HTTPRequest) -> PreparedResponse? {
        guard head.method == .get || head.method == .head, let runtime = site.appRuntime,
              !head.headerFields.has(.contentLength), !head.headerFields.has(.transferEncoding),
              !head.headerFields.mayAskToClose else { return nil }
        let request = Request(head: head, body: RequestBody(buffer: ByteBuffer()))
        guard request.uri.path.hasSuffix("/"), case .page = RequestPath(request.uri.path, basePath: site.urls.basePath) else { return nil }
        let session = Session(request: request, signer: signer, cookies: openedCookies, revoked: revokedSessions)
        guard session.flash == nil, (try? checkHeaders(of: request, session: session)) != nil, unseenSequence(of: request) == nil else {
            return nil
        }
        let canEdit = mayEdit(session)
        guard let entry = cache.pageNow(for: cacheKey(request, canEdit: canEdit, session: session), store: runtime.store),
              !request.acceptsGzip || !entry.page.needsDeflating,
              var answer = cachedResponse(entry, request: request, session: session, canEdit: canEdit) else { return nil }
        // Last, as in the router's response: its body's length (a HEAD's is set). The security
        // headers come after it there; the warm-page handler writes them, with Date and Server.
        // (Appended: a length is set only on a HEAD's answer, and looked for above.)
        if !answer.headers.has(.contentLength) { answer.headers.append(HTTPField(name: .contentLength, value: String(answer.bodyLength))) }
        cache.noteAnswerOnEventLoop()
        return answer
    }

    /// How many answers `warmAnswer` has made.
    package var warmAnswers: Int { cache.answeredOnEventLoop }
}
