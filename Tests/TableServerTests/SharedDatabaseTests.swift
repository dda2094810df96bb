import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TableRender
import TableStorePostgres
import Testing
import TestSupport

/// Two `tablestack serve` processes on one PostgreSQL database, as behind a load balancer: one
/// secret, requests alternating between them.
@Suite("Several servers on one PostgreSQL database", .serialized)
struct SharedDatabaseTests {
    /// Two servers on a fresh database of `cluster`, sharing a cookie secret.
    struct Pair {
        let servers: [RunningServer]
        let database: String
        let folder: URL

        init(cluster: PostgresCluster? = nil, count: Int = 2) async throws {
            let cluster = if let cluster { cluster } else { try await PostgresCluster.running() }
            folder = try RunningServer.folder()
            let secret = folder.appendingPathComponent("secret")
            try Data((0..<48).map { _ in UInt8.random(in: 0...255) }).write(to: secret)
            database = try await cluster.newDatabase()
            // One at a time: the first creates the schema and seeds the demo, the next finds it.
            var servers: [RunningServer] = []
            for _ in 0..<count { servers.append(try await RunningServer.started(database: database, arguments: ["--secret-file", secret.path])) }
            self.servers = servers
        }

        func stop() {
            for server in servers where server.process.isRunning { server.stop() }
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// A browser with JavaScript off, its cookies kept across both servers.
    struct Visitor {
        typealias Server = any ReachableServer

        let jar = HTTPFetch.CookieJar()

        func get(_ server: Server, _ path: String) async throws -> (status: Int, html: String) {
            try await HTTPFetch.fetch(server.base + path.dropFirst(), jar: jar)
        }

        func post(_ server: Server, _ path: String, _ fields: [(String, String)]) async throws -> (status: Int, html: String) {
            let body = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")" }.joined(separator: "&")
            return try await HTTPFetch.fetch(server.base + path.dropFirst(), method: "POST", body: body, jar: jar)
        }

        /// The CSRF token and revision of the groceries in editing mode.
        func editingTokens(_ server: Server) async throws -> (csrf: String, revision: String) {
            let root = LibXML.parse(try await get(server, "/groceries/?editing=1").html, file: "page").root
            func field(_ name: String) -> String { root?.first { $0.attributes["name"] == name }?.attributes["value"] ?? "" }
            return (field("csrf"), field("revision"))
        }

        /// Adds an item through the groceries' Add form; the status, or 0 when no answer came.
        func add(_ name: String, on server: Server) async -> Int {
            guard let tokens = try? await editingTokens(server), !tokens.csrf.isEmpty else { return 0 }
            let answer = try? await post(server, "/groceries/_/add",
                                         [("csrf", tokens.csrf), ("revision", tokens.revision), ("name", name), ("quantity", "1")])
            return answer?.status ?? 0
        }

        /// The named inputs of an item's detail form, as a browser would send them.
        func detailForm(_ server: Server, item: String) async throws -> [(String, String)] {
            let root = LibXML.parse(try await get(server, "/groceries/\(item)/?editing=1").html, file: "page").root
            let inputs = root?.all(named: "input").filter { $0.attributes["type"] != "checkbox" } ?? []
            return inputs.compactMap { input in input.attributes["name"].map { ($0, input.attributes["value"] ?? "") } }
        }
    }

    /// `editors` visitors at once, each adding `rounds` items to the servers in turn (a
    /// failure, such as a server gone or a database down, is only not counted); the names of
    /// the additions acknowledged with 200.
    static func adding(editors: Int, rounds: Int, on servers: [any ReachableServer], named prefix: String) async -> [String] {
        await withTaskGroup(of: [String].self) { group in
            for editor in 0..<editors {
                group.addTask {
                    let visitor = Visitor()
                    var made: [String] = []
                    for number in 0..<rounds {
                        let name = "\(prefix) \(editor)-\(number)"
                        if await visitor.add(name, on: servers[(editor + number) % servers.count]) == 200 {
                            made.append(name)
                        } else {
                            try? await Task.sleep(for: .milliseconds(20))
                        }
                    }
                    return made
                }
            }
            return await group.reduce(into: [String]()) { $0 += $1 }
        }
    }

