import HTTPTypes
import Hummingbird
import NIOCore
import Testing
@testable import TableServer

@Suite("Sessions")
struct SessionTests {
    @Test("Set-Cookie values are written out in one order, Secure only over HTTPS")
    func setCookieText() throws {
        let signer = Signer(secret: Array("one secret".utf8))
        func session(forwardedProto: String?) -> Session {
            var head = HTTPRequest(method: .get, scheme: "http", authority: "localhost", path: "/docs/")
            if let forwardedProto { head.headerFields[.forwardedProto] = forwardedProto }
            return Session(request: Request(head: head, body: RequestBody(buffer: ByteBuffer())), signer: signer, revoked: RevokedSessions())
        }
        let plain = session(forwardedProto: nil), secure = session(forwardedProto: "https")
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
}
