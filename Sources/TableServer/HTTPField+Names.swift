import HTTPTypes

/// The header fields the server reads or writes that HTTPTypes does not name.
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
