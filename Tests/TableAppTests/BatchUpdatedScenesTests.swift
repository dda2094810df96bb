import Foundation
import TableApp
import TableKit
import TableStore
import Testing
import TestSupport

/// A scene loaded after commits is its last load with the commits' rows put in place (UIKit's
/// batch update), not a new load of every row, and its snapshot asks again only about those rows.
/// After thousands of random edits both must equal, section for section and row for row, the
/// scene and snapshots (in and out of editing mode) a runtime that remembers nothing makes.
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
                editing: { rows: delete, lastRow: insert }
                alternateRows: true
                rows:
                  indentation: { default: 1, at: { "0.1": 2 } }
                  canMove: { attribute: movable, default: true }
                cell: { text: "{name}" }
              plain:
                title: Plain
                list: plain
                selection: { mode: inclusive, attribute: checked }
                cell: { text: "{name}" }
              regions:
                title: Regions
                list: regions
                cell: { text: "{name}" }
                push: trails
              trails:
                title: "{name}"
                list: trails
                index: { by: name, locale: en_US }
                cell: { text: "{name}" }
            """, file: "app.yaml")
    }

    /// Names that fall into several sections, tie, and collate apart from their first letter.
    static let names = ["Aarhus", "Åse", "Zebra", "zebra", "Émile", "Ole", "Øre", "Bo", "bo", "#tag", "42", "Ærø", "Mads", "Ulla", "Ida"]

    static func randomChange(_ dice: inout SeededGenerator, keys: [String], serial: Int) -> ListChange? {
        func name() -> AttributeValue { .string(names[dice.next(below: names.count)] + (dice.next(below: 3) == 0 ? " \(dice.next(below: 5))" : "")) }
        let key = keys.isEmpty ? nil : keys[dice.next(below: keys.count)]
        switch dice.next(below: 6) {
        case 0, 1: return .insert(StoredItem(key: "k\(serial)", attributes: ["name": name(), "rank": .number(Double(serial))]), at: dice.next(below: keys.count + 1))
        case 2: return key.map { .delete(key: $0) }
        case 3: return key.map { .move(key: $0, to: dice.next(below: keys.count)) }
        case 4: return key.map { .update(key: $0, attributes: ["name": name(), "checked": .bool(dice.next(below: 2) == 0), "movable": .bool(dice.next(below: 4) > 0)]) }
        default: return key.map { .update(key: $0, attributes: ["rank": .number(Double(dice.next(below: 1000)))]) }
        }
    }

    @Test("indexed (sorted and reorderable) and plain scenes stay equal to fresh loads through thousands of random edits")
    func differential() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-batch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = try SQLiteStore(path: folder.appendingPathComponent("app.sqlite").path, durability: .normal)
        let apps = try ["names", "ordered", "plain", "regions"].map { try Self.app(root: $0) }
        let seeded = (0..<40).map { number in
            DataDocument.Item(key: "s\(number)", attributes: ["name": .string(Self.names[number % Self.names.count]), "rank": .number(Double(number))])
        }
        let region = DataDocument.Item(key: "north", attributes: ["name": .string("North")], lists: [("trails", seeded)])
        try await store.load(DataDocument(lists: [("names", seeded), ("ordered", seeded), ("plain", seeded), ("regions", [region])]), replacing: true)
        let trails = ListID.root("regions").child(of: "north", relationship: "trails")
        // Fresh loads read through a store of their own on the same file, not through the cache
        // whose updates are being checked.
        let whole = try SQLiteStore(path: folder.appendingPathComponent("app.sqlite").path, durability: .normal)
        let remembering = apps.map { AppRuntime(app: $0, store: store, sceneRows: SceneRowCache()) }
        var dice = SeededGenerator(seed: 42)
        var checked = 0, applied = 0
        for step in 1...3_000 {
            if step.isMultiple(of: 250) {
                // The region is deleted and made again under its key: a new list of trails.
                try await store.apply([.delete(key: "north")], to: .root("regions"), basedOn: nil)
                try await store.apply([.insert(StoredItem(key: "north", attributes: ["name": .string("North \(step)")]), at: 0)],
                                      to: .root("regions"), basedOn: nil)
            }
            let list = [ListID.root("names"), .root("ordered"), .root("plain"), trails][dice.next(below: 4)]
            let current = try await store.list(list)
            // Now and then several changes in one commit.
            var changes: [ListChange] = []
            for extra in 0..<(dice.next(below: 5) == 0 ? 3 : 1) {
                if let change = Self.randomChange(&dice, keys: current.items.map(\.key), serial: step * 10 + extra) { changes.append(change) }
            }
            if (try? await store.apply(changes, to: list, basedOn: current.revision)) != nil { applied += 1 }
            // Load through the remembering runtimes only now and then, so that one load takes in
            // the rows of several commits.
            guard dice.next(below: 3) == 0 else { continue }
            for (app, runtime) in zip(apps, remembering) {
                let path = app.rootScene == "regions" ? ["north"] : []
                let updated = try await runtime.resolve(path)
                let fresh = try await AppRuntime(app: app, store: whole).resolve(path)
                #expect(updated.sections == fresh.sections, "after step \(step), the scene \(app.rootScene) differs from a fresh load")
                if updated.sections != fresh.sections { return }
                // One mode at a time: each mode's next build then takes rows from a snapshot
                // several commits old.
                do {
                    let isEditing = dice.next(below: 2) == 0
                    let snapshot = try updated.snapshot(isEditing: isEditing), built = try fresh.snapshot(isEditing: isEditing)
                    // Compared apart from the expectation, which would print two whole snapshots.
                    let same = snapshot == built
                    #expect(same, "after step \(step), the snapshot of \(app.rootScene) (editing: \(isEditing)) differs from a fresh build")
                    if !same { return }
                }
                checked += 1
            }
        }
        #expect(applied > 2_000 && checked > 3_000, "\(applied) writes applied, \(checked) loads compared")
        // Most loads were updates of the last one, or took it as it was (its list unchanged
        // since), not new builds; and many of them were updates.
        let updates = remembering.compactMap(\.sceneRows?.updateCount).reduce(0, +)
        let unchanged = remembering.compactMap(\.sceneRows?.unchangedCount).reduce(0, +)
        #expect(updates > checked / 3 && updates + unchanged > checked / 2, "\(updates) updates and \(unchanged) unchanged in \(checked) loads")
        // And many snapshots were built from the one before with some rows, not all, carried:
        // only the rows commits touched were asked about again. (Most loads change row counts,
        // or find their list untouched, and take all rows or none.)
        let reuses = remembering.compactMap(\.sceneRows?.partialSnapshotReuseCount).reduce(0, +)
        #expect(reuses > checked / 10, "\(reuses) snapshots of \(checked) reused some rows")
    }
}