    static func rows(_ html: String) -> [String] {
        LibXML.parse(html, file: "page").root?.all { $0.attributes["class"] == "cell__text" }.map(\.text) ?? []
    }

    static func replacing(_ fields: [(String, String)], _ name: String, with value: String) -> [(String, String)] {
        fields.map { $0.0 == name ? ($0.0, value) : $0 }
    }

    @Test("an edit on one server is on the other's next page; a stale edit on the second after the first is refused")
    func editsCrossServers() async throws {
        let pair = try await Pair()
        defer { pair.stop() }
        let (a, b) = (pair.servers[0], pair.servers[1])
        let alice = Visitor(), bob = Visitor()
        #expect(Self.rows(try await bob.get(b, "/groceries/").html) == ["Milk", "Eggs", "Bread", "Butter"])
        #expect(Self.rows(try await bob.get(b, "/groceries/").html) == ["Milk", "Eggs", "Bread", "Butter"], "now B's cached page")

        let tokens = try await alice.editingTokens(a)
        let deleted = try await alice.post(a, "/groceries/_/delete", [("csrf", tokens.csrf), ("revision", tokens.revision), ("editing", "1"), ("key", "milk")])
        #expect(deleted.status == 200)
        // Bob made no edit: B learns of Alice's through the log's announcement, within moments.
        var bobRows: [String] = []
        let deadline = Date().addingTimeInterval(30)
        repeat {
            bobRows = Self.rows(try await bob.get(b, "/groceries/").html)
        } while bobRows.count == 4 && Date() < deadline
        #expect(bobRows == ["Eggs", "Bread", "Butter"], "B's cached page is not served stale")
        #expect(Self.rows(try await alice.get(b, "/groceries/").html) == ["Eggs", "Bread", "Butter"], "Alice's own next page, on B")

        // The same field changed on both servers from one page: the second is told, on B, what A saved.
        let aliceEggs = try await alice.detailForm(a, item: "eggs")
        let bobEggs = try await bob.detailForm(b, item: "eggs")
        #expect(try await alice.post(a, "/groceries/eggs/_/save", Self.replacing(aliceEggs, "quantity", with: "24")).status == 200)
        let refused = try await bob.post(b, "/groceries/eggs/_/save", Self.replacing(bobEggs, "quantity", with: "6"))
        #expect(refused.status == 409)
        #expect(refused.html.contains("24"), "the conflict names the value the other server saved")
    }

    @Test("a page following its list live on one server receives the edit made on the other")
    func liveAcrossServers() async throws {
        let pair = try await Pair()
        defer { pair.stop() }
        let (a, b) = (pair.servers[0], pair.servers[1])
        var seen = ""
        let stream = try LiveStreamTests.subscribe(b, "groceries/_live", seen: &seen)
        #expect(RawConnection.status(of: seen) == 200)
        #expect(await Visitor().add("Tea", on: a) == 200)
        #expect(stream.receive(until: "\"inserted\":[\"tea\"]", seen: &seen, timeout: 10), "B's subscriber hears of A's commit")
        let update = try #require(LiveStreamTests.updates(in: seen).last)
        #expect(update["sections"] as? [[String]] == [["milk", "eggs", "bread", "butter", "tea"]])
        #expect(update["announcement"] as? String == "Tea added.")
    }

    @Test("an import into the shared database by `tablestack import` is on both servers' next pages")
    func importReachesBoth() async throws {
        let pair = try await Pair()
        defer { pair.stop() }
        for server in pair.servers { _ = try await Visitor().get(server, "/groceries/") }
        let imported = try await OtherWritersTests.importing("name,quantity\nTea,1\n", list: "groceries", into: pair.database, folder: pair.folder)
        #expect(imported.status == 0, "\(imported.output)")
        for server in pair.servers {
            var rows: [String] = []
            let deadline = Date().addingTimeInterval(30)
            // Announced at commit; each server takes it in within moments.
            while !rows.contains("Tea"), Date() < deadline {
                rows = Self.rows(try await Visitor().get(server, "/groceries/").html)
                if !rows.contains("Tea") { try await Task.sleep(for: .milliseconds(10)) }
            }
            #expect(rows == ["Milk", "Eggs", "Bread", "Butter", "Tea"])
        }
    }

