import Foundation
import Testing
import TestSupport
import TableStore

/// A live page's back button names the page above, whose item another editor may rename: the
/// stream follows that list too, though the page does not show it.
@Suite("Live pages' back titles")
struct LiveBackTitleTests {
    @Test("a page's back button follows a rename of the item above it, whose list the page does not show")
    func renamedParent() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("live.sqlite").path
        let server = try await RunningServer.started(database: database)
        defer { server.stop() }
        var seen = ""
        let stream = try LiveStreamTests.subscribe(server, "trails/north-cascades/cascade-pass/_live", seen: &seen)
        if LiveStreamTests.updates(in: seen).isEmpty { #expect(stream.receive(until: "\"replacesAll\":true", seen: &seen, timeout: 10)) }
        #expect(LiveStreamTests.updates(in: seen).first?["backTitle"] as? String == "North Cascades", "a page brought up to date whole gets its back title")
        // Another writer renames the region: only the list of regions changes.
        let writer = try SQLiteStore(path: database)
        try await writer.apply([.update(key: "north-cascades", attributes: ["name": .string("North Cascades NP")])], to: .root("regions"), basedOn: nil)
        #expect(stream.receive(until: "North Cascades NP", seen: &seen, timeout: 10), "\(seen)")
        _ = stream.receive(until: "\n\n", seen: &seen, timeout: 2)
        let update = try #require(LiveStreamTests.updates(in: seen).last)
        #expect(update["backTitle"] as? String == "North Cascades NP" && update["revisionOnly"] as? Bool == false, "\(update)")
        // Renamed again while no stream is open: a page coming back at the same revision (the
        // lists it shows did not change) is told the new back title.
        let revision = try #require(update["revision"] as? String)
        stream.hangUp()
        var regions = ""
        let regionsStream = try LiveStreamTests.subscribe(server, "trails/_live", seen: &regions)
        try await writer.apply([.update(key: "north-cascades", attributes: ["name": .string("NC Park")])], to: .root("regions"), basedOn: nil)
        // Once the server has followed the commit (the list of regions tells), the page's stream
        // opens with it: only the opening can tell the page.
        #expect(regionsStream.receive(until: "NC Park", seen: &regions, timeout: 10))
        var again = ""
        let returning = try LiveStreamTests.subscribe(server, "trails/north-cascades/cascade-pass/_live", headers: ["Last-Event-ID: \(revision)"], seen: &again)
        // The opening comes with the stream's first words, which subscribing reads.
        if !again.contains("NC Park") { #expect(returning.receive(until: "NC Park", seen: &again, timeout: 10), "\(again)") }
        #expect(LiveStreamTests.updates(in: again).last?["backTitle"] as? String == "NC Park", "\(again)")
    }
}
