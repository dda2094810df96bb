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
        let result = try await demo.perform(.insert(key: "placeholder-1"), on: ["reorder"], basedOn: scene.revisionToken)
        #expect(result.indexPath == IndexPath(row: 4, section: 1) && result.key == "new-item")
        #expect(try await demo.texts(["reorder"]) == [
            ["Wake Up", "Stretch", "Make Coffee", "Read the News", "Add Item"],
            ["Cook Dinner", "Take a Walk", "Read a Book", "Sleep", "New Item", "Add Item"],
        ])
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
