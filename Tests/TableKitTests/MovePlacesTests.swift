import Foundation
import Testing
@testable import TableKit

/// Move up and Move down go to the nearest place the delegate keeps as proposed: the place just
/// before (or after) the row among every place a move may end, in table order.
@Suite("The nearest place a row may move one step to")
struct MovePlacesTests {
    /// Every place the row at `source` may end, in table order, as `movePlaces(for:)` lists them.
    static func allPlaces(_ source: IndexPath, counts: [Int], target: (IndexPath) -> IndexPath) -> [IndexPath] {
        counts.indices.flatMap { section in
            (0..<counts[section] + (section == source.section ? 0 : 1)).map { IndexPath(row: $0, section: section) }
        }.filter { target($0) == $0 }
    }

    @Test("on random tables and rules, the nearest kept place above and below, as among all places")
    func nearestAmongAllPlaces() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<400 {
            let counts = (0..<Int.random(in: 1...5, using: &generator)).map { _ in Int.random(in: 0...6, using: &generator) }
            // A rule keeping some proposals and moving the others to a place of its own.
            let kept = Set((0..<40).filter { _ in Bool.random(using: &generator) })
            let elsewhere = IndexPath(row: 0, section: Int.random(in: 0..<counts.count, using: &generator))
            let target = { (proposed: IndexPath) in kept.contains(proposed.section * 8 + proposed.row) ? proposed : elsewhere }
            for section in counts.indices {
                for row in 0..<counts[section] {
                    let source = IndexPath(row: row, section: section)
                    let places = Self.allPlaces(source, counts: counts, target: target)
                    #expect(MovePlaces.adjacent(to: source, upward: true, rowCounts: counts, target: target) == places.last { $0 < source },
                            "\(counts) \(source) up")
                    #expect(MovePlaces.adjacent(to: source, upward: false, rowCounts: counts, target: target) == places.first { $0 > source },
                            "\(counts) \(source) down")
                }
            }
        }
    }

    @Test("a row of a long list asks the rule about its neighbour alone when it keeps it")
    func nearestFirst() {
        let counts = [100_000]
        var asked = 0
        let place = MovePlaces.adjacent(to: IndexPath(row: 50_000, section: 0), upward: false, rowCounts: counts) { asked += 1; return $0 }
        #expect(place == IndexPath(row: 50_001, section: 0) && asked == 1)
    }
}
