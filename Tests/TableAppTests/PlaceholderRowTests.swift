import Testing
import Foundation
import TableKit
import TableApp
import TableStore

@Suite("Placeholder rows: shown apart from data, and their plus adds what they say")
struct PlaceholderRowTests {
    @Test("Reorder's \"Add Item\" rows carry the placeholder hint and, in editing mode, the insert control")
    func looks() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let scene = try await demo.runtime.resolve(["reorder"])
        let snapshot = try scene.snapshot(isEditing: true)
        let last = try #require(snapshot.sections[0].rows.last)
        #expect(last.cell.text == "Add Item" && last.cell.backgroundHint == "placeholder")
        #expect(last.editingStyle == .insert)
        #expect(snapshot.sections[0].rows.dropLast().allSatisfy { $0.editingStyle == .none && $0.cell.backgroundHint == nil })
    }

    @Test("the plus adds a new item at the end of its own section, just above the placeholder")
    func inserts() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let scene = try await demo.runtime.resolve(["reorder"])
        let result = try await demo.perform(.insert(key: "placeholder-1", isEditing: true), on: ["reorder"], basedOn: scene.revisionToken)
        #expect(result.indexPath == IndexPath(row: 4, section: 1) && result.key == "new-item")
        #expect(try await demo.texts(["reorder"]) == [
            ["Wake Up", "Stretch", "Make Coffee", "Read the News", "Add Item"],
            ["Cook Dinner", "Take a Walk", "Read a Book", "Sleep", "New Item", "Add Item"],
        ])
    }

    @Test("an item added to one section takes no key another section's rows show, so a post can name each")
    func keysUniqueOnThePage() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let first = try await demo.perform(.insert(key: "placeholder-0", isEditing: true), on: ["reorder"], basedOn: try await demo.runtime.resolve(["reorder"]).revisionToken)
        let second = try await demo.perform(.insert(key: "placeholder-1", isEditing: true), on: ["reorder"], basedOn: try await demo.runtime.resolve(["reorder"]).revisionToken)
        #expect(first.key == "new-item" && second.key == "new-item-2")
        // Each moves alone: the evening's New Item goes up in the evening.
        let moved = try await demo.perform(.moveUp(key: "new-item-2"), on: ["reorder"], basedOn: try await demo.runtime.resolve(["reorder"]).revisionToken)
        #expect(moved.indexPath == IndexPath(row: 3, section: 1))
        #expect(try await demo.texts(["reorder"])[1] == ["Cook Dinner", "Take a Walk", "Read a Book", "New Item", "Sleep", "Add Item"])
    }

    @Test("a key two sections' items share names neither: an action on it is refused and changes nothing")
    func sharedKeyRefused() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        // Keys are unique in a list only: an import may give items of two lists one key.
        let scene = try await demo.runtime.resolve(["reorder"])
        let morningKey = scene.cell(at: IndexPath(row: 1, section: 0)).key
        let lists = scene.revisions.keys.filter { $0.relationship == "steps" }
        let eveningList = try #require(lists.first { $0.description.contains("evening") })
        try await demo.store.apply([.insertAfter(StoredItem(key: morningKey, attributes: ["name": .string("Stretch Again")]), key: nil)],
                                   to: eveningList, basedOn: nil)
        let before = try await demo.texts(["reorder"])
        let token = try await demo.runtime.resolve(["reorder"]).revisionToken
        for action: TableAction in [.moveUp(key: morningKey), .delete(key: morningKey, isEditing: true), .move(key: "m-make-coffee", to: .after(key: morningKey))] {
            await #expect(throws: TableActionError.ambiguous(key: morningKey, table: "Reorder")) {
                try await demo.perform(action, on: ["reorder"], basedOn: token)
            }
        }
        #expect(try await demo.texts(["reorder"]) == before)
    }

    @Test("outside editing mode the plus is refused, as every insert is")
    func refusedOutsideEditing() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        var scene = try await demo.runtime.resolve(["reorder"])
        #expect(throws: TableKitError.notInEditingMode(at: IndexPath(row: 4, section: 0))) {
            try scene.commitEditing(.insert, forRowAt: IndexPath(row: 4, section: 0), isEditing: false)
        }
    }
}
