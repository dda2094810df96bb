import Foundation
import TableApp
import TableKit
import TableStore
import Testing

/// A scene loaded after commits is its last load with the commits' rows put in place (UIKit's
/// batch update), not a new load of every row. After thousands of random edits it must equal,
/// section for section and row for row, the scene a runtime that remembers nothing loads.
@Suite("Scenes updated by batch updates")
struct BatchUpdatedScenesTests {
    /// An app whose root is `root`: an indexed list sorted in English, one people reorder
    /// (collated in Danish), or a plain list with checkmarks.
    static func app(root: String) throws -> AppDefinition {
        try AppFileLoader.parse("""
            title: Differential
            root: \(root)
            scenes:
              names:
                title: Names
                list: names
                index: { by: name, locale: en_US }
                cell: { text: "{name}", detail: "{rank, number}", style: subtitle }
              ordered:
                title: Ordered
                list: ordered
                index: { by: name, locale: da }
                moves: {}
                cell: { text: "{name}" }
              plain:
                title: Plain
                list: plain
                selection: { mode: inclusive, attribute: checked }
                cell: { text: "{name}" }
            """, file: "app.yaml")
    }

    /// Names that fall into several sections, tie, and collate apart from their first letter.
    static let names = ["Aarhus", "Åse", "Zebra", "zebra", "Émile", "Ole", "Øre", "Bo", "bo", "#tag", "42", "Ærø", "Mads", "Ulla", "Ida"]

    struct Dice {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(max(bound, 1)))
        }
    }

    static func randomChange(_ dice: inout Dice, keys: [String], serial: Int) -> ListChange? {
        func name() -> AttributeValue { .string(names[dice.next(names.count)] + (dice.next(3) == 0 ? " \(dice.next(5))" : "")) }
        let key = keys.isEmpty ? nil : keys[dice.next(keys.count)]
        switch dice.next(6) {
        case 0, 1: return .insert(StoredItem(key: "k\(serial)", attributes: ["name": name(), "rank": .number(Double(serial))]), at: dice.next(keys.count + 1))
        case 2: return key.map { .delete(key: $0) }
        case 3: return key.map { .move(key: $0, to: dice.next(keys.count)) }
        case 4: return key.map { .update(key: $0, attributes: ["name": name(), "checked": .bool(dice.next(2) == 0)]) }
        default: return key.map { .update(key: $0, attributes: ["rank": .number(Double(dice.next(1000)))]) }
        }
    }

    @Test("indexed (sorted and reorderable) and plain scenes stay equal to fresh loads through thousands of random edits")
    func differential() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(path: folder.appendingPathComponent("app.sqlite").path, durability: .normal)
        let apps = try ["names", "ordered", "plain"].map { try Self.app(root: $0) }
        let seeded = (0..<40).map { number in
            DataDocument.Item(key: "s\(number)", attributes: ["name": .string(Self.names[number % Self.names.count]), "rank": .number(Double(number))])
        }
        try await store.load(DataDocument(lists: [("names", seeded), ("ordered", seeded), ("plain", seeded)]), replacing: true)
        let remembering = apps.map { AppRuntime(app: $0, store: store) }
        var dice = Dice(state: 42)
        var checked = 0
        for step in 1...3_000 {
            let listName = ["names", "ordered", "plain"][dice.next(3)]
            let list = ListID.root(listName)
            let current = try await store.list(list)
            // Now and then several changes in one commit.
            var changes: [ListChange] = []
            for extra in 0..<(dice.next(5) == 0 ? 3 : 1) {
                if let change = Self.randomChange(&dice, keys: current.items.map(\.key), serial: step * 10 + extra) { changes.append(change) }
            }
            _ = try? await store.apply(changes, to: list, basedOn: current.revision)
            // Load through the remembering runtime only now and then, so that one load takes in
            // the rows of several commits.
            guard dice.next(3) == 0 else { continue }
            for (app, runtime) in zip(apps, remembering) {
                let updated = try await runtime.rootScene().sections
                let fresh = try await AppRuntime(app: app, store: store).rootScene().sections
                #expect(updated == fresh, "after step \(step), the scene \(app.rootScene) differs from a fresh load")
                if updated != fresh { return }
                checked += 1
            }
        }
        #expect(checked > 2_000)
        // Most loads were updates of the last one, not new builds.
        let updates = remembering.map(\.loadedLists.updates).reduce(0, +)
        #expect(updates > checked / 2, "\(updates) updates in \(checked) loads")
    }
}
