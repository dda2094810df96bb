import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Testing
@testable import TableServer

@Suite("Sessions")
struct SessionTests {
    @Test("Set-Cookie values are written out in one order, Secure only over HTTPS")
    func setCookieText() throws {
        let signer = Self.signer
        let plain = Self.session(path: "/docs/"), secure = Self.session(path: "/docs/", headers: [.forwardedProto: "https"])
        #expect(plain.setCookie("tablestack_flash", "abc.def", basePath: "/docs/", maxAge: 60)
            == "tablestack_flash=abc.def; Max-Age=60; Path=/docs/; HttpOnly; SameSite=Lax")
        #expect(secure.setCookie("tablestack_editor", "", basePath: "/", maxAge: 0)
            == "tablestack_editor=; Max-Age=0; Path=/; Secure; HttpOnly; SameSite=Lax")
        var headers = HTTPFields()
        plain.store(on: &headers, signer: signer, basePath: "/docs/")
        let stored = try #require(headers[values: .setCookie].first)
        #expect(headers[values: .setCookie].count == 1)
        #expect(stored == "tablestack_session=" + signer.sessionSeal(plain.id).sealed + "; Path=/docs/; HttpOnly; SameSite=Lax")
        #expect(plain.csrf == signer.sessionSeal(plain.id).csrf, "the cookie and the token come from one HMAC")
        #expect(plain.isNew && plain.id.count == 32)
    }

    @Test("a session takes its own form token and no other: not another session's, not one cut short, not none")
    func formToken() throws {
        let signer = Self.signer
        let first = Self.session(headers: [.cookie: "tablestack_session=" + signer.sessionSeal(String(repeating: "a", count: 32)).sealed])
        let second = Self.session(headers: [.cookie: "tablestack_session=" + signer.sessionSeal(String(repeating: "b", count: 32)).sealed])
        #expect(!first.isNew && !second.isNew)
        #expect(first.accepts(first.csrf))
        #expect(first.csrf == signer.sessionSeal(first.id).csrf, "the token is the second half of the session id's HMAC")
        #expect(!signer.sessionSeal(first.id).sealed.contains(first.csrf), "and not the half that signs the cookie")
        #expect(!first.accepts(second.csrf))
        #expect(!first.accepts(String(first.csrf.dropLast())))
        #expect(!first.accepts(first.csrf + "A"))
        #expect(!first.accepts(""))
        #expect(!first.accepts(nil))
        // A new session has no form yet that could carry its token.
        let new = Self.session()
        #expect(new.isNew && !new.accepts(new.csrf))
    }

    @Test("the change-log position an answer carries is the position sealed, whichever was sealed before")
    func sealedPosition() {
        let position = LastSealedPosition(signer: Self.signer)
        let seven = position.sealed(7)
        #expect(seven == Self.signer.sealed("7", for: .position))
        #expect(position.sealed(7) == seven)
        #expect(Self.signer.opened(position.sealed(8), for: .position) == "8")
        #expect(position.sealed(7) == seven, "an older position is sealed again, the same")
    }

    @Test("a cookie opened before is known again, by its whole sealed text only; a full memo starts afresh; long or non-ASCII texts are opened, not kept")
    func openedCookies() throws {
        let signer = Self.signer
        let cookies = OpenedCookies(signer: signer, capacity: 2)
        let id = String(repeating: "c", count: 32)
        let sealed = signer.sessionSeal(id).sealed
        let first = try #require(cookies.session(sealed))
        #expect(first == OpenedCookies.OpenedSession(id: id, csrf: signer.sessionSeal(id).csrf))
        // A value sealed for another purpose, or signed with the token's half: refused.
        #expect(cookies.session(signer.sealed(id, for: .editor)) == nil)
        #expect(cookies.session(sealed.prefix { $0 != "." } + "." + signer.sessionSeal(id).csrf) == nil, "the token is no signature")
        #expect(cookies.session(sealed) == first)
        #expect(cookies.count == 1)
        // The same value under another signature, the signature cut short, or none: refused.
        let value = sealed.prefix { $0 != "." }
        #expect(cookies.session(value + "." + signer.sign("another message")) == nil)
        #expect(cookies.session(String(sealed.dropLast())) == nil)
        #expect(cookies.session(String(value)) == nil)
        // Written out another way: padded, with a letter's look-alike (KELVIN SIGN for K), or long.
        #expect(cookies.session(value + "==." + sealed.split(separator: ".")[1]) == nil)
        let kelvin = try #require((0..<1_000).lazy.map { signer.sessionSeal(String(format: "%032d", $0)).sealed }.first { $0.contains("K") })
        #expect(cookies.session(kelvin) != nil)
        #expect(cookies.session(kelvin.replacingOccurrences(of: "K", with: "\u{212A}")) == nil, "equal as Swift strings, not as bytes")
        let kept = cookies.count
        let long = String(repeating: "d", count: 200)
        #expect(cookies.session(signer.sessionSeal(long).sealed)?.id == long, "a long cookie is still opened")
        #expect(cookies.count == kept, "but not kept")
        for letter in ["e", "f", "g"] {
            let other = String(repeating: letter, count: 32)
            #expect(cookies.session(signer.sessionSeal(other).sealed)?.id == other)
            #expect(cookies.count <= 2)
        }
        #expect(cookies.session(sealed) == first)
        #expect(cookies.count <= 2)
        // An editor's cookie: the value it holds, the same again, and not under a forged signature.
        let editor = signer.sealed(id + ":1767225600", for: .editor)
        #expect(cookies.editor(editor) == id + ":1767225600")
        #expect(cookies.editor(editor) == id + ":1767225600")
        #expect(cookies.editor(signer.sealed(id + ":1767225600", for: .flash)) == nil, "a flash with the same text is no editor's cookie")
        #expect(cookies.editor(editor.prefix { $0 != "." } + "." + signer.sign(id)) == nil)
    }

    @Test("a session ended by signing out is refused though its cookie was opened before")
    func revokedAfterOpening() {
        let cookies = OpenedCookies(signer: Self.signer), revoked = RevokedSessions()
        let id = String(repeating: "r", count: 32)
        let headers: HTTPFields = [.cookie: "tablestack_session=" + Self.signer.sessionSeal(id).sealed]
        let before = Self.session(headers: headers, cookies: cookies, revoked: revoked)
        #expect(!before.isNew && before.id == id && before.accepts(before.csrf))
        revoked.revoke(id)
        let after = Self.session(headers: headers, cookies: cookies, revoked: revoked)
        #expect(after.isNew && after.id != id)
        #expect(!after.accepts(before.csrf))
    }

    private static let signer = Signer(secret: Array("one secret".utf8))

    /// The session a request for `path` with `headers` carries.
    private static func session(path: String = "/", headers: HTTPFields = [:], cookies: OpenedCookies = OpenedCookies(signer: signer),
                                revoked: RevokedSessions = RevokedSessions()) -> Session {
        var head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path)
        head.headerFields.append(contentsOf: headers)
        return Session(request: Request(head: head, body: RequestBody(buffer: ByteBuffer())), signer: signer, cookies: cookies, revoked: revoked)
    }
}
