import Foundation
import TableApp
import TableKit
import TableStore
import Testing
import TestSupport

/// The levels above a page are taken as they were loaded while nothing they depend on changed;
/// the page's own scene is always loaded. Whatever was kept, a path resolves to what a runtime
/// that keeps nothing makes of it.
@Suite("Levels above a page kept between loads")
struct ParentSceneMemoryTests {
    /// A park's page showing its own item (a fixed scene), its regions, their trails, a trail's
    /// detail with a cell that pushes its notes: each kind of level above a page.
    static let app = """
        title: Parks
        root: home
        scenes:
          home:
            title: "{name}"
            item: { list: parks, key: park }
            sections:
              - cells:
                  - { key: regions, text: Regions, push: regions }
          regions:
            title: Regions
            list: regions
            cell: { text: "{name}" }
            push: trails
          trails:
            title: "{name}"
            list: trails
            cell: { text: "{name}", detail: "{length} km", style: value1 }
            push: trail
          trail:
            title: "{name}"
            style: grouped
            detail:
              editable: true
              sections:
                - fields:
                    - { attribute: name, label: Name, type: text }
                    - { attribute: length, label: Length, type: number }
                  cells:
                    - { key: notes, text: Notes, push: notes }
          notes:
            title: Notes
            list: notes
            cell: { text: "{text}" }
        """

    static let parks = ListID.root("parks")
    static let regions = parks.child(of: "park", relationship: "regions")
    static func trails(of region: String) -> ListID { regions.child(of: region, relationship: "trails") }
    static let northTrails = trails(of: "north")

    /// A park of two regions with three trails each, each trail with two notes.
    struct Fixture {
        let folder: URL
        let store: SQLiteStore
        let app: AppDefinition
        /// What a runtime that keeps nothing reads through: a store of its own on the same file.
        let unremembering: AppRuntime
        /// The path to one trail's detail.
        let path = ["regions", "north", "ridge"]

        init() async throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-parents-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            store = try SQLiteStore(path: folder.appendingPathComponent("app.sqlite").path, durability: .normal)
            app = try AppFileLoader.parse(ParentSceneMemoryTests.app, file: "app.yaml")
            let trails = ["ridge", "lake", "pass"].enumerated().map { number, key in
                DataDocument.Item(key: key, attributes: ["name": .string(key.capitalized), "length": .number(Double(number + 3))],
                                  lists: [("notes", [DataDocument.Item(key: "n1", attributes: ["text": .string("Steep")]),
                                                     DataDocument.Item(key: "n2", attributes: ["text": .string("Shady")])])])
            }
            let regions = ["north", "south"].map { key in
                DataDocument.Item(key: key, attributes: ["name": .string(key.capitalized)], lists: [("trails", trails)])
            }
            try await store.load(DataDocument(lists: [("parks", [DataDocument.Item(key: "park", attributes: ["name": .string("Yosemite")],
                                                                                  lists: [("regions", regions)])])]), replacing: true)
            unremembering = AppRuntime(app: app, store: try SQLiteStore(path: folder.appendingPathComponent("app.sqlite").path, durability: .normal))
        }

        func remove() { try? FileManager.default.removeItem(at: folder) }

        /// A runtime that keeps what it loads, and the cache it keeps it in.
        func remembering() -> (AppRuntime, SceneRowCache) {
            let cache = SceneRowCache()
            return (AppRuntime(app: app, store: store, sceneRows: cache), cache)
        }

