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
        #expect(stored == "tablestack_session=" + signer.sealed(plain.id) + "; Path=/docs/; HttpOnly; SameSite=Lax")
        #expect(plain.isNew && plain.id.count == 32)
    }

    @Test("a session takes its own form token and no other: not another session's, not one cut short, not none")
    func formToken() throws {
        let signer = Self.signer
        let first = Self.session(headers: [.cookie: "tablestack_session=" + signer.sealed(String(repeating: "a", count: 32))])
        let second = Self.session(headers: [.cookie: "tablestack_session=" + signer.sealed(String(repeating: "b", count: 32))])
        #expect(!first.isNew && !second.isNew)
        #expect(first.accepts(first.csrf))
        #expect(first.csrf == signer.sign("csrf:" + first.id), "the token is the session id's signature")
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
        #expect(seven == Self.signer.sealed("7"))
        #expect(position.sealed(7) == seven)
        #expect(Self.signer.opened(position.sealed(8)) == "8")
        #expect(position.sealed(7) == seven, "an older position is sealed again, the same")
    }

    private static let signer = Signer(secret: Array("one secret".utf8))

    /// The session a request for `path` with `headers` carries.
    private static func session(path: String = "/", headers: HTTPFields = [:]) -> Session {
        var head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: path)
        head.headerFields.append(contentsOf: headers)
        return Session(request: Request(head: head, body: RequestBody(buffer: ByteBuffer())), signer: signer, revoked: RevokedSessions())
    }
}
