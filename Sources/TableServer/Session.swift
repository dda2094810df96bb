import Foundation
import HTTPTypes
import Hummingbird
import TableKit

/// What a request carries about its browser: a session id (signed cookie), the CSRF token derived
/// from it, a one-time flash message, and whether an editor signed in. Nothing is kept in memory,
/// so any server behind a load balancer can answer any request.
struct Session: Sendable {
    static let sessionCookie = "tablestack_session"
    static let flashCookie = "tablestack_flash"
    static let editorCookie = "tablestack_editor"
    /// The change-log position of the browser's last edit: a server behind it reads the log up
    /// to there before answering, so nobody's next page, on whichever server, lacks their edit.
    static let sequenceCookie = "tablestack_seen"
    /// The longest flash message kept, in characters (and four times as many bytes, by
    /// `DocumentText.shortened`): a notice naming a very long item is cut, so the cookie stays
    /// far below what browsers and the server accept.
    static let longestFlash = 240

    let id: String
    /// The cookie a new session is sent with (made with its form token, `Signer.sessionSeal`);
    /// `nil` for a session the browser already has.
    let newCookie: String?
    let csrf: String
    var flash: String?
    let isEditor: Bool
    let isSecure: Bool

    /// The session the request's cookies carry; one ended by signing out (`revoked`) is
    /// replaced by a new one, with no editor's rights and no valid form token. Session and editor
    /// cookies are opened through `cookies`, which remembers those it opened before; the flash
    /// cookie, a message, is opened with `signer` every time.
    init(request: Request, signer: Signer, cookies: OpenedCookies, revoked: RevokedSessions) {
        let headers = request.headers
        let opened = headers.cookie(Self.sessionCookie).flatMap { cookies.session($0) }.flatMap { revoked.contains($0.id) ? nil : $0 }
        if let opened {
            (id, csrf, newCookie) = (opened.id, opened.csrf, nil)
        } else {
            id = Signer.randomID()
            (newCookie, csrf) = signer.sessionSeal(id)
        }
        flash = headers.cookie(Self.flashCookie).flatMap { signer.opened($0, for: .flash) }
        if let sealed = headers.cookie(Self.editorCookie).flatMap({ cookies.editor($0) }),
           let expiry = Double(sealed.split(separator: ":").last ?? ""), sealed.hasPrefix(id + ":") {
            isEditor = expiry > Date().timeIntervalSince1970
        } else {
            isEditor = false
        }
        isSecure = headers.value(of: .forwardedProto) == "https" || request.head.scheme == "https"
    }

    private init(id: String, seal: (sealed: String, csrf: String), flash: String?, isSecure: Bool) {
        self.id = id
        newCookie = seal.sealed
        csrf = seal.csrf
        self.flash = flash
        isEditor = false
        self.isSecure = isSecure
    }

    /// The same browser under a new session id, as at sign-in and sign-out: an id someone
    /// planted or saw before is worth nothing afterwards.
    func renewed(signer: Signer) -> Session {
        let id = Signer.randomID()
        return Session(id: id, seal: signer.sessionSeal(id), flash: flash, isSecure: isSecure)
    }

    /// Whether the browser has no session yet: its answer sets one (`newCookie`).
    var isNew: Bool { newCookie != nil }

    /// Whether a posted token is this session's: `csrf`, made in `init`, compared in constant
    /// time (no second HMAC of the same message).
    func accepts(_ token: String?) -> Bool {
        guard let token, !isNew else { return false }
        return Signer.constantTimeEquals(Array(csrf.utf8), Array(token.utf8))
    }

    /// Sets the cookies this response must carry: a new session, a consumed flash.
    func store(on response: inout Response, signer: Signer, basePath: String, flash newFlash: String? = nil) {
        store(on: &response.headers, signer: signer, basePath: basePath, flash: newFlash)
    }

    /// Adds the cookies a response must carry to its `headers`.
    func store(on headers: inout HTTPFields, signer: Signer, basePath: String, flash newFlash: String? = nil) {
        // Appended as fields: `headers[values:]` would read back and rewrite the other cookies.
        if let newCookie { headers.append(HTTPField(name: .setCookie, value: setCookie(Self.sessionCookie, newCookie, basePath: basePath))) }
        if let newFlash {
            let sealed = signer.sealed(Self.shortened(newFlash), for: .flash)
            headers.append(HTTPField(name: .setCookie, value: setCookie(Self.flashCookie, sealed, basePath: basePath, maxAge: 60)))
        } else if flash != nil {
            headers.append(HTTPField(name: .setCookie, value: setCookie(Self.flashCookie, "", basePath: basePath, maxAge: 0)))
        }
    }

    /// `message`, cut to `longestFlash` characters with an ellipsis.
    static func shortened(_ message: String) -> String {
        DocumentText.shortened(message, to: longestFlash)
    }

    /// The `Set-Cookie` value that marks this session as an editor's for twelve hours.
    func editorCookie(signer: Signer, basePath: String) -> String {
        let expiry = Int(Date().timeIntervalSince1970) + 12 * 3600
        return setCookie(Self.editorCookie, signer.sealed("\(id):\(expiry)", for: .editor), basePath: basePath, maxAge: 12 * 3600)
    }

    /// The `Set-Cookie` value that ends an editor's sign-in.
    func signedOutCookie(basePath: String) -> String {
        setCookie(Self.editorCookie, "", basePath: basePath, maxAge: 0)
    }

    /// A `Set-Cookie` value: HTTP only, same-site lax, secure when the browser came over HTTPS.
    /// Written out here rather than through Hummingbird's `Cookie`, whose attributes come in a
    /// dictionary's order (a different one in each process) and which costs as much as the
    /// cookie's signature; every new visitor's first page carries one. `value` must be a cookie
    /// value (RFC 6265 §4.1.1); the sealed values are base64url and a dot.
    func setCookie(_ name: String, _ value: String, basePath: String, maxAge: Int? = nil) -> String {
        // Appended into one buffer with room for it all: the parts given, and at most 50 bytes of
        // "=", "; Max-Age=", "; Path=", "; Secure" and "; HttpOnly; SameSite=Lax".
        let age = maxAge.map { String($0) } ?? ""
        var text = ""
        text.reserveCapacity(name.utf8.count + value.utf8.count + age.utf8.count + basePath.utf8.count + 50)
        text += name
        text += "="
        text += value
        if maxAge != nil {
            text += "; Max-Age="
            text += age
        }
        text += "; Path="
        text += basePath
        if isSecure { text += "; Secure" }
        text += "; HttpOnly; SameSite=Lax"
        return text
    }
}
