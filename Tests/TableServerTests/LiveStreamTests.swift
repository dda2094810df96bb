import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import TableRender
import TableServer

/// Live pages over real HTTP: the stream a page names sends every change of its list as a batch
/// update, catches a returning page up, ends when the list goes, and is bounded.
@Suite("Live streams of the real server")
struct LiveStreamTests {
    /// An editor of the demo: its cookie and form token.
    struct Editor {
        let server: RunningServer
        let cookie: String
        let csrf: String

        init(_ server: RunningServer) async throws {
            self.server = server
            let (_, html, setCookie) = try await HTTPFetch.fetch(server.base + "groceries/?editing=1")
            cookie = try #require(setCookie?.split(separator: ";").first.map(String.init))
            csrf = LibXML.parse(html, file: "editor").root?.first { $0.attributes["name"] == "csrf" }?.attributes["value"] ?? ""
        }

        func revision(of path: String) async throws -> String {
            var request = URLRequest(url: URL(string: server.base + path)!)
            request.setValue("application/json", forHTTPHeaderField: "Accept")
            let (data, _) = try await HTTPFetch.session.data(for: request)
            return (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["revision"] as? String ?? ""
        }

        /// Posts `action` on `path` with `fields`, based on the list as it stands; the status.
        @discardableResult
        func post(_ path: String, _ action: String, _ fields: String) async throws -> Int {
            let revision = try await revision(of: path).addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let (status, _, _) = try await HTTPFetch.fetch(server.base + path + "_/" + action, method: "POST",
                                                           body: "csrf=\(csrf)&revision=\(revision)&" + fields, cookie: cookie)
            return status
        }
    }

    /// Opens the stream at `path` (a query and headers as given) and reads its response head.
    static func subscribe(_ server: RunningServer, _ path: String, headers: [String] = [], seen: inout String) throws -> RawConnection {
        let connection = try RawConnection(port: server.port, timeout: 0.5)
        try connection.send("GET /\(path) HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\nAccept: text/event-stream\r\n"
                            + headers.map { $0 + "\r\n" }.joined() + "\r\n")
        // A refusal keeps the connection open: wait for the stream's first words only after a 200.
        var answer = ""
        _ = connection.receive(until: "\r\n\r\n", seen: &answer, timeout: 10)
        if RawConnection.status(of: answer) == 200, !answer.contains("retry: 2000\n\n") {
            _ = connection.receive(until: "retry: 2000\n\n", seen: &answer, timeout: 10)
        }
        seen += answer
        return connection
    }

    /// The server's resident memory in bytes, as /proc says.
    static func residentBytes(of server: RunningServer) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(server.process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
    }

    /// The data of every `update` event in `text`, decoded.
    static func updates(in text: String) -> [[String: Any]] {
        text.components(separatedBy: "\n\n").compactMap { block in
            guard block.contains("event: update"), let line = block.split(separator: "\n").first(where: { $0.hasPrefix("data: ") }) else { return nil }
            return try? JSONSerialization.jsonObject(with: Data(line.dropFirst(6).utf8)) as? [String: Any]
        }
    }

    @Test("each edit arrives as its batch update, rendered rows included, with the list's revision as its id")
    func editsArrive() async throws {
        try await RunningServer.with { server in
            let editor = try await Editor(server)
            var seen = ""
            let stream = try Self.subscribe(server, "groceries/_live?since=groceries%3D1", seen: &seen)
            #expect(RawConnection.status(of: seen) == 200)
            #expect(seen.lowercased().contains("content-type: text/event-stream"))
            #expect(Self.updates(in: seen).isEmpty, "a page that is current gets nothing at first")

            #expect(try await editor.post("groceries/", "add", "name=Tea&quantity=2") == 200)
            #expect(stream.receive(until: "\n\n", seen: &seen, timeout: 10))
            #expect(try await editor.post("groceries/", "delete", "editing=1&key=eggs") == 200)
            #expect(stream.receive(until: "\"sections\":[[\"milk\",\"bread\",\"butter\",\"tea\"]]}\n\n", seen: &seen, timeout: 10))
            let updates = Self.updates(in: seen)
            try #require(updates.count == 2)
            #expect(updates[0]["inserted"] as? [String] == ["tea"])
            #expect(updates[0]["announcement"] as? String == "Tea added.")
            let tea = (updates[0]["rows"] as? [String: String])?["tea"] ?? ""
            #expect(tea.contains("data-key=\"tea\"") && tea.contains(">Tea<"), "the row comes rendered")
            #expect(updates[1]["deleted"] as? [String] == ["eggs"])
            #expect(updates[1]["sections"] as? [[String]] == [["milk", "bread", "butter", "tea"]])
            #expect(seen.contains("id: groceries=3\n"), "the id is the revision the page's forms carry next")
        }
    }

