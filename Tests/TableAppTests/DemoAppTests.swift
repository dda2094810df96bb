import Testing
import Foundation
import TableKit
import TableApp
import TableStore

@Suite("The built-in demo")
struct DemoAppTests {
    @Test("the demo's YAML loads and every scene reachable from the root builds a snapshot, browsing and editing")
    func everySceneBuilds() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        var visited = 0
        var queue: [[String]] = [[]]
        var scenes: Set<String> = []
        while let path = queue.popLast() {
            let scene = try await demo.runtime.resolve(path)
            scenes.insert(scene.scene.name)
            visited += 1
            for editing in [false, true] {
                let snapshot = try scene.snapshot(isEditing: editing)
                #expect(snapshot.style == scene.scene.style)
            }
            // Rows a tap selects in either mode (Recently Played selects none, Outline's draft refuses).
            let selects = scene.allowsSelection || scene.allowsSelectionDuringEditing
            for (number, section) in scene.sections.enumerated() {
                for (index, row) in section.rows.enumerated()
                    where row.push != nil && selects && scene.willSelectRow(at: IndexPath(row: index, section: number)) != nil {
                    queue.append(path + [row.cell.key])
                }
                for index in section.rows.indices {
                    if let segment = scene.detailSegment(ofRowAt: IndexPath(row: index, section: number)) { queue.append(path + [segment]) }
                }
            }
        }
        #expect(scenes == Set(demo.runtime.app.scenes.keys), "every scene is reachable")
        #expect(visited == 65, "the root, 24 scenes below it, 4 regions, 11 trails, 4 groceries, 4 songs and 8 songs' info pages, 4 alarms, 5 outline entries")
    }

    @Test("Trails: regions, trails, then a grouped trail detail with a header and an indented map row")
    func trails() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let regions = try await demo.runtime.resolve(["trails"])
        #expect(regions.title == "Regions" && regions.stack.backTitle == "Examples")
        let trails = try await demo.runtime.resolve(["trails", "north-cascades"])
        #expect(trails.title == "North Cascades")
        #expect(trails.sections[0].rows.map(\.cell.text).prefix(2) == ["Cascade Pass", "Maple Pass Loop"])
        let trail = try await demo.runtime.resolve(["trails", "north-cascades", "cascade-pass"])
        let snapshot = try trail.snapshot(isEditing: false)
        #expect(snapshot.style == .grouped && snapshot.headerTitle == "Cascade Pass")
        #expect(trail.stack.backTitle == "North Cascades")
        #expect(snapshot.sections[0].rows.map(\.cell.detailText).prefix(3) == ["Cascade Pass", "Marblemount, WA", "7.4 mi"])
        // Listing 4-12: the map section's first row two levels in, every other row one.
        #expect(snapshot.sections[1].rows[0].cell.indentationLevel == 2)
        #expect(snapshot.sections[0].rows.allSatisfy { $0.cell.indentationLevel == 1 })
    }

    @Test("States: an indexed list A to Z where letters without states have no header")
    func states() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        let snapshot = try await demo.runtime.resolve(["states"]).snapshot(isEditing: false)
        #expect(snapshot.isIndexed && snapshot.sectionIndex?.entries.count == 27)
        #expect(snapshot.sections.compactMap(\.headerTitle) == ["A", "C", "D", "F", "G", "H", "I", "K", "L", "M", "N", "O", "P", "R", "S", "T", "U", "V", "W"])
        #expect(snapshot.sections.flatMap(\.rows).count == 50)
        #expect(snapshot.sections[0].rows[0].cell.detailText == "Montgomery · population 5,024,279")
    }

    @Test("Time zones and elements are grouped into titled sections in the given order")
    func groupedLists() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        #expect(try await demo.runtime.resolve(["time-zones"]).sections.map(\.headerTitle)
                == ["Africa", "America", "Asia", "Atlantic", "Australia", "Europe", "Pacific"])
        let elements = try await demo.runtime.resolve(["elements"])
        #expect(elements.sections.map(\.headerTitle) == ["Solid", "Liquid", "Gas", "Artificial"])
        #expect(elements.sections[1].rows.map(\.cell.text) == ["Bromine", "Mercury"])
        #expect(elements.sections[0].rows[0].cell.detailText == "Atomic number 3 · Li")
    }

    @Test("an unknown path segment is a not-found with the place it failed")
    func notFound() async throws {
        let demo = try await DemoFixture()
        defer { demo.remove() }
        await #expect(throws: RuntimeError.self) { try await demo.runtime.resolve(["trails", "atlantis"]) }
        do {
            _ = try await demo.runtime.resolve(["states", "alabama"])
        } catch let RuntimeError.notFound(_, depth, reason, upTitle) {
            #expect(depth == 1 && upTitle == "States")
            #expect(reason == "\"States\" has no row \"alabama\" that leads further")
        }
    }
}
