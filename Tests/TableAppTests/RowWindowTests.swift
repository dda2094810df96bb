import Foundation
import TableApp
import TableKit
import TableStore
import Testing

@Suite("Loading a window of a long list")
struct RowWindowTests {
    @Test("a window holds those rows, with their index paths in the whole list, and says how many there are")
    func windowOfAList() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let whole = try await demo.runtime.resolve(["batch-update"])
        let window = try await demo.runtime.resolve(["batch-update"], window: 2..<4)
        #expect(window.window == RowWindow(range: 2..<4, total: 5))
        #expect(window.window?.hasMore == true)
        #expect(window.sections[0].rows.map(\.cell.key) == Array(whole.sections[0].rows[2..<4].map(\.cell.key)))
        let snapshot = try window.snapshot(isEditing: false)
        #expect(snapshot.sections[0].rows.map(\.indexPath.textForm) == ["0.2", "0.3"])
        #expect(window.revisionToken == whole.revisionToken)
        let last = try await demo.runtime.resolve(["batch-update"], window: 4..<6)
        #expect(last.window == RowWindow(range: 4..<5, total: 5) && last.window?.hasMore == false)
        let past = try await demo.runtime.resolve(["batch-update"], window: 8..<10)
        #expect(past.window == RowWindow(range: 5..<5, total: 5) && past.sections[0].rows.isEmpty)
    }

    @Test("lists whose rows depend on where they stand, and windows starting at an odd row, load whole")
    func wholeLoads() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        // Indexed, grouped by an attribute, editable with an insert row, nested sections.
        for path in [["states"], ["elements"], ["groceries"], ["reorder"]] {
            let scene = try await demo.runtime.resolve(path, window: 0..<2)
            #expect(scene.window == nil, "\(path) loads whole")
            #expect(scene.sections.flatMap(\.rows).count > 2)
        }
        #expect(try await demo.runtime.resolve(["batch-update"], window: 1..<3).window == nil, "an odd start would shift alternating rows")
    }
}
