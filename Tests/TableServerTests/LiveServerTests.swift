import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport
import TableRender

/// The real `tablestack serve` binary on a free loopback port, over real HTTP.
@Suite("The real server binary")
struct LiveServerTests {
    typealias Running = RunningServer

    static var session: URLSession { HTTPFetch.session }

    static func fetch(_ url: String, method: String = "GET", body: String? = nil, cookie: String? = nil) async throws -> (Int, String, String?) {
        try await HTTPFetch.fetch(url, method: method, body: body, cookie: cookie)
    }

    @Test("edits through HTTP survive a stop and a restart of the server")
    func editsSurviveRestart() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: RunningServer.binary), "build the tablestack binary first")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("live.sqlite").path

        let first = try Running(database: database)
        let (status, html, setCookie) = try await Self.fetch(first.base + "groceries/?editing=1")
        #expect(status == 200)
        let cookie = try #require(setCookie?.split(separator: ";").first.map(String.init))
        let root = try #require(LibXML.parse(html, file: "live").root)
        let csrf = root.first { $0.attributes["name"] == "csrf" }?.attributes["value"] ?? ""
        let revision = root.first { $0.attributes["name"] == "revision" }?.attributes["value"] ?? ""
        let form = "csrf=\(csrf)&revision=\(revision.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")&editing=1&key=milk"
        let (afterStatus, afterHTML, _) = try await Self.fetch(first.base + "groceries/_/delete", method: "POST", body: form, cookie: cookie)
        #expect(afterStatus == 200)
        #expect(!afterHTML.contains(">Milk<"))
        let added = "csrf=\(csrf)&revision=groceries%3D1&name=Tea&quantity=3"
        let (addStatus, _, _) = try await Self.fetch(first.base + "groceries/_/add", method: "POST", body: added, cookie: cookie)
        #expect(addStatus == 200)
        #expect(first.stop() == 0, "a clean shutdown on SIGTERM")

        let second = try Running(database: database)
        defer { _ = second.stop() }
        let (_, reloaded, _) = try await Self.fetch(second.base + "groceries/", method: "GET")
        let texts = LibXML.parse(reloaded, file: "reloaded").root?.all { $0.attributes["class"] == "cell__text" }.map(\.text)
        #expect(texts == ["Eggs", "Bread", "Butter", "Tea"])
    }

    @Test("two dozen editors at once each get an answer, nothing is lost, and the server still stops on SIGTERM")
    func concurrentEditors() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-live-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try Running(database: folder.appendingPathComponent("live.sqlite").path)
        let (_, html, setCookie) = try await Self.fetch(server.base + "groceries/?editing=1")
        let cookie = try #require(setCookie?.split(separator: ";").first.map(String.init))
        let csrf = LibXML.parse(html, file: "live").root?.first { $0.attributes["name"] == "csrf" }?.attributes["value"] ?? ""
        // Each editor reads the list's revision and adds an item, eight times; a conflict (409)
        // is an answer too. A server that stalls under concurrent edits fails here, not in a bench.
        let added = try await withThrowingTaskGroup(of: Int.self) { group in
            for editor in 0..<24 {
                group.addTask {
                    var acknowledged = 0
                    for number in 0..<8 {
                        var request = URLRequest(url: URL(string: server.base + "groceries/")!, timeoutInterval: 20)
                        request.setValue("application/json", forHTTPHeaderField: "Accept")
                        let (data, _) = try await Self.session.data(for: request)
                        let revision = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["revision"] as? String ?? ""
                        let form = "csrf=\(csrf)&revision=\(revision.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
                            + "&name=Item+\(editor)-\(number)&quantity=1"
                        let (status, _, _) = try await Self.fetch(server.base + "groceries/_/add", method: "POST", body: form, cookie: cookie)
                        #expect(status == 200 || status == 409, "an add answers with the page or a conflict, not \(status)")
                        if status == 200 { acknowledged += 1 }
                    }
                    return acknowledged
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(added > 0)
        let (_, list, _) = try await Self.fetch(server.base + "groceries/")
        let rows = LibXML.parse(list, file: "after").root?.all { $0.attributes["class"] == "cell__text" }.count ?? 0
        #expect(rows == 4 + added, "every acknowledged add is in the list")
        #expect(server.stop() == 0, "a clean shutdown on SIGTERM")
    }
}
