import HTTPTypes
import NIOCore

/// The headers every response carries: a Content-Security-Policy with no inline script and no
/// framing, no MIME sniffing, and a strict referrer policy. Added by `SiteResponder`, and
/// written by `WarmPageHandler` in the pages it answers on the event loop.
enum SecurityHeaders {
    static let contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"

    /// The four fields, made (and their values checked) once.
    private static let fields = [
        HTTPField(name: .contentSecurityPolicy, value: contentSecurityPolicy), HTTPField(name: .xContentTypeOptions, value: "nosniff"),
        HTTPField(name: .referrerPolicy, value: "same-origin"), HTTPField(name: .frameOptions, value: "DENY"),
    ]

    /// The four fields as a head's lines, as `ResponseEncoder` writes them: the warm-page
    /// handler writes them after a prepared answer's own fields, which never hold theirs.
    static let fieldLines: ByteBuffer = {
        var lines = ByteBuffer()
        for field in fields { ResponseEncoder.append(field, to: &lines) }
        return lines
    }()

    /// Sets the four fields on `headers`, in place of any of theirs already there.
    static func add(to headers: inout HTTPFields) {
        // Appended when none is there, nearly always (setting a field checks its value again).
        // Looked for in one pass that compares a name only when its length is one of theirs:
        // a search for each cost a warm page 3 k instructions.
        if headers.contains(where: isOneOfThem) {
            for field in fields { headers[field.name] = field.value }
        } else {
            headers.append(contentsOf: fields)
        }
    }

    /// Whether `field` is one of the four: its name compared only when its length is one of
    /// theirs (15, 22 and 23 bytes).
    private static func isOneOfThem(_ field: HTTPField) -> Bool {
        switch field.name.canonicalName.utf8.count {
        case 15, 22, 23: fields.contains { $0.name == field.name }
        default: false
        }
    }
}