    @Test("a page that comes back with an older revision, or the last event's id, gets what it missed")
    func catchUp() async throws {
        try await RunningServer.with { server in
            let editor = try await Editor(server)
            var opened = ""
            // The server keeps a page's recent states while someone follows it.
            let follower = try Self.subscribe(server, "groceries/_live", seen: &opened)
            #expect(try await editor.post("groceries/", "delete", "editing=1&key=milk") == 200)
            #expect(follower.receive(until: "\n\n", seen: &opened, timeout: 10))
            #expect(try await editor.post("groceries/", "add", "name=Tea&quantity=2") == 200)
            #expect(follower.receive(until: "\"tea\"", seen: &opened, timeout: 10))

            var fromQuery = ""
            _ = try Self.subscribe(server, "groceries/_live?since=groceries%3D2", seen: &fromQuery)
            _ = try Self.subscribe(server, "groceries/_live?since=groceries%3D1", seen: &fromQuery)
            var fromHeader = ""
            _ = try Self.subscribe(server, "groceries/_live?since=groceries%3D3", headers: ["Last-Event-ID: groceries=1"], seen: &fromHeader)
            var unknown = ""
            _ = try Self.subscribe(server, "groceries/_live?since=nonsense", seen: &unknown)

            let queried = Self.updates(in: fromQuery)
            try #require(queried.count == 2)
            #expect(queried[0]["inserted"] as? [String] == ["tea"] && (queried[0]["deleted"] as? [String])?.isEmpty == true)
            #expect(queried[1]["inserted"] as? [String] == ["tea"] && queried[1]["deleted"] as? [String] == ["milk"])
            #expect(Self.updates(in: fromHeader).first?["deleted"] as? [String] == ["milk"], "Last-Event-ID wins over the query")
            let whole = try #require(Self.updates(in: unknown).first)
            #expect(whole["replacesAll"] as? Bool == true)
            #expect((whole["rows"] as? [String: String])?.count == 4 && whole["frame"] != nil)
        }
    }

    @Test("a change the page does not show still moves its revision on, so the viewer's next edit is not refused")
    func unseenChange() async throws {
        try await RunningServer.with { server in
            let editor = try await Editor(server)
            let before = try await editor.revision(of: "groceries/")
            var seen = ""
            let stream = try Self.subscribe(server, "groceries/_live?since=" + before.replacingOccurrences(of: "=", with: "%3D"), seen: &seen)
            // Shopping selects rows of the same list; the editable list does not show selection.
            #expect(try await editor.post("shopping/", "select", "key=eggs") == 200)
            #expect(stream.receive(until: "\n\n", seen: &seen, timeout: 10))
            let update = try #require(Self.updates(in: seen).first)
            let after = try await editor.revision(of: "groceries/")
            #expect(after != before && update["revision"] as? String == after)
            #expect(update["inserted"] as? [String] == [] && update["deleted"] as? [String] == [] && update["moved"] as? [String] == []
                    && update["reloaded"] as? [String] == [] && (update["rows"] as? [String: String])?.isEmpty == true
                    && update["frame"] == nil && update["announcement"] as? String == "" && update["revisionOnly"] as? Bool == true, "\(update)")
            // The page's forms carry the event's revision: a delete of the row changed unseen, based on it, is made.
            let (status, _, _) = try await HTTPFetch.fetch(server.base + "groceries/_/delete", method: "POST",
                                                           body: "csrf=\(editor.csrf)&revision=\(after.replacingOccurrences(of: "=", with: "%3D"))&editing=1&key=eggs",
                                                           cookie: editor.cookie)
            #expect(status == 200)
        }
    }

