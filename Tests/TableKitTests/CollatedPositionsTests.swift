import Testing
import TestSupport
@testable import TableKit

/// A collation updated by a batch update (rows deleted, inserted, moved and changed) equals the
/// collation of the list as it stands afterwards, sorted or in the list's order.
@Suite("Collated positions under batch updates")
struct CollatedPositionsTests {
    static let words = ["Aarhus", "Åse", "Zebra", "zebra", "Émile", "Ole", "Øre", "bo", "Bo", "#tag", "42", "Ærø", "", " Ida", "日本", "Ωmega"]

    @Test("the update of a random batch equals collating the new list", arguments: [("en_US", true), ("da", true), ("da", false), ("el", true)])
    func randomBatches(locale: String, sorting: Bool) throws {
        let collation = try IndexedCollation(localeIdentifier: locale)
        var dice = SeededGenerator(seed: 99)
        // Items are (key, string); keys are unique, strings repeat.
        var items = (0..<30).map { ("k\($0)", Self.words[$0 % Self.words.count]) }
        var collated = collation.collatedPositions(of: items.map(\.1), sortingSections: sorting)
        for round in 0..<500 {
            var next = items
            var touched: Set<String> = []
            for change in 0..<(1 + dice.next(below: 4)) {
                switch dice.next(below: 4) {
                case 0:
                    let key = "n\(round)-\(change)"
                    next.insert((key, Self.words[dice.next(below: Self.words.count)]), at: dice.next(below: next.count + 1))
                    touched.insert(key)
                case 1 where !next.isEmpty:
                    touched.insert(next.remove(at: dice.next(below: next.count)).0)
                case 2 where !next.isEmpty:
                    let moved = next.remove(at: dice.next(below: next.count))
                    next.insert(moved, at: dice.next(below: next.count + 1))
                    touched.insert(moved.0)
                case 3 where !next.isEmpty:
                    let position = dice.next(below: next.count)
                    next[position].1 = Self.words[dice.next(below: Self.words.count)]
                    touched.insert(next[position].0)
                default:
                    break
                }
            }
            // Where the rows nobody touched went, and the touched rows now.
            let untouchedNew = next.indices.filter { !touched.contains(next[$0].0) }
            var newPosition: [Int?] = Array(repeating: nil, count: items.count)
            for (old, new) in zip(items.indices.filter { !touched.contains(items[$0].0) }, untouchedNew) { newPosition[old] = new }
            let placed = next.indices.filter { touched.contains(next[$0].0) }.map { ($0, next[$0].1) }
            collated = try #require(collated.updated(newPosition: newPosition, count: next.count, placed: placed, collation: collation))
            items = next
            let whole = collation.collatedPositions(of: items.map(\.1), sortingSections: sorting)
            #expect(collated.sections == whole.sections, "round \(round)")
            if collated.sections != whole.sections { return }
        }
        #expect(collated.count == items.count)
    }
}
