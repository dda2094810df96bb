import Foundation
import Testing

/// DNS rebinding and cross-site posts against the real binary: a request must name a host the
/// server answers to, and a post must come from that host's own pages.
@Suite("Host names and origins")
struct RequestOriginTests {
    /// Sends one request with the headers given and returns the status and the response.
    static func send(_ server: RunningServer, _ head: String, body: String = "") throws -> (status: Int?, text: String) {
        let connection = try RawConnection(port: server.port, timeout: 30)
        let length = body.isEmpty ? "" : "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n"
        try connection.send(head + length + "Connection: close\r\n\r\n" + body)
        let text = connection.receive().text
        return (RawConnection.status(of: text), text)
    }

    /// The session cookie, form token and revision of the groceries page, read as `host`.
    static func form(_ server: RunningServer, host: String) throws -> (cookie: String, body: String) {
        let (_, text) = try send(server, "GET /groceries/?editing=1 HTTP/1.1\r\nHost: \(host)\r\n")
        let cookie = try #require(text.firstMatch(of: /tablestack_session=[^;\r\n]*/)).0
        let csrf = try #require(text.firstMatch(of: /name="csrf" value="([^"]*)"/)).1
        let revision = try #require(text.firstMatch(of: /name="revision" value="([^"]*)"/)).1
        return (String(cookie), "csrf=\(csrf)&revision=\(revision.replacingOccurrences(of: "=", with: "%3D"))&name=Tea&quantity=1")
    }

    @Test("on loopback, a foreign Host is refused for pages and posts; loopback names are served")
    func loopbackHostNames() throws {
        try RunningServer.with { server in
            #expect(server.banner.contains("answers only to loopback host names"))
            for host in ["127.0.0.1:\(server.port)", "localhost:\(server.port)", "localhost", "[::1]:\(server.port)"] {
                #expect(try Self.send(server, "GET / HTTP/1.1\r\nHost: \(host)\r\n").status == 200, "\(host) is this machine")
            }
            let foreign = "rebind.evil.example:\(server.port)"
            let page = try Self.send(server, "GET /groceries/ HTTP/1.1\r\nHost: \(foreign)\r\n")
            #expect(page.status == 400 && page.text.contains("does not answer to the host name"))
            let (cookie, body) = try Self.form(server, host: "127.0.0.1:\(server.port)")
            let post = try Self.send(server, "POST /groceries/_/add HTTP/1.1\r\nHost: \(foreign)\r\nCookie: \(cookie)\r\n", body: body)
            #expect(post.status == 400)
            let list = try Self.send(server, "GET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            #expect(!list.text.contains(">Tea<"), "nothing was added")
        }
    }

    @Test("a head must name one valid host: duplicates, none on HTTP/1.1, junk, and a foreign absolute-form target are refused")
    func hostHeaders() throws {
        try RunningServer.with { server in
            let cases: [(String, Int)] = [
                ("GET / HTTP/1.1\r\nHost: localhost\r\nHost: evil.com\r\n", 400),
                ("GET / HTTP/1.1\r\n", 400),
                ("GET / HTTP/1.0\r\n", 200),
                ("GET / HTTP/1.1\r\nHost: evil.com#.localhost\r\n", 400),
                ("GET / HTTP/1.1\r\nHost: a\"b.localhost\r\n", 400),
                ("GET http://evil.com/ HTTP/1.1\r\nHost: localhost\r\n", 400),
                ("GET http://localhost:\(server.port)/groceries/ HTTP/1.1\r\nHost: evil.com\r\n", 200),
            ]
            for (head, status) in cases {
                let answer = try Self.send(server, head)
                #expect(answer.status == status, "\(head)")
            }
        }
    }

    @Test("a post whose Origin or Referer is another site is refused; the site's own is accepted")
    func foreignOrigins() throws {
        try RunningServer.with { server in
            let host = "127.0.0.1:\(server.port)"
            let (cookie, body) = try Self.form(server, host: host)
            let head = "POST /groceries/_/add HTTP/1.1\r\nHost: \(host)\r\nCookie: \(cookie)\r\n"
            for header in ["Origin: http://rebind.evil.example:\(server.port)", "Origin: null", "Origin: http://localhost:\(server.port)",
                           "Referer: http://evil.example/page", "Origin: http://127.0.0.1:1",
                           "Origin: https://\(host)", "Sec-Fetch-Site: cross-site", "Sec-Fetch-Site: same-site"] {
                let refused = try Self.send(server, head + header + "\r\n", body: body)
                #expect(refused.status == 403, "\(header) is refused")
                #expect(refused.text.contains("sent from another site"))
                #expect(!refused.text.contains("()"), "no empty name of a site when the browser gave none")
            }
            #expect(try Self.send(server, head + "Origin: http://\(host)\r\n", body: body).status == 303)
            let (otherCookie, again) = try Self.form(server, host: host)
            #expect(try Self.send(server, "POST /groceries/_/add HTTP/1.1\r\nHost: \(host)\r\nCookie: \(otherCookie)\r\n"
                                  + "Referer: http://\(host)/groceries/?add=1\r\n", body: again).status == 303)
        }
    }

    @Test("with --public-url, only that host is answered and forms must come from it")
    func publicURL() throws {
        try RunningServer.with(arguments: ["--public-url", "https://tables.example.com/", "--allowed-host", "backstage.example.com"]) { server in
            #expect(server.banner.contains("answers only to backstage.example.com, tables.example.com"))
            #expect(try Self.send(server, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n").status == 400)
            #expect(try Self.send(server, "GET / HTTP/1.1\r\nHost: tables.example.com\r\n").status == 200)
            #expect(try Self.send(server, "GET / HTTP/1.1\r\nHost: backstage.example.com\r\n").status == 200)
            #expect(try Self.send(server, "GET / HTTP/1.1\r\nHost: tables.example.com:443\r\n").status == 200)
            #expect(try Self.send(server, "GET / HTTP/1.1\r\nHost: tables.example.com:8443\r\n").status == 400, "only the public URL's port")
            let (cookie, body) = try Self.form(server, host: "tables.example.com")
            let head = "POST /groceries/_/add HTTP/1.1\r\nHost: tables.example.com\r\nCookie: \(cookie)\r\nX-Forwarded-Proto: https\r\n"
            #expect(try Self.send(server, head + "Origin: http://tables.example.com\r\n", body: body).status == 403, "plain http is weaker than the site's https")
            #expect(try Self.send(server, head + "Origin: https://tables.example.com\r\n", body: body).status == 303)
        }
    }
}
