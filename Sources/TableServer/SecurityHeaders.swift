import HTTPTypes

/// The headers every response carries: a Content-Security-Policy with no inline script and no
/// framing, no MIME sniffing, and a strict referrer policy. Added by `SiteResponder`, and by
/// `WarmPageHandler` to the pages it answers on the event loop.
enum SecurityHeaders {
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"

    /// The four fields, made (and their values checked) once.
    private static let fields = [
        HTTPField(name: .contentSecurityPolicy, value: contentSecurityPolicy), HTTPField(name: .xContentTypeOptions, value: "nosniff"),
        HTTPField(name: .referrerPolicy, value: "same-origin"), HTTPField(name: .frameOptions, value: "DENY"),
    ]

    /// Appends the four fields to `headers` that hold none of them (a page's, as the server makes
    /// them), without looking for them first: a warm page's answer, which must have them where
    /// `add` puts them on the router's answer to the same request.
    static func append(to headers: inout HTTPFields) {
        assert(!fields.contains { headers.contains($0.name) }, "SecurityHeaders.append: a field is already there")
        headers.append(contentsOf: fields)
    }

    /// Sets the four fields on `headers`, in place of any of theirs already there.
    static func add(to headers: inout HTTPFields) {
        // Appended when none is there, nearly always (setting a field checks its value again).
        if fields.contains(where: { headers.contains($0.name) }) {
            for field in fields { headers[field.name] = field.value }
        } else {
            headers.append(contentsOf: fields)
        }
    }
}