    @Test("editors on both servers at once: every acknowledged addition is there, none twice")
    func concurrentEditors() async throws {
        let pair = try await Pair()
        defer { pair.stop() }
        let acknowledged = await Self.adding(editors: 8, rounds: 6, on: pair.servers, named: "Item")
        #expect(acknowledged.count >= 40, "additions at the end of a list do not conflict: \(acknowledged.count) of 48")
        for server in pair.servers {
            let rows = Self.rows(try await Visitor().get(server, "/groceries/").html)
            #expect(Set(acknowledged).isSubset(of: Set(rows)))
            #expect(rows.count == Set(rows).count && rows.count == 4 + acknowledged.count, "each once, nothing unacknowledged")
        }
    }

    @Test("kill -9 of one server with edits in flight on both loses no acknowledged change; the other goes on")
    func killedServer() async throws {
        let pair = try await Pair()
        defer { pair.stop() }
        let (a, b) = (pair.servers[0], pair.servers[1])
        // Eight editors add to both servers as fast as answers come; A is killed under them.
        let editors = Task { await Self.adding(editors: 8, rounds: 30, on: [a, b], named: "Kept") }
        try await Task.sleep(for: .milliseconds(400))
        a.process.kill()
        let acknowledged = await editors.value
        a.process.waitUntilExit()
        #expect(a.process.terminationReason == .uncaughtSignal, "A was killed while the editors were still at work")
        #expect(acknowledged.count >= 40)
        let rows = Self.rows(try await Visitor().get(b, "/groceries/").html)
        #expect(Set(acknowledged).isSubset(of: Set(rows)), "every acknowledged addition survived the killed server")
        #expect(rows.count == Set(rows).count, "none twice")
        let store = try await PostgresStore(address: PostgresAddress(url: pair.database), readers: 1)
        #expect(try await store.integrityProblems() == [])
        await store.close()
    }

    @Test("a server started while PostgreSQL is down waits for it and serves once it answers; told not to wait, or refused, it says why at once")
    func startsBeforeTheDatabase() async throws {
        let cluster = try await PostgresCluster.dedicated()
        defer { try? cluster.stop() }
        let database = try await cluster.newDatabase()
        try await cluster.stop()
        let impatient = try await SpawnedProcess.run(RunningServer.binary, ["serve", "--port", "0", "--db", database, "--database-wait", "0"], within: 20)
        #expect(impatient.status == 1)
        #expect(impatient.errors.contains("tablestack: cannot reach postgresql://tablestack@127.0.0.1:\(cluster.port)/")
                && impatient.errors.hasSuffix(": Connection refused (127.0.0.1:\(cluster.port))\n"), "in the system's words: \(impatient.errors)")
        // PostgreSQL starts once the server has said that it waits (pg_ctl waits for it).
        let server = try await RunningServer.started(database: database, arguments: ["--database-wait", "90"], standardError: .withOutput,
                                                     once: "cannot be reached yet") { try cluster.start() }
        defer { server.stop() }
        #expect(server.banner.contains("cannot be reached yet"), "it said that it waits: \(server.banner)")
        #expect(try await Visitor().get(server, "/groceries/").status == 200)
        // A database that answers but refuses is not waited for.
        let refused = try await SpawnedProcess.run(RunningServer.binary, ["serve", "--port", "0", "--db", cluster.url(database: "nonexistent"),
                                                                          "--database-wait", "90"], within: 20)
        #expect(refused.status == 1 && refused.errors.contains("nonexistent"), "\(refused.errors)")
        // A host that takes the connection and never answers is given up at the wait's end, not
        // after a connection's own 30 s.
        let silent = try SilentListener()
        let began = ContinuousClock.now
        let hung = try await SpawnedProcess.run(RunningServer.binary, ["serve", "--port", "0", "--db", "postgresql://tablestack@127.0.0.1:\(silent.port)/t",
                                                                       "--database-wait", "1"], within: 25)
        #expect(hung.status == 1 && hung.errors.contains("within 1.0 seconds"), "\(hung.errors)")
        #expect(ContinuousClock.now - began < .seconds(15), "gave up after \(ContinuousClock.now - began)")
    }