        /// What a runtime that keeps nothing makes of `path`.
        func fresh(_ path: [String]) async throws -> ResolvedScene {
            try await unremembering.resolve(path)
        }
    }

    static func expectSame(_ scene: ResolvedScene, _ fresh: ResolvedScene, _ comment: Comment) {
        #expect(scene.sections == fresh.sections, comment)
        #expect(scene.stack == fresh.stack, comment)
        #expect(scene.item == fresh.item, comment)
        #expect(scene.revisions == fresh.revisions, comment)
        #expect(scene.ancestorRevisions == fresh.ancestorRevisions, comment)
    }

    @Test("the levels above are taken as loaded while their lists stand still; a change to one is loaded again")
    func keptWhileUnchanged() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let (runtime, cache) = fixture.remembering()

        _ = try await runtime.resolve(fixture.path)
        #expect(cache.parentSceneHitCount == 0)
        Self.expectSame(try await runtime.resolve(fixture.path), try await fixture.fresh(fixture.path), "unchanged")
        #expect(cache.parentSceneHitCount == 3, "the park, its regions and the region's trails")

        // The trail's list changes: its detail, made from the row above, shows the new name.
        try await fixture.store.apply([.update(key: "ridge", attributes: ["name": .string("High Ridge")])], to: Self.northTrails, basedOn: nil)
        let renamed = try await runtime.resolve(fixture.path)
        #expect(renamed.title == "High Ridge")
        #expect(cache.parentSceneHitCount == 5, "the park and its regions were unchanged")
        Self.expectSame(renamed, try await fixture.fresh(fixture.path), "after the trail was renamed")

        // The region is renamed: the trails' title and the detail's back button follow.
        try await fixture.store.apply([.update(key: "north", attributes: ["name": .string("Far North")])], to: Self.regions, basedOn: nil)
        let moved = try await runtime.resolve(fixture.path)
        #expect(moved.stack.levels.map(\.title) == ["Yosemite", "Regions", "Far North", "High Ridge"])
        #expect(cache.parentSceneHitCount == 6, "only the park was unchanged")
        Self.expectSame(moved, try await fixture.fresh(fixture.path), "after the region was renamed")

        // The park's own item, which its fixed scene reads itself, is renamed.
        try await fixture.store.apply([.update(key: "park", attributes: ["name": .string("Yosemite Valley")])], to: Self.parks, basedOn: nil)
        let parkRenamed = try await runtime.resolve(fixture.path)
        #expect(parkRenamed.stack.levels.map(\.title) == ["Yosemite Valley", "Regions", "Far North", "High Ridge"])
        #expect(cache.parentSceneHitCount == 6, "every level stands below the park")
        Self.expectSame(parkRenamed, try await fixture.fresh(fixture.path), "after the park was renamed")
    }

    @Test("a detail scene above a list is kept, and loaded again when its item's list changes")
    func detailAsParent() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let (runtime, cache) = fixture.remembering()
        let notes = fixture.path + ["notes"]
        _ = try await runtime.resolve(notes)
        _ = try await runtime.resolve(notes)
        #expect(cache.parentSceneHitCount == 4)
        try await fixture.store.apply([.update(key: "ridge", attributes: ["length": .number(9)])], to: Self.northTrails, basedOn: nil)
        let page = try await runtime.resolve(notes)
        #expect(cache.parentSceneHitCount == 6, "the park and its regions; the trails and the trail's detail loaded again")
        #expect(page.item?["length"] == .number(9), "the notes' item is the trail as it is now")
        Self.expectSame(page, try await fixture.fresh(notes), "after the trail changed")
    }

    @Test("the page's own scene is always loaded, even when it was kept as a level above another")
    func ownSceneLoaded() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let (runtime, cache) = fixture.remembering()
        _ = try await runtime.resolve(fixture.path)  // keeps the park, the regions and north's trails
        _ = try await runtime.resolve(["regions", "north"])
        #expect(cache.parentSceneHitCount == 2, "the park and the regions; north's trails, the page, loaded")
        // Through the storyboard's walk, as the server finds a page: the same levels.
        let walked = try await runtime.viewControllers(along: ["regions", "north"])
        #expect(walked.count == 3)
        #expect(cache.parentSceneHitCount == 4)
        let page = try #require(walked.last as? ResolvedScene)
        Self.expectSame(page, try await fixture.fresh(["regions", "north"]), "walked")
    }

    @Test("another process's commit is never hidden by what was kept")
    func otherProcessCommit() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let (runtime, cache) = fixture.remembering()
        _ = try await runtime.resolve(fixture.path)
        let other = try SQLiteStore(path: fixture.folder.appendingPathComponent("app.sqlite").path, durability: .normal)
        try await other.apply([.update(key: "north", attributes: ["name": .string("Northern Reach")])], to: Self.regions, basedOn: nil)
        let scene = try await runtime.resolve(fixture.path)
        #expect(scene.stack.levels.map(\.title) == ["Yosemite", "Regions", "Northern Reach", "Ridge"])
        #expect(cache.parentSceneHitCount == 0, "after another process commits, no revision in memory passes for certain")
        Self.expectSame(scene, try await fixture.fresh(fixture.path), "after another process's commit")
    }

    @Test("a store that cannot be certain of a revision without a read gets every level loaded, and keeps none")
    func uncertainStore() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let cache = SceneRowCache()
        let runtime = AppRuntime(app: fixture.app, store: UncertainStore(base: fixture.store), sceneRows: cache)
        for _ in 0..<3 { _ = try await runtime.resolve(fixture.path) }
        #expect(cache.parentSceneHitCount == 0)
    }

    @Test("through random edits at every level, each path resolves to what a runtime that keeps nothing makes")
    func differential() async throws {
        let fixture = try await Fixture()
        defer { fixture.remove() }
        let (runtime, cache) = fixture.remembering()
        var dice = SeededGenerator(seed: 7)
        let regionKeys = ["north", "south"], trailKeys = ["ridge", "lake", "pass"]
        for step in 1...400 {
            let region = regionKeys[dice.next(below: 2)], trail = trailKeys[dice.next(below: 3)]
            let trails = Self.trails(of: region)
            switch dice.next(below: 7) {
            case 0:
                try await fixture.store.apply([.update(key: region, attributes: ["name": .string("Region \(step)")])], to: Self.regions, basedOn: nil)
            case 1:
                try await fixture.store.apply([.update(key: trail, attributes: ["name": .string("Trail \(step)")])], to: trails, basedOn: nil)
            case 2:
                try await fixture.store.apply([.move(key: trail, to: dice.next(below: 3))], to: trails, basedOn: nil)
            case 3:
                try await fixture.store.apply([.move(key: region, to: dice.next(below: 2))], to: Self.regions, basedOn: nil)
            case 4:
                try await fixture.store.apply([.update(key: "park", attributes: ["name": .string("Park \(step)")])], to: Self.parks, basedOn: nil)
            case 5:
                try await fixture.store.apply([.update(key: "n1", attributes: ["text": .string("Note \(step)")])],
                                              to: trails.child(of: trail, relationship: "notes"), basedOn: nil)
            default:
                break  // nothing changed: everything above the page comes from memory
            }
            let path = Array(["regions", region, trail, "notes"].prefix(dice.next(below: 5)))
            let scene = try await runtime.resolve(path)
            let fresh = try await fixture.fresh(path)
            Self.expectSame(scene, fresh, "step \(step), \(path)")
            if scene.stack != fresh.stack || scene.sections != fresh.sections { return }
        }
        #expect(cache.parentSceneHitCount > 100, "levels were taken from memory")
    }
}

/// A store that passes everything through but is never certain of a revision without a read
/// (as PostgreSQL's, whose memory follows other servers' commits a moment late).
private struct UncertainStore: ForwardingStore {
    let base: SQLiteStore
}