    @Test("a section that empties or fills moves no row of the sections around it")
    func sectionsComeAndGo() async throws {
        try await RunningServer.with { server in
            let editor = try await Editor(server)
            var seen = ""
            let stream = try Self.subscribe(server, "packing/_live", seen: &seen)
            for key in ["passport", "charger", "headphones"] {
                #expect(try await editor.post("packing/", "delete", "editing=1&key=\(key)") == 200)
            }
            #expect(stream.receive(until: "\"headphones\"", seen: &seen, timeout: 10))
            _ = stream.receive(until: "\n\n", seen: &seen, timeout: 2)
            let emptied = try #require(Self.updates(in: seen).last { ($0["deleted"] as? [String])?.contains("headphones") == true })
            #expect(emptied["deleted"] as? [String] == ["headphones"] && emptied["moved"] as? [String] == [], "\(emptied)")
            #expect(emptied["announcement"] as? String == "Headphones removed.")
            #expect(try await editor.post("packing/", "add", "name=Book&bag=Carry-on") == 200)
            #expect(stream.receive(until: "Book added.", seen: &seen, timeout: 10))
            let filled = try #require(Self.updates(in: seen).last)
            #expect(filled["moved"] as? [String] == [] && (filled["inserted"] as? [String])?.count == 1, "\(filled)")
        }
    }

    @Test("an item's page follows its item's new name in its title")
    func renamedItem() async throws {
        try await RunningServer.with { server in
            let editor = try await Editor(server)
            var seen = ""
            let stream = try Self.subscribe(server, "groceries/milk/_live", seen: &seen)
            if Self.updates(in: seen).isEmpty { #expect(stream.receive(until: "\"replacesAll\":true", seen: &seen, timeout: 10)) }
            #expect(Self.updates(in: seen).first?["title"] as? String == "Milk", "a page brought up to date whole gets its title")
            #expect(try await editor.post("groceries/milk/", "save", "name=Oat+Milk") == 200)
            #expect(stream.receive(until: "Oat Milk", seen: &seen, timeout: 10))
            _ = stream.receive(until: "\n\n", seen: &seen, timeout: 2)
            let update = try #require(Self.updates(in: seen).last)
            #expect(update["title"] as? String == "Oat Milk", "\(update)")
            #expect((update["documentTitle"] as? String)?.hasPrefix("Oat Milk") == true, "\(update)")
        }
    }

    @Test("HEAD of a stream answers its head and opens none; of a page that cannot be followed, 404")
    func headOfAStream() async throws {
        try await RunningServer.with { server in
            let connection = try RawConnection(port: server.port, timeout: 0.5)
            var answer = ""
            try connection.send("HEAD /groceries/_live HTTP/1.1\r\nHost: 127.0.0.1:\(server.port)\r\n\r\n")
            _ = connection.receive(until: "\r\n\r\n", seen: &answer, timeout: 10)
            #expect(RawConnection.status(of: answer) == 200 && answer.lowercased().contains("content-type: text/event-stream"), "\(answer)")
            #expect(!answer.lowercased().contains("content-length"), "a GET's length is not known: a HEAD names none")
            _ = connection.receive(until: "retry", seen: &answer, timeout: 1)
            #expect(!answer.contains("retry"), "no stream follows the head")
            let (status, _, _) = try await HTTPFetch.fetch(server.base + "_live", method: "HEAD")
            #expect(status == 404)
            let (refused, _, _) = try await HTTPFetch.fetch(server.base + "groceries/_live", method: "PUT")
            #expect(refused == 405)
        }
    }

    @Test("the stream of a page whose item is deleted says so and ends")
    func gone() async throws {
        try await RunningServer.with { server in
            let editor = try await Editor(server)
            var seen = ""
            let stream = try Self.subscribe(server, "groceries/milk/_live", seen: &seen)
            #expect(RawConnection.status(of: seen) == 200)
            #expect(try await editor.post("groceries/", "delete", "editing=1&key=milk") == 200)
            #expect(stream.receive(until: "event: gone\ndata: What this page showed was deleted.\n\n", seen: &seen, timeout: 10))
        }
    }

    @Test("a stream's place is free as soon as its client goes, and a quiet stream still says it is alive")
    func slotsAndHeartbeats() async throws {
        // An idle timeout of 3 seconds makes the heartbeat 1 second.
        try RunningServer.with(arguments: ["--live-streams", "1", "--idle-timeout", "3"]) { server in
            for round in 0..<3 {
                // The server hears of the last client's close a moment after it (before, a stream
                // held its place until its next write failed); a loaded machine may take seconds.
                var seen = "", stream: RawConnection?
                let deadline = Date().addingTimeInterval(20)
                repeat {
                    seen = ""
                    stream = try Self.subscribe(server, "groceries/_live", seen: &seen)
                } while RawConnection.status(of: seen) == 503 && Date() < deadline
                #expect(RawConnection.status(of: seen) == 200, "round \(round): the last stream's place was given back")
                guard let stream else { continue }
                // Silence past the idle timeout brings comments, one a second, and the connection
                // stays open: without them the server would close it after three seconds.
                var quiet = ""
                for beat in 1...3 {
                    #expect(stream.receive(until: ":\n\n", seen: &quiet, timeout: 20), "round \(round), comment \(beat): \(quiet.debugDescription)")
                }
            }
        }
    }

    @Test("a read-only visitor's page carries its revision, so its stream starts from it")
    func readOnlyVisitors() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let password = folder.appendingPathComponent("password")
        try PasswordHash.make(password: "correct horse", rounds: 210_000).description.write(to: password, atomically: true, encoding: .utf8)
        try await RunningServer.with(arguments: ["--editor-password-file", password.path]) { server in
            let (_, html, _) = try await HTTPFetch.fetch(server.base + "groceries/")
            let main = try #require(LibXML.parse(html, file: "visitor").root?.first { $0.name == "main" })
            #expect(main.attributes["data-live"] == "/groceries/_live")
            #expect(main.attributes["data-revision"] == "groceries=1")
            #expect(LibXML.parse(html, file: "visitor").root?.first { $0.attributes["name"] == "csrf" } == nil, "no forms for a visitor")
            var seen = ""
            let stream = try Self.subscribe(server, "groceries/_live?since=groceries%3D1", seen: &seen)
            _ = stream.receive(until: "never", seen: &seen, timeout: 1)
            #expect(RawConnection.status(of: seen) == 200)
            #expect(Self.updates(in: seen).isEmpty, "the visitor's page is current: nothing is resent")
        }
    }

