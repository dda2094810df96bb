import HTTPTypes

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
