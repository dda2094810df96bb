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

    /// Sets the four fields on `headers`, in place of any of theirs already there.
    static func add(to headers: inout HTTPFields) {
        // Appended when none is there, nearly always (setting a field checks its value again).
        // Looked for in one pass that compares a name only when its length is one of theirs:
        // a search for each cost a warm page 3 k instructions.
        if headers.indices.contains(where: { isOneOfThem(headers[$0].name) }) {
            for field in fields { headers[field.name] = field.value }
        } else {
            headers.append(contentsOf: fields)
        }
    }

    /// The lengths of their names, as bits: bit n is set when one of the names is n bytes long.
    private static let nameLengths = fields.reduce(UInt64(0)) { $0 | 1 << UInt64($1.name.canonicalName.utf8.count) }

    private static func isOneOfThem(_ name: HTTPField.Name) -> Bool {
        let length = name.canonicalName.utf8.count
        return length < 64 && nameLengths & 1 << UInt64(length) != 0 && fields.contains { $0.name == name }
    }
}