    @Test("only pages that show lists of the store name a stream")
    func pagesWithoutLists() async throws {
        try await RunningServer.with { server in
            let (_, root, _) = try await HTTPFetch.fetch(server.base)
            #expect(!root.contains("data-live"), "the examples index shows no stored list")
            var seen = ""
            _ = try Self.subscribe(server, "_live", seen: &seen)
            #expect(RawConnection.status(of: seen) == 404)
            // An item's fields in editing mode are a sheet, which names no stream: none is served for it.
            var form = ""
            _ = try Self.subscribe(server, "groceries/eggs/_live?editing=1", seen: &form)
            #expect(RawConnection.status(of: form) == 404)
            var item = ""
            _ = try Self.subscribe(server, "groceries/eggs/_live", seen: &item)
            #expect(RawConnection.status(of: item) == 200, "the item's page itself is followed")
        }
    }

    @Test("streams are bounded: one past the limit is refused with 503 and a time to try again")
    func bounded() async throws {
        try RunningServer.with(arguments: ["--live-streams", "2"]) { server in
            var seen = ""
            let first = try Self.subscribe(server, "groceries/_live", seen: &seen)
            let second = try Self.subscribe(server, "states/_live", seen: &seen)
            var refused = ""
            _ = try Self.subscribe(server, "groceries/_live", seen: &refused)
            #expect(RawConnection.status(of: refused) == 503)
            #expect(refused.lowercased().contains("retry-after: 10"))
            _ = (first, second)
        }
        try RunningServer.with(arguments: ["--live-streams", "0"]) { server in
            var seen = ""
            _ = try Self.subscribe(server, "groceries/_live", seen: &seen)
            #expect(RawConnection.status(of: seen) == 404)
        }
    }

