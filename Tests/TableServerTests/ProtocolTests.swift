import Foundation
import HTTPTypes
import Testing
import TableRender
import TableServer
import TableStore

@Suite("HTTP: JSON twins, caching, compression, headers, assets, sign-in")
struct ProtocolTests {
    @Test("every page answers Accept: application/json with its snapshot, stack and revision")
    func jsonTwin() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/states/", accept: "application/json")
            #expect(page.headers[.contentType] == "application/json; charset=utf-8")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(page.html.utf8)) as? [String: Any])
            #expect(json["title"] as? String == "States" && json["style"] as? String == "plain")
            #expect((json["sectionIndex"] as? [Any])?.count == 27)
            #expect((json["stack"] as? [[String: Any]])?.map { $0["title"] as? String } == ["Examples", "States"])
            #expect(json["revision"] as? String == "states=1")
            let error = try await browser.get("/nowhere/", accept: "application/json")
            #expect(error.status == 404 && error.html.contains("\"error\""))
            // A sheet the page does not have is a 404 for the twin too, as for the page.
            #expect(try await browser.get("/groceries/?editing=1&move=nope", accept: "application/json").status == 404)
            #expect(try await browser.get("/trails/?add=1", accept: "application/json").status == 404)
            #expect(try await browser.get("/groceries/?editing=1&move=eggs", accept: "application/json").status == 200)
        }
    }

    @Test("an unchanged page answers 304 to its ETag; an edit changes the ETag")
    func etags() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let first = try await browser.get("/groceries/")
            let etag = try #require(first.headers[.eTag])
            let again = try await browser.get("/groceries/", headers: [.ifNoneMatch: etag])
            #expect(again.status == 304 && again.html.isEmpty)
            // Compared weakly (the page's tag is weak; the same tag sent strong matches), and `*` matches any.
            #expect(etag.hasPrefix("W/"))
            #expect(try await browser.get("/groceries/", headers: [.ifNoneMatch: "\"other\", " + etag.dropFirst(2)]).status == 304)
            #expect(try await browser.get("/groceries/", headers: [.ifNoneMatch: "*"]).status == 304)
            // A new visitor holds no page with its own form token: "*" is not this page.
            #expect(try await Browser(client: browser.client).get("/groceries/", headers: [.ifNoneMatch: "*"]).status == 200)
            #expect(try await browser.get("/groceries/", headers: [.ifNoneMatch: "\"other\""]).status == 200)
            let editing = try await browser.get("/groceries/?editing=1")
            let (csrf, revision) = browser.tokens(of: editing)
            _ = try await browser.post("/groceries/_/delete", [("csrf", csrf), ("revision", revision), ("editing", "1"), ("key", "milk")])
            let changed = try await browser.get("/groceries/", headers: [.ifNoneMatch: etag])
            #expect(changed.status == 200 && changed.headers[.eTag] != etag)
        }
    }

    @Test("a page's ETag holds the lists above it: renaming the item it was reached by answers 200, not 304")
    func etagsOfAncestors() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let first = try await browser.get("/trails/north-cascades/")
            let etag = try #require(first.headers[.eTag])
            #expect(try await browser.get("/trails/north-cascades/", headers: [.ifNoneMatch: etag]).status == 304)
            let regions = try await demo.store.revision(of: .root("regions"))
            try await demo.store.apply([.update(key: "north-cascades", attributes: ["name": .string("North Cascades NP")])],
                                       to: .root("regions"), basedOn: regions)
            let renamed = try await browser.get("/trails/north-cascades/", headers: [.ifNoneMatch: etag])
            #expect(renamed.status == 200 && renamed.headers[.eTag] != etag)
            #expect(renamed.root?.first { $0.name == "h1" }?.normalizedText == "North Cascades NP")
        }
    }

    @Test("a cached page is served again only while every list it depends on is unchanged, its ancestors' included")
    func pageCache() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let first = try await browser.get("/trails/north-cascades/")
            let second = try await browser.get("/trails/north-cascades/")
            #expect(first.html == second.html)
            #expect(first.field("csrf") == second.field("csrf") && first.field("csrf") != "tablestack-csrf-placeholder")
            // Renaming the region (a list above the page) changes the page's title.
            let regions = try await demo.store.revision(of: .root("regions"))
            try await demo.store.apply([.update(key: "north-cascades", attributes: ["name": .string("North Cascades NP")])],
                                       to: .root("regions"), basedOn: regions)
            let renamed = try await browser.get("/trails/north-cascades/")
            #expect(renamed.root?.first { $0.name == "h1" }?.normalizedText == "North Cascades NP")
            // Another browser gets its own token in the same cached page.
            let other = Browser(client: browser.client)
            let theirs = try await other.get("/trails/north-cascades/")
            #expect(theirs.field("csrf") != renamed.field("csrf"))
        }
    }

    @Test("HTML is gzipped for clients that accept it, fresh and from the page cache, byte for byte the plain page")
    func gzip() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            for path in ["/states/", "/states/?editing=1", "/trails/"] {
                let fresh = try await browser.get(path, headers: [.acceptEncoding: "gzip, deflate"])
                let plain = try await browser.get(path)
                let cached = try await browser.get(path, headers: [.acceptEncoding: "gzip"])
                #expect(plain.headers[.contentEncoding] == nil)
                #expect(plain.html.contains("name=\"csrf\""), "\(path) has the form token, so the cache splices it")
                for zipped in [fresh, cached] {
                    #expect(zipped.headers[.contentEncoding] == "gzip")
                    #expect(zipped.bytes.count < plain.bytes.count / 3)
                    #expect(Gunzip.decompress(zipped.bytes) == plain.bytes, "\(path) decompresses to the plain page")
                }
            }
            // A client that refuses gzip (q=0) gets the plain page; a name in capitals still counts.
            #expect(try await browser.get("/states/", headers: [.acceptEncoding: "gzip;q=0, identity"]).headers[.contentEncoding] == nil)
            #expect(try await browser.get("/states/", headers: [.acceptEncoding: "GZIP"]).headers[.contentEncoding] == "gzip")
            // Another session gets its own token in the same cached, compressed page.
            let other = Browser(client: browser.client)
            let theirs = try await other.get("/states/", headers: [.acceptEncoding: "gzip"])
            let theirsPlain = try await other.get("/states/")
            #expect(Gunzip.decompress(theirs.bytes) == theirsPlain.bytes)
            let mine = try await browser.get("/states/")
            #expect(theirsPlain.field("csrf") != mine.field("csrf"))
        }
    }

    /// The demo's lists whose rows do not depend on where they stand (links, a footer and batch
    /// buttons, selection lists), with their row counts.
    static let streamable = [("/trails/", 4), ("/batch-update/", 5), ("/toppings/", 6), ("/task-category/", 4)]

    /// Pages kept between two servers' browsing sessions.
    final class Pages: @unchecked Sendable { var html: [String: String] = [:] }

    /// Sessions differ between two servers; so do their form tokens, and nothing else.
    @Sendable static func withoutToken(_ html: String) -> String {
        html.replacingOccurrences(of: #"name="csrf" value="[^"]*""#, with: "csrf", options: .regularExpression)
    }

    @Test("a long plain list is sent in windows while it is read, reading exactly as the page rendered whole")
    func streamedLists() async throws {
        let whole = try await ServedDemo()
        let streamed = try await ServedDemo(streamingWindow: 2)
        defer { whole.remove(); streamed.remove() }
        let pages = Pages()
        try await whole.browse { browser in
            for (path, _) in Self.streamable {
                let page = try await browser.get(path)
                #expect(page.headers[.contentLength] != nil, "\(path) fits one window, so it is sent whole")
                pages.html[path] = page.html
            }
        }
        // A list sent in windows is too long to be followed live, or for its batch buttons to
        // say which rows they take (that needs the rows their index paths name before any is
        // sent), so the differences allowed are the whole page's stream (`data-live`) and those
        // summaries.
        let withoutToken = { @Sendable (html: String) in
            Self.withoutToken(html).replacingOccurrences(of: #" data-live="[^"]*""#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #" aria-describedby="batch-summary-[0-9]+""#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #"<p class="table__command-summary"[^>]*>[^<]*</p>"#, with: "", options: .regularExpression)
        }
        try await streamed.browse { browser in
            for (path, rows) in Self.streamable {
                let page = try await browser.get(path)
                #expect(page.status == 200)
                #expect(page.headers[.contentLength] == nil, "\(path) is sent as it is read, so its length is not known up front")
                #expect(withoutToken(page.html) == withoutToken(pages.html[path] ?? ""), "\(path) streamed in windows of 2")
                #expect(page.rowTexts.count == rows)
                let zipped = try await browser.get(path, headers: [.acceptEncoding: "gzip"])
                #expect(zipped.headers[.contentEncoding] == "gzip")
                #expect(Gunzip.decompress(zipped.bytes).map { String(decoding: $0, as: UTF8.self) }.map(withoutToken) == withoutToken(page.html))
                let etag = try #require(page.headers[.eTag])
                #expect(try await browser.get(path, headers: [.ifNoneMatch: etag]).status == 304)
                // A HEAD has no length either, as its GET: not a length of 0.
                let head = try await browser.send(.head, path)
                #expect(head.status == 200 && head.html.isEmpty && head.headers[.contentLength] == nil, "HEAD \(path)")

                // Sent gzipped once, the page is kept compressed: the next gzip view comes whole from
                // the cache, byte for byte the same (the same session, so the same token); a plain
                // view is still sent as it is read.
                let again = try await browser.get(path, headers: [.acceptEncoding: "gzip"])
                #expect(again.headers[.contentLength] != nil, "\(path) comes from the cache the second time")
                #expect(again.bytes.count < zipped.bytes.count * 2)
                #expect(Gunzip.decompress(again.bytes) == Gunzip.decompress(zipped.bytes))
                #expect(try await browser.get(path).headers[.contentLength] == nil, "plain views are not kept")
            }
            // Another session gets the kept page with its own token; a change sends the list anew.
            let other = Browser(client: browser.client)
            let theirs = try await other.get("/toppings/", headers: [.acceptEncoding: "gzip"])
            #expect(theirs.headers[.contentLength] != nil)
            let theirPage = Browser.Page(status: 200, html: String(decoding: Gunzip.decompress(theirs.bytes) ?? [], as: UTF8.self),
                                         headers: theirs.headers, location: nil)
            let mine = try await browser.get("/toppings/")
            #expect(theirPage.field("csrf") != nil && theirPage.field("csrf") != mine.field("csrf"), "each session's own token")
            #expect(withoutToken(theirPage.html) == withoutToken(mine.html))
            let chosen = try await browser.post("/toppings/_/select", [("csrf", mine.field("csrf") ?? ""),
                                                                       ("revision", mine.field("revision") ?? ""), ("key", "olives")])
            #expect(chosen.status == 200)
            let changed = try await browser.get("/toppings/", headers: [.acceptEncoding: "gzip"])
            #expect(changed.headers[.contentLength] == nil, "the kept page is stale: the list is sent as it is read")
            #expect(Gunzip.decompress(changed.bytes).map { String(decoding: $0, as: UTF8.self) }.map(withoutToken) == withoutToken(chosen.html))
        }
    }

    @Test("a CONNECT (a proxy's tunnel), or a body the server does not read, is refused and the connection closes after it")
    func connectRefused() throws {
        try RunningServer.with { server in
            let connection = try RawConnection(port: server.port, timeout: 10)
            try connection.send("CONNECT 127.0.0.1:\(server.port) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            let answer = connection.receive()
            // (The encoder sends no body after a CONNECT's answer: a client would take one for the tunnel's first bytes.)
            #expect(RawConnection.status(of: answer.text) == 405 && answer.text.contains("Allow: GET, HEAD\r\n"), "\(answer.text.prefix(300))")
            #expect(answer.closed, "the server closed the connection rather than leave the client waiting")
            // A compressed body is left unread, however long it goes on: refused, and the connection closed.
            let (cookie, form) = try RequestOriginTests.form(server, host: "127.0.0.1")
            let compressed = try RawConnection(port: server.port, timeout: 10)
            try compressed.send("POST /groceries/_/add HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\nContent-Encoding: gzip\r\n"
                                + "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: chunked\r\n\r\n")
            try compressed.send(String(form.utf8.count, radix: 16) + "\r\n" + form + "\r\n")
            let refused = compressed.receive()
            #expect(RawConnection.status(of: refused.text) == 415 && refused.text.contains("Connection: close") && refused.closed,
                    "\(refused.text.prefix(300))")
            // So is one in a transfer coding besides chunked, which the HTTP layer would pass on still coded.
            let transferCoded = try RawConnection(port: server.port, timeout: 10)
            try transferCoded.send("POST /groceries/_/add HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: \(cookie)\r\n"
                                   + "Content-Type: application/x-www-form-urlencoded\r\nTransfer-Encoding: gzip, chunked\r\n\r\n"
                                   + String(form.utf8.count, radix: 16) + "\r\n" + form + "\r\n0\r\n\r\n")
            let coded = transferCoded.receive()
            #expect(RawConnection.status(of: coded.text) == 415 && coded.closed, "\(coded.text.prefix(300))")
        }
    }

    @Test("a head that cannot be read gets its status and a sentence saying why, and the connection closes", arguments: [
        ("GET /" + String(repeating: "a", count: 90_000) + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 431, "longer, or more, than this server reads"),
        ("GET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Bad Name: 1\r\n\r\n", 400, "character HTTP does not allow"),
        ("BREW /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400, "method is not one this server reads"),
        ("GET /groceries/ HTTP/7.1\r\nHost: 127.0.0.1\r\n\r\n", 400, "HTTP/1.0 or HTTP/1.1"),
        ("POST /groceries/_/add HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ten\r\n\r\n", 400, "Content-Length is not one length"),
        // After a request answered in full, on the same connection.
        ("GET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /x\u{1} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", 400, "address is not a valid URL"),
        ("GET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: example.com\r\n\r\n", 400,
         "more than one Host header"),
    ])
    func unreadableHead(head: String, status: Int, reason: String) throws {
        try RunningServer.with { server in
            let connection = try RawConnection(port: server.port, timeout: 10)
            try connection.send(head)
            let answer = connection.receive()
            // Each response's status line starts a line (the page before ends with one).
            let responses = answer.text.components(separatedBy: "\nHTTP/1.1 ")
            let last = (responses.count > 1 ? "HTTP/1.1 " : "") + (responses.last ?? "")
            #expect(RawConnection.status(of: last) == status && last.contains(reason) && last.contains("Connection: close"), "\(last.prefix(300))")
            #expect(answer.closed)
            // One answer to each request line sent.
            #expect(responses.count == head.components(separatedBy: " HTTP/").count - 1, "\(answer.text.prefix(300))")
        }
    }

    @Test("a request that asks to close, in any spelling or as HTTP/1.0, is answered alone and the connection closes", arguments: [
        "GET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Close\r\n\r\n",
        "GET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive, CLOSE\r\n\r\n",
        "GET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nConnection: close\r\n\r\n",
        "GET /groceries/ HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n",
        // Spellings the parser does not take for a close, or for HTTP/1.0's keep-alive, still end
        // the connection after one answer rather than leave the rest to a bare 400.
        "GET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\t\r\n\r\n",
        "GET /groceries/ HTTP/1.0\r\nHost: 127.0.0.1\r\nConnection: keep-alive\t\r\n\r\n",
    ])
    func asksToClose(head: String) throws {
        try RunningServer.with { server in
            let connection = try RawConnection(port: server.port, timeout: 10)
            try connection.send(head + "GET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            let answer = connection.receive()
            #expect(RawConnection.status(of: answer.text) == 200 && answer.closed)
            #expect(answer.text.components(separatedBy: "\nHTTP/1.").count == 1, "one answer: \(answer.text.suffix(200))")
            // The answer says the connection closes after it (RFC 9112, 9.6).
            let head = answer.text.components(separatedBy: "\r\n\r\n")[0]
            #expect(head.contains("\r\nConnection: close"), "\(head)")
        }
    }

    @Test("an HTTP/1.0 client gets a response without a length as its bare body, not in chunks it cannot read, and the connection closes after it")
    func http10WithoutLength() throws {
        try RunningServer.with { server in
            // A live stream has no length; even asked to keep the connection, it cannot be
            // framed for HTTP/1.0 but by the connection's end.
            let connection = try RawConnection(port: server.port, timeout: 10)
            try connection.send("GET /groceries/_live HTTP/1.0\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\nConnection: keep-alive\r\n\r\n")
            var seen = ""
            #expect(connection.receive(until: "retry: 2000\n\n", seen: &seen, timeout: 10), "\(seen.prefix(400))")
            let parts = seen.components(separatedBy: "\r\n\r\n")
            let head = parts[0].lowercased()
            #expect(RawConnection.status(of: seen) == 200 && head.contains("\r\ncontent-type: text/event-stream"), "\(parts[0])")
            #expect(head.contains("\r\nconnection: close") && !head.contains("keep-alive") && !head.contains("transfer-encoding"), "\(parts[0])")
            #expect(parts.count > 1 && parts[1].hasPrefix("retry: 2000\n\n"), "the stream's first words, with no chunk size before them: \(seen.prefix(400))")
        }
    }

    @Test("every response carries the security headers; a method the site does not take is a 405; session cookies are HttpOnly and SameSite=Lax")
    func securityHeaders() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            for uri in ["/", "/nowhere/", "/_assets/tablestack.css"] {
                let page = try await browser.get(uri)
                let csp = page.headers[.contentSecurityPolicy] ?? ""
                #expect(csp.contains("script-src 'self'") && csp.contains("frame-ancestors 'none'") && !csp.contains("unsafe-inline"))
                #expect(page.headers[.xContentTypeOptions] == "nosniff")
                #expect(page.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
            }
            // A page is asked again each time; a sheet, whose form carries the values it was shown
            // with, is not kept at all (Back after a save asks for it anew).
            #expect(try await browser.get("/groceries/").headers[.cacheControl] == "no-cache")
            #expect(try await browser.get("/groceries/eggs/?editing=1").headers[.cacheControl] == "no-store")
            #expect(try await browser.get("/groceries/?add=1").headers[.cacheControl] == "no-store")
            // A method a page refuses is answered by the site, with the headers and the methods it
            // takes; so is one the site never answers.
            let put = try await browser.send(.put, "/groceries/")
            #expect(put.status == 405 && put.headers[.xContentTypeOptions] == "nosniff")
            for method in [HTTPRequest.Method.options, .trace, HTTPRequest.Method("PROPFIND")!] {
                let refused = try await browser.send(method, "/groceries/")
                #expect(refused.status == 405 && refused.headers[.allow] == "GET, HEAD" && refused.headers[.xContentTypeOptions] == "nosniff")
                #expect(refused.html.contains("\(method.rawValue) is not accepted at /groceries/"), "\(refused.html.prefix(200))")
            }
            // Allow names what the path takes: an action only POST, an asset GET and HEAD.
            #expect(put.headers[.allow] == "GET, HEAD")
            #expect(try await browser.get("/groceries/_/delete").headers[.allow] == "POST")
            // An action that is not there is not there for any method: no Allow offers a POST that finds nothing.
            for method in [HTTPRequest.Method.get, .post, .put] {
                #expect(try await browser.send(method, "/groceries/_/nonsense").status == 404, "\(method)")
            }
            // Nor is an action of a page that is not there (a POST without its form's token is refused first, 403).
            for method in [HTTPRequest.Method.get, .put] {
                #expect(try await browser.send(method, "/nowhere/_/delete").status == 404, "\(method)")
            }
            #expect(try await browser.send(.delete, "/_assets/tablestack.css").headers[.allow] == "GET, HEAD")
            #expect(try await browser.send(.put, "/_login").headers[.allow] == "GET, HEAD, POST")
            let fresh = Browser(client: browser.client)
            let page = try await fresh.get("/")
            let cookie = page.headers[.setCookie] ?? ""
            #expect(cookie.hasPrefix("tablestack_session=") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"))
            #expect(!page.html.contains(cookie.split(separator: "=")[1].split(separator: ";")[0]), "the session id never appears in the page")
        }
    }

    @Test("assets come from the Public folder with a content type and an ETag")
    func assets() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let css = try await browser.get("/_assets/tablestack.css")
            #expect(css.status == 200 && css.headers[.contentType] == "text/css; charset=utf-8")
            let cached = try await browser.get("/_assets/tablestack.css", headers: [.ifNoneMatch: css.headers[.eTag] ?? ""])
            #expect(cached.status == 304)
            #expect(try await browser.get("/_assets/icons/star.svg").headers[.contentType] == "image/svg+xml")
        }
    }

    @Test("assets: text is sent gzipped to clients that accept it, each form with its own ETag; a file changed on disk is sent anew")
    func assetsCompressedAndFresh() async throws {
        let publicFolder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-public-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: publicFolder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: publicFolder) }
        let cssFile = publicFolder.appendingPathComponent("site.css")
        let css = Array(String(repeating: ".row { color: red; }\n", count: 200).utf8)
        try Data(css).write(to: cssFile)
        let png = (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919 >> 3) }
        try Data(png).write(to: publicFolder.appendingPathComponent("picture.png"))

        let demo = try await ServedDemo(publicFolder: publicFolder.path)
        defer { demo.remove() }
        try await demo.browse { browser in
            let zipped = try await browser.get("/_assets/site.css", headers: [.acceptEncoding: "gzip, deflate"])
            #expect(zipped.status == 200 && zipped.headers[.contentEncoding] == "gzip")
            #expect(zipped.headers[.vary] == "Accept-Encoding")
            #expect(zipped.bytes.count < css.count / 4)
            #expect(Gunzip.decompress(zipped.bytes) == css)

            let plain = try await browser.get("/_assets/site.css")
            #expect(plain.status == 200 && plain.headers[.contentEncoding] == nil && plain.bytes == css)
            let plainTag = try #require(plain.headers[.eTag]), zippedTag = try #require(zipped.headers[.eTag])
            #expect(plainTag != zippedTag, "two representations, two tags")

            #expect(try await browser.get("/_assets/site.css", headers: [.acceptEncoding: "gzip", .ifNoneMatch: zippedTag]).status == 304)
            #expect(try await browser.get("/_assets/site.css", headers: [.ifNoneMatch: "\"other\", \(plainTag)"]).status == 304)
            let otherForm = try await browser.get("/_assets/site.css", headers: [.acceptEncoding: "gzip", .ifNoneMatch: plainTag])
            #expect(otherForm.status == 200 && Gunzip.decompress(otherForm.bytes) == css)

            let picture = try await browser.get("/_assets/picture.png", headers: [.acceptEncoding: "gzip"])
            #expect(picture.headers[.contentEncoding] == nil && picture.bytes == png, "images are sent as they are")

            // Edited while the server runs: a new size, then the same size with a new modification time.
            let longer = Array(String(repeating: ".row { color: blue; }\n", count: 200).utf8)
            try Data(longer).write(to: cssFile)
            let edited = try await browser.get("/_assets/site.css")
            #expect(edited.bytes == longer && edited.headers[.eTag] != plainTag)
            let sameSize = Array(String(repeating: ".row { color: cyan; }\n", count: 200).utf8)
            #expect(sameSize.count == longer.count)
            try Data(sameSize).write(to: cssFile)
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: cssFile.path)
            #expect(try await browser.get("/_assets/site.css").bytes == sameSize)
            #expect(Gunzip.decompress(try await browser.get("/_assets/site.css", headers: [.acceptEncoding: "gzip"]).bytes) == sameSize)

            try FileManager.default.removeItem(at: cssFile)
            #expect(try await browser.get("/_assets/site.css").status == 404, "a file removed is gone, not served from memory")
        }
    }

    @Test("assets: a link is followed only to a file inside the public folder, and a path ending in '/' is no file")
    func assetsStayInTheirFolder() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-public-\(UUID().uuidString)")
        let publicFolder = root.appendingPathComponent("public"), outside = root.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: publicFolder.appendingPathComponent("icons"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("secret".utf8).write(to: outside.appendingPathComponent("secret.txt"))
        try Data(".row {}".utf8).write(to: publicFolder.appendingPathComponent("icons/site.css"))
        try FileManager.default.createSymbolicLink(at: publicFolder.appendingPathComponent("elsewhere"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: publicFolder.appendingPathComponent("secret.txt"),
                                                   withDestinationURL: outside.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: publicFolder.appendingPathComponent("alias.css").path, withDestinationPath: "icons/site.css")
        let demo = try await ServedDemo(publicFolder: publicFolder.path)
        defer { demo.remove() }
        try await demo.browse { browser in
            let inside = try await browser.get("/_assets/icons/site.css")
            #expect(inside.status == 200)
            #expect(try await browser.get("/_assets/elsewhere/secret.txt").status == 404)
            #expect(try await browser.get("/_assets/secret.txt").status == 404)
            let alias = try await browser.get("/_assets/alias.css")
            #expect(alias.status == 200 && alias.html == ".row {}", "a link to a file inside the folder is followed, as an export copies it")
            #expect(try await browser.get("/_assets/icons/site.css/").status == 404)
            #expect(try await browser.get("/_assets/icons/").status == 404)
        }
    }

    @Test("with an editor password, pages are read-only until the editor signs in")
    func signIn() async throws {
        let demo = try await ServedDemo(editorPassword: try PasswordHash.make(password: "correct horse", rounds: 210_000))
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/groceries/")
            #expect(page.root?.first { $0.attributes["id"] == "table-actions" } == nil, "no forms before signing in")
            #expect(page.root?.first { $0.name == "a" && $0.normalizedText == "Sign In" } != nil)
            let form = try await browser.get("/_login")
            let csrf = form.field("csrf") ?? ""
            let wrong = try await browser.post("/_login", [("csrf", csrf), ("password", "wrong")])
            #expect(wrong.status == 403 && wrong.text.contains("That password is not right."))
            let signedIn = try await browser.post("/_login", [("csrf", csrf), ("password", "correct horse")])
            #expect(signedIn.status == 200 && signedIn.notice == "Signed in: you can edit now.")
            let editable = try await browser.get("/groceries/?editing=1")
            #expect(editable.root?.first { $0.attributes["id"] == "table-actions" } != nil)
        }
    }

    @Test("on an address others can reach and without a password, editing is refused")
    func noEditingOffLoopback() async throws {
        let demo = try await ServedDemo(host: "0.0.0.0")
        defer { demo.remove() }
        #expect(demo.server.configuration.editingPolicy().hasPrefix("editing is disabled"))
        try await demo.browse { browser in
            let page = try await browser.get("/groceries/")
            #expect(page.root?.first { $0.name == "a" && $0.normalizedText == "Edit" } == nil)
            let refused = try await browser.post("/groceries/_/delete", [("key", "milk")])
            #expect(refused.status == 403)
        }
    }

    @Test("password hashes are salted and slow, and only the right password verifies")
    func passwordHash() throws {
        let hash = try PasswordHash.make(password: "s3cret", rounds: 210_000)
        let parsed = try #require(PasswordHash(hash.description))
        #expect(parsed.verify("s3cret") && !parsed.verify("s3cret ") && !parsed.verify(""))
        #expect(try PasswordHash.make(password: "s3cret", rounds: 210_000) != hash, "a fresh salt each time")
        #expect(PasswordHash("pbkdf2-sha256$1000$AAAAAAAAAAAAAAAAAAAAAA==$" + Data(count: 32).base64EncodedString()) == nil, "too few rounds")
        #expect(!hash.description.contains("s3cret"))
    }
}
