import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupport

/// The Trails example, built as the package builds it, run as its README says and driven over
/// HTTP: the regions, a region's trails, a move through the form, and a trail's detail page.
@Suite("The Trails example")
struct TrailsExampleTests {
    static var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("TrailsExample").path
    }

    static func fetch(_ url: String, method: String = "GET", body: String? = nil, cookie: String? = nil) async throws -> (Int, String, String?) {
        try await HTTPFetch.fetch(url, method: method, body: body, cookie: cookie)
    }

    @Test("serves the regions, their trails and a trail, and moves a trail through the form")
    func servesTheExample() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "swift build makes the example")
        let process = try SpawnedProcess(executable: Self.binary, arguments: ["--port", "0"], standardError: .inherited,
                                         directory: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized.path)
        defer { process.terminate(); process.waitUntilExit() }
        let banner = process.readOutput(until: "Press Ctrl-C", within: 60)
        let base = String(try #require(banner.firstMatch(of: /http:\/\/127\.0\.0\.1:\d+\//)).0)

        let (status, regions, cookieHeader) = try await Self.fetch(base)
        #expect(status == 200 && regions.contains("North Cascades") && regions.contains("href=\"/north-cascades/\""))
        let cookie = try #require(cookieHeader?.split(separator: ";").first.map(String.init))
        let (_, trails, _) = try await Self.fetch(base + "north-cascades/?editing=1", cookie: cookie)
        let csrf = try #require(trails.firstMatch(of: /name="csrf" value="([^"]*)"/)).1
        let revision = try #require(trails.firstMatch(of: /name="revision" value="([^"]*)"/)).1
        let (moved, after, _) = try await Self.fetch(base + "north-cascades/_/move", method: "POST",
                                                      body: "csrf=\(csrf)&revision=\(revision)&key=blue-lake&to=0.0", cookie: cookie)
        #expect(moved == 200)
        #expect(after.contains("Moved Blue Lake to row 1."))
        let names = after.matches(of: /class="cell__text">([^<]*)</).map { String($0.1) }
        #expect(names == ["Blue Lake", "Cascade Pass", "Maple Pass Loop"])
        let (detail, trail, _) = try await Self.fetch(base + "north-cascades/cascade-pass~info/")
        #expect(detail == 200 && trail.contains("Marblemount") && trail.contains("7.4 mi"))

        // A page shown before another editor's change: a delete of another row, or a move in another
        // region, is made (neither conflicts); the root counts the trails as they are now.
        let (_, stale, _) = try await Self.fetch(base + "olympic-peninsula/?editing=1", cookie: cookie)
        let staleRevision = try #require(stale.firstMatch(of: /name="revision" value="([^"]*)"/)).1
        let (deleted, _, _) = try await Self.fetch(base + "north-cascades/_/delete", method: "POST",
                                                    body: "csrf=\(csrf)&revision=\(revision)&key=maple-pass", cookie: cookie)
        #expect(deleted == 200)
        let (movedElsewhere, olympic, _) = try await Self.fetch(base + "olympic-peninsula/_/move-down", method: "POST",
                                                                body: "csrf=\(csrf)&revision=\(staleRevision)&key=hurricane-hill", cookie: cookie)
        #expect(movedElsewhere == 200 && olympic.matches(of: /class="cell__text">([^<]*)</).map { String($0.1) } == ["Hoh River", "Hurricane Hill"])
        let (_, root, _) = try await Self.fetch(base)
        #expect(root.contains("2 trails") && !root.contains("3 trails"), "North Cascades lost one of its three")
        // A revision no page gives is a bad request; the site's pages have no live stream.
        let (malformed, _, _) = try await Self.fetch(base + "north-cascades/_/delete", method: "POST",
                                                     body: "csrf=\(csrf)&revision=abc&key=cascade-pass", cookie: cookie)
        #expect(malformed == 400)
        // Also for a move that changes nothing; a revision the store never reached is a conflict (it restarted).
        let (stayed, _, _) = try await Self.fetch(base + "north-cascades/_/move", method: "POST",
                                                  body: "csrf=\(csrf)&revision=abc&key=blue-lake&to=0.0", cookie: cookie)
        #expect(stayed == 400)
        let (ahead, _, _) = try await Self.fetch(base + "north-cascades/_/delete", method: "POST",
                                                 body: "csrf=\(csrf)&revision=999&key=cascade-pass", cookie: cookie)
        #expect(ahead == 409)
        #expect(try await Self.fetch(base + "north-cascades/_live").0 == 404)
    }

    @Test("--export says why it cannot write, and a missing value is a usage error, not a server started")
    func exportRefusals() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trails-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("afile").path
        try "x".write(toFile: file, atomically: true, encoding: .utf8)
        let refused = try await SpawnedProcess.run(Self.binary, ["--export", file], within: 60)
        #expect(refused.status == 1 && refused.errors.contains("a file stands here, not a folder"), "\(refused.errors)")
        let missing = try await SpawnedProcess.run(Self.binary, ["--export"], within: 60)
        #expect(missing.status == 64 && missing.errors.contains("--export needs a value"), "\(missing.errors)")
    }
}
