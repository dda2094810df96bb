import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TableKit
import TableRender
import TableSite

/// The responses pages, JSON twins, redirects and error pages go out as.
extension SiteServer {
    func html(_ text: String, status: HTTPResponse.Status = .ok, request: Request, session: Session, etag: String? = nil) -> Response {
        respond(bytes: Array(text.utf8), type: "text/html; charset=utf-8", status: status, request: request, session: session, etag: etag)
    }

    func respond(bytes: [UInt8], type: String, status: HTTPResponse.Status, request: Request, session: Session,
                 etag: String?, flash: String? = nil) -> Response {
        respond(type: type, status: status, request: request, session: session, etag: etag, flash: flash,
                plain: { [ByteBuffer(bytes: bytes)] },
                gzip: { Gzip.isWorthCompressing(bytes.count) ? Gzip.compress(bytes).map { [ByteBuffer(bytes: $0)] } : nil })
    }

    /// A response whose body is `plain`, or `gzip` when the client accepts it and it is not `nil`;
    /// a 304 when the client already has `etag`.
    func respond(type: String, status: HTTPResponse.Status, request: Request, session: Session, etag: String?,
                 flash: String? = nil, plain: () -> [ByteBuffer], gzip: () -> [ByteBuffer]?) -> Response {
        prepared(type: type, status: status, request: request, session: session, etag: etag, flash: flash, plain: plain, gzip: gzip).response
    }

    /// The same response with its body in memory, as the event loop's warm pages write it.
    func prepared(type: String, status: HTTPResponse.Status, request: Request, session: Session, etag: String?,
                  flash: String? = nil, plain: () -> [ByteBuffer], gzip: () -> [ByteBuffer]?) -> PreparedResponse {
        var (headers, notModified) = pageHeaders(type: type, status: status, request: request, session: session, etag: etag)
        if let notModified { return notModified }
        let zipped = request.acceptsGzip ? gzip() : nil
        if zipped != nil { headers[.contentEncoding] = "gzip" }
        var prepared = PreparedResponse(status: status, headers: headers, body: zipped ?? plain())
        if request.method == .head {
            // The length a GET would be sent with, and no body (RFC 9110 §9.3.2, §8.6).
            prepared.headers[.contentLength] = String(prepared.bodyLength)
            prepared.body = []
        }
        session.store(on: &prepared.headers, signer: signer, basePath: site.urls.basePath, flash: flash)
        return prepared
    }

    /// A response whose body `write` produces as it goes (sent chunked); a 304 when the client
    /// already has `etag`, headers only for HEAD.
    func respondStreaming(type: String, request: Request, session: Session, etag: String, isGzipped: Bool,
                          write: @escaping @Sendable (inout any ResponseBodyWriter) async throws -> Void) -> Response {
        var (headers, notModified) = pageHeaders(type: type, status: .ok, request: request, session: session, etag: etag)
        if let notModified { return notModified.response }
        if isGzipped { headers[.contentEncoding] = "gzip" }
        let body = request.method == .head ? Self.headOfChunkedBody : ResponseBody(write)
        var response = Response(status: .ok, headers: headers, body: body)
        session.store(on: &response, signer: signer, basePath: site.urls.basePath)
        return response
    }

    /// The body of a HEAD answering for a GET sent chunked: none, and no length either, since
    /// the GET's is not known before its end (RFC 9110 §8.6).
    static let headOfChunkedBody = ResponseBody(contentLength: nil) { writer in try await writer.finish(nil) }

    /// How pages are cached (always asked again) and what they vary by; made once, since every
    /// page answered carries them.
    private static let pageCaching = [HTTPField(name: .cacheControl, value: "no-cache"), HTTPField(name: .vary, value: "Accept, Accept-Encoding, Cookie")]

    /// The headers every page and JSON twin goes out with; when the client already has `etag`,
    /// also the 304 that answers it (with the session's cookies).
    private func pageHeaders(type: String, status: HTTPResponse.Status, request: Request, session: Session,
                             etag: String?) -> (headers: HTTPFields, notModified: PreparedResponse?) {
        var headers = HTTPFields()
        // Room for what follows (ETag, coding, cookies, length, the security headers, Date, Server)
        // without growing the fields one reallocation at a time.
        headers.reserveCapacity(16)
        headers.append(HTTPField(name: .contentType, value: type))
        headers.append(contentsOf: Self.pageCaching)
        guard let etag, status == .ok else { return (headers, nil) }
        headers.append(HTTPField(name: .eTag, value: etag))
        // A page's bytes carry the session's form token and a notice shown once: a client holding
        // "any" of its representations holds this one only when its session is not new and no
        // notice waits (a 304 would consume it).
        guard request.alreadyHas(etag: etag, whereAnyWillDo: !session.isNew && session.flash == nil) else { return (headers, nil) }
        var notModified = PreparedResponse(status: .notModified, headers: headers, body: [])
        notModified.headers[.contentType] = nil
        session.store(on: &notModified.headers, signer: signer, basePath: site.urls.basePath)
        return (headers, notModified)
    }

    func redirect(to location: String, status: HTTPResponse.Status = .seeOther, session: Session, flash: String? = nil) -> Response {
        var response = Response(status: status, headers: [.location: location])
        session.store(on: &response, signer: signer, basePath: site.urls.basePath, flash: flash)
        return response
    }

    /// The page (or JSON) that answers a refused request: its status, what was wrong, and the
    /// way back up to the part of the path that leads somewhere.
    func errorResponse(_ error: any PageError, request: Request, session: Session) async -> Response {
        let status = error.status
        var response: Response
        if request.wantsJSON {
            let body = ErrorJSON.bytes(status: status.code, reason: status.reasonPhrase, message: DocumentText.cleaned(error.sentence))
            response = respond(bytes: body, type: "application/json; charset=utf-8", status: status, request: request, session: session, etag: nil)
        } else {
            let upPath = error.upPath.isEmpty && error.status != .notFound ? formPage(of: request) : error.upPath
            let up = LinkContext(href: site.urls.page(upPath, from: []), title: await title(ofPageAt: upPath, for: error))
            let context = ErrorContext(status: status.code, reason: status.reasonPhrase, message: error.sentence, up: up)
            response = html(site.renderer.render(error: context, language: site.language, assets: site.assets([])),
                            status: status, request: request, session: session)
        }
        for field in error.headers { response.headers[field.name] = field.value }
        return response
    }

    /// The page whose form a refused post came from (`…/_/save` comes from `…/`): an error page
    /// leads back to it, not to the site's first page, as reloading the error page would send
    /// the refused form again. Empty for any other request.
    private func formPage(of request: Request) -> [String] {
        guard case let .action(segments, _)? = RequestPath(request.uri.path, basePath: site.urls.basePath) else { return [] }
        return segments
    }

    /// The title of the page an error page leads back up to, for its back button and its link.
    /// Looked up only after a request refused as it came in (a 404, a form refused for its
    /// token or its method): after any other error (the database not answering, say) a lookup
    /// could fail or wait in turn.
    private func title(ofPageAt upPath: [String], for error: any PageError) async -> String {
        if upPath.isEmpty { return site.storyboard.title }
        if let known = error.upTitle { return known }
        if [.notFound, .badRequest, .forbidden, .methodNotAllowed, .unsupportedMediaType].contains(error.status),
           let page = try? await site.page(at: upPath) { return page.title }
        return "the previous page"
    }
}