    @Test("a change whose commit the database never confirmed is a 503 saying so, leading back to the list by a link, not a form to send again")
    func uncertainSave() async throws {
        let cluster = try await PostgresCluster.dedicated()
        let pair = try await Pair(cluster: cluster, count: 1)
        defer { pair.stop(); try? cluster.stop() }
        let visitor = Visitor()
        let tokens = try await visitor.editingTokens(pair.servers[0])
        try await cluster.holdCommits()
        let posting = Task {
            try await visitor.post(pair.servers[0], "/groceries/_/add",
                                   [("csrf", tokens.csrf), ("revision", tokens.revision), ("name", "Saffron"), ("quantity", "1")])
        }
        // Stopped only once the commit is sent and waits for the standby: stopped sooner, the
        // change was plainly not made (a slow machine can take seconds to get there).
        let deadline = ContinuousClock.now + .seconds(60)
        while try await cluster.waitingCommits() == 0, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        try await cluster.stop()
        let answer = try await posting.value
        #expect(answer.status == 503, "\(answer.html)")
        #expect(answer.html.contains("may or may not have been made") && answer.html.contains("Open “Groceries” to see whether it was"))
        let root = LibXML.parse(answer.html, file: "page").root
        #expect(root?.all(named: "a").contains { $0.attributes["href"]?.hasSuffix("groceries/") == true } == true, "\(answer.html)")
        #expect(root?.all(named: "form").isEmpty == true)
    }

    @Test("restarting PostgreSQL mid-run costs only the requests in flight: 503 meanwhile, then the servers reconnect by themselves")
    func databaseRestart() async throws {
        let cluster = try await PostgresCluster.dedicated()
        let pair = try await Pair(cluster: cluster)
        defer { pair.stop() }
        let visitor = Visitor()
        var acknowledged: [String] = []
        func add(_ name: String, on server: RunningServer) async -> Int {
            let status = await visitor.add(name, on: server)
            if status == 200 { acknowledged.append(name) }
            return status
        }
        #expect(await add("Before", on: pair.servers[0]) == 200)
        // Editors keep adding on both servers while PostgreSQL stops and starts under them.
        let editors = Task { await Self.adding(editors: 4, rounds: 40, on: pair.servers, named: "During") }
        try await Task.sleep(for: .milliseconds(300))
        try await cluster.stop()
        // A server hears that its database went a moment later (its feed's connection drops).
        var down = try await visitor.get(pair.servers[1], "/groceries/?editing=1")
        let noticed = Date().addingTimeInterval(20)
        while down.status != 503, Date() < noticed {
            try await Task.sleep(for: .milliseconds(50))
            down = try await visitor.get(pair.servers[1], "/groceries/?editing=1")
        }
        #expect(down.status == 503)
        #expect(down.html.contains("cannot be reached") && down.html.contains("nothing was changed"))
        #expect(!down.html.contains("127.0.0.1"), "the page names no host")
        try await cluster.start()
        acknowledged += await editors.value
        // Both servers reconnect on their own, within a few seconds here.
        for (index, server) in pair.servers.enumerated() {
            var status = 0
            let deadline = Date().addingTimeInterval(60)
            while status != 200, Date() < deadline {
                status = await add("After \(index)", on: server)
                if status != 200 { try await Task.sleep(for: .milliseconds(200)) }
            }
            #expect(status == 200, "server \(index) answers again after the restart")
        }
        let rows = Self.rows(try await Visitor().get(pair.servers[0], "/groceries/").html)
        #expect(Set(acknowledged).isSubset(of: Set(rows)), "every acknowledged addition is there")
        #expect(rows.count == Set(rows).count)
        let store = try await PostgresStore(address: PostgresAddress(url: pair.database), readers: 1)
        #expect(try await store.integrityProblems() == [])
        #expect(try await store.commits(after: 0) != nil, "the change log runs without gaps")
        await store.close()
        try? await cluster.stop()
    }
}
