import HTTPTypes
import Hummingbird

/// Adds the headers every response carries: a Content-Security-Policy with no inline script and
/// no framing, no MIME sniffing, and a strict referrer policy.
struct SecurityHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        SecurityHeaders.add(to: &response.headers)
        return response
    }
}

/// The headers `SecurityHeadersMiddleware` adds, for the responses written without the router too
/// (`WarmPageHandler`).
enum SecurityHeaders {
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"

    static func add(to headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = contentSecurityPolicy
        headers[.xContentTypeOptions] = "nosniff"
        headers[HTTPField.Name.referrerPolicy] = "same-origin"
        headers[HTTPField.Name.frameOptions] = "DENY"
    }
}

extension HTTPField.Name {
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let frameOptions = HTTPField.Name("X-Frame-Options")!
    static let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    static let csrfToken = HTTPField.Name("X-CSRF-Token")!
    static let secFetchSite = HTTPField.Name("Sec-Fetch-Site")!
    static let tableStackRevision = HTTPField.Name("X-TableStack-Revision")!
    static let lastEventID = HTTPField.Name("Last-Event-ID")!
    static let xAccelBuffering = HTTPField.Name("X-Accel-Buffering")!
}
