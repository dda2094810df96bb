import Foundation
import Testing
import TableStore

/// Kept snapshots are shared by a page, its JSON twin and its 409 pages, and never outlive
/// what they were built from: the lists they show, and the item whose list they show.
@Suite("Shared snapshots")
struct SharedSnapshotTests {
    static let yaml = """
        title: Regions
        root: regions
        scenes:
          regions:
            title: Regions
            list: regions
            cell: { text: "{name}" }
            push: trails
          trails:
            title: "{name}"
            list: trails
            header: "Trails of {name}"
            cell: { text: "{name}" }
        """

    @Test("a list's table header, filled from the item above it, follows that item: in the page and in its JSON twin")
    func headerFollowsTheItemAbove() async throws {
        let document = DataDocument(lists: [("regions", [
            .init(key: "north", attributes: ["name": .string("North")], lists: [("trails", [.init(key: "loop", attributes: ["name": .string("Loop")])])]),
        ])])
        let app = try await ServedApp(Self.yaml, document)
        defer { app.remove() }
        try await app.browse { browser in
            #expect(try await browser.get("/north/").html.contains("Trails of North"))
            #expect(try await browser.get("/north/", accept: "application/json").html.contains("Trails of North"))
            // The region is renamed; its trails, the list the page shows, stay as they were.
            try await app.store.apply([.update(key: "north", attributes: ["name": .string("Northern Lakes")])], to: .root("regions"), basedOn: nil)
            let page = try await browser.get("/north/")
            #expect(page.html.contains("Trails of Northern Lakes") && !page.html.contains("Trails of North<"))
            #expect(try await browser.get("/north/", accept: "application/json").html.contains("Trails of Northern Lakes"))
        }
    }
}
