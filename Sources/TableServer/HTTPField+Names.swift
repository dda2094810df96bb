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