    @Test("pages name their stream; sheets, exports and servers without live pages do not")
    func markup() async throws {
        try await RunningServer.with { server in
            let (_, plain, _) = try await HTTPFetch.fetch(server.base + "groceries/")
            #expect(plain.contains("data-live=\"/groceries/_live\""))
            let (_, editing, _) = try await HTTPFetch.fetch(server.base + "groceries/?editing=1")
            #expect(editing.contains("data-live=\"/groceries/_live?editing=1\""))
            let (_, sheet, _) = try await HTTPFetch.fetch(server.base + "groceries/?add=1")
            #expect(!sheet.contains("data-live"))
        }
        try await RunningServer.with(arguments: ["--live-streams", "0"]) { server in
            let (_, plain, _) = try await HTTPFetch.fetch(server.base + "groceries/")
            #expect(!plain.contains("data-live"))
        }
    }

    @Test("a subscriber that never reads holds back neither commits nor the others")
    func slowSubscriber() async throws {
        try await RunningServer.with { server in
            let editor = try await Editor(server)
            var ignored = ""
            // Asks for the whole list at once, then never reads again.
            let silent = try Self.subscribe(server, "batch-update/_live?since=nonsense", seen: &ignored)
            var seen = ""
            let reader = try Self.subscribe(server, "batch-update/_live", seen: &seen)
            // Every edit is answered (a commit that waited on the silent stream would never be),
            // and the reading subscriber hears each one.
            for number in 0..<60 {
                #expect(try await editor.post("batch-update/", "add", "name=State+\(number)") == 200)
                #expect(reader.receive(until: "State \(number)", seen: &seen, timeout: 10), "the reader heard of State \(number)")
            }
            _ = silent
        }
    }

    @Test("streams opening on a long list with a revision the server does not know share one copy of it")
    func sharedOpening() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("data.sqlite").path
        let rows = (1...1_500).map { "Groceries item number \($0) with a name long enough to be read,\($0)" }
        let file = folder.appendingPathComponent("groceries.csv")
        try Data(("name,quantity\n" + rows.joined(separator: "\n") + "\n").utf8).write(to: file)
        let imported = try await SpawnedProcess.run(RunningServer.binary, ["import", "--list", "groceries", "--db", database, file.path], within: 60)
        try #require(imported.status == 0, "\(imported.errors)")
        let server = try await RunningServer.started(database: database)
        defer { server.stop() }
        var first = ""
        let opened = try Self.subscribe(server, "groceries/_live?since=unknown", seen: &first)
        #expect(opened.receive(until: "item-number-1500", seen: &first, timeout: 10), "the whole list, 1,500 rows, comes first")
        let before = Self.residentBytes(of: server)
        // Sixty streams that never read: each whole list is a megabyte of rows.
        var streams: [RawConnection] = []
        for number in 0..<60 {
            var seen = ""
            streams.append(try Self.subscribe(server, "groceries/_live?since=unknown-\(number)", seen: &seen))
            #expect(RawConnection.status(of: seen) == 200, "subscriber \(number)")
        }
        let after = Self.residentBytes(of: server)
        #expect(before > 0 && after - before < 20 << 20, "60 streams took \((after - before) >> 20) MB")
    }

    @Test("five hundred idle subscribers cost the server less than 50 MB")
    func idleSubscribersAreCheap() async throws {
        try await RunningServer.with { server in
            // Warm the pages first, so the figure is what the subscribers add.
            for path in ["groceries/", "states/", "batch-update/"] { _ = try await HTTPFetch.fetch(server.base + path) }
            let before = Self.residentBytes(of: server)
            var streams: [RawConnection] = []
            for number in 0..<500 {
                var seen = ""
                let path = ["groceries/_live", "states/_live", "batch-update/_live"][number % 3]
                streams.append(try Self.subscribe(server, path, seen: &seen))
                #expect(RawConnection.status(of: seen) == 200, "subscriber \(number)")
            }
            let after = Self.residentBytes(of: server)
            #expect(before > 0 && after - before < 50 << 20, "500 subscribers took \((after - before) >> 20) MB")
            // And they all still hear a change.
            let editor = try await Editor(server)
            #expect(try await editor.post("groceries/", "add", "name=Tea&quantity=2") == 200)
            var seen = ""
            #expect(streams[0].receive(until: "\"tea\"", seen: &seen, timeout: 10))
            #expect(streams[498].receive(until: "\"tea\"", seen: &seen, timeout: 10))
        }
    }
}
