import Foundation
import Testing
import TableRender

/// Without JavaScript, a row's Delete button and its Move to… sheet are links (`?delete=KEY`,
/// `?move=KEY`): followed from a page shown before someone else deleted the row, they show the
/// list as it is, saying so, rather than an error page.
@Suite("Links to a row someone else deleted")
struct StaleLinkTests {
    @Test("a Delete or Move to… link to a deleted row shows the list as it is, in the same mode, with a notice; 404", arguments: [
        "/groceries/?editing=1&delete=eggs", "/groceries/?delete=eggs", "/groceries/?editing=1&move=eggs",
    ])
    func linkToDeletedRow(link: String) async throws {
        try await ManyEditorsTests.withTwoEditors { _, alice, bob in
            let shown = try await alice.get("/groceries/?editing=1")
            #expect(shown.rowTexts.contains { $0.hasPrefix("Eggs") })
            let tokens = bob.tokens(of: try await bob.get("/groceries/?editing=1"))
            let deleted = try await bob.post("/groceries/_/delete", [("csrf", tokens.csrf), ("revision", tokens.revision), ("key", "eggs")], follow: false)
            #expect(deleted.status == 303)

            let followed = try await alice.get(link)
            #expect(followed.status == 404)
            #expect(followed.notice == "That row is not in this list now: someone else may have deleted or moved it. Here is the list as it is.")
            #expect(!followed.rowTexts.isEmpty && !followed.rowTexts.contains { $0.hasPrefix("Eggs") }, "\(followed.rowTexts)")
            let isEditing = followed.root?.first { $0.attributes["data-editing"] == "true" } != nil
            #expect(isEditing == link.contains("editing=1"))
            #expect(followed.root?.first { $0.attributes["class"] == "delete-confirmation__delete" } == nil)
            let twin = try await alice.get(link, accept: "application/json")
            #expect(twin.status == 404 && ManyEditorsTests.notice(of: twin) == followed.notice)
        }
    }

    @Test("a row that is there but cannot move, or offers no Delete, is a 404 error page, not the list; its JSON twin is 404 too")
    func unmovableRow() async throws {
        try await ManyEditorsTests.withTwoEditors { _, alice, _ in
            let page = try await alice.get("/reorder/?editing=1&move=m-wake-up")
            #expect(page.status == 404)
            #expect(page.notice == nil && page.html.contains("has no movable row"))
            let undeletable = try await alice.get("/states/?editing=1&delete=alabama")
            let message = undeletable.root?.first { $0.attributes["class"] == "error-page__message" }?.normalizedText
            #expect(undeletable.status == 404 && message == "\"States\" offers no Delete for \"Alabama\".", "\(String(describing: message))")
            #expect(try await alice.get("/states/?editing=1&delete=alabama", accept: "application/json").status == 404)
            #expect(try await alice.get("/reorder/?editing=1&move=m-wake-up", accept: "application/json").status == 404)
        }
    }
}
