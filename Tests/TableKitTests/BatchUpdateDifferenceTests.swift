import Foundation
import Testing
import TestSupport
@testable import TableKit

/// The batch between two tables of keyed rows passes UIKit's checks and, applied to the first
/// table, gives the second; it moves no more rows than it must.
@Suite("Batch updates worked out from two tables")
struct BatchUpdateDifferenceTests {
    @Test("one insert, one delete, one move, one reload")
    func namedChanges() throws {
        let old = [["a", "b", "c", "d"]]
        let new = [["x", "a", "c", "b"]]
        let update = BatchUpdate.difference(from: old, to: new, changed: ["c", "a"])
        #expect(Set(update.operations) == [
            .deleteRows([IndexPath(row: 3, section: 0)]),
            .insertRows([IndexPath(row: 0, section: 0)]),
            // a and c keep their order, so b is the one that moved; both reloads are in place.
            .moveRow(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 3, section: 0)),
            .reloadRows([IndexPath(row: 0, section: 0), IndexPath(row: 2, section: 0)]),
        ])
        #expect(try update.apply(to: old, insertedRows: [IndexPath(row: 0, section: 0): "x"]) == new)
    }

    @Test("a row that changes section moves; sections past the shorter table come and go whole")
    func sections() throws {
        let update = BatchUpdate.difference(from: [["a", "b"], ["c"], ["d"]], to: [["a"], ["b", "c"]])
        #expect(Set(update.operations) == [
            .moveRow(from: IndexPath(row: 1, section: 0), to: IndexPath(row: 0, section: 1)),
            .deleteSections([2]),
        ])
        let grown = BatchUpdate.difference(from: [["a"]], to: [["a"], ["b"]])
        #expect(grown.operations == [.insertSections([1])])
        #expect(try grown.apply(to: [["a"]], insertedSections: [1: ["b"]]) == [["a"], ["b"]])
    }

    @Test("sections matched by what they are: one that comes or goes moves no row of the others")
    func sectionsByIdentity() throws {
        let old = [["passport", "charger"], ["jacket", "boots"], ["map"]]
        // Carry-on emptied: its section goes, and the rows below stay where they are.
        let emptied = BatchUpdate.difference(from: old, to: [["jacket", "boots"], ["map"]],
                                             sections: (["Carry-on", "Checked", "Pocket"], ["Checked", "Pocket"]))
        #expect(emptied.operations == [.deleteSections([0])])
        // And back, with a new row.
        let filled = BatchUpdate.difference(from: [["jacket", "boots"], ["map"]], to: [["book"], ["jacket", "boots"], ["map"]],
                                            sections: (["Checked", "Pocket"], ["Carry-on", "Checked", "Pocket"]))
        #expect(filled.operations == [.insertSections([0])])
        // A row cannot move into a section the batch inserts: it goes from its own and comes with the new one.
        let into = BatchUpdate.difference(from: [["jacket", "boots"], ["map"]], to: [["boots"], ["jacket"], ["map"]],
                                          sections: (["Checked", "Pocket"], ["Carry-on", "Checked", "Pocket"]))
        #expect(Set(into.operations) == [.deleteRows([IndexPath(row: 1, section: 0)]), .insertSections([0])])
        try into.validate(rowCountsBefore: [2, 1], rowCountsAfter: [1, 1, 1])
        // Untitled sections pair in order; leftovers pair only as many for as many below one pair; swapped sections keep one.
        #expect(BatchUpdate.pairedSections(old: [String?.none, nil], new: [nil]).map(\.to) == [0])
        #expect(BatchUpdate.pairedSections(old: ["A", "B", "C"], new: ["A", "X"]).map { [$0.from, $0.to] } == [[0, 0]])
        #expect(BatchUpdate.pairedSections(old: ["A", "B"], new: ["B", "A"]).count == 1)
        // A renamed section is the section it was; one deleted and another added elsewhere are not paired.
        #expect(BatchUpdate.difference(from: old, to: old, sections: (["Carry-on", "Checked", "Pocket"], ["Hand", "Checked", "Pocket"])).isEmpty)
        let replaced = BatchUpdate.difference(from: old, to: [["passport", "charger"], ["map"], ["towel"]],
                                              sections: (["Carry-on", "Checked", "Pocket"], ["Carry-on", "Pocket", "Beach"]))
        #expect(Set(replaced.operations) == [.deleteSections([1]), .insertSections([2])])
        // By number, as before, emptying the first section moved the rows below it (and deleted and inserted the last).
        #expect(BatchUpdate.difference(from: old, to: [["jacket", "boots"], ["map"]]).operations
            .filter { if case .moveRow = $0 { true } else { false } }.count == 2)
    }

    @Test("random tables, sections by number or by identifier: the batch is valid, applies to the new table, and moves only rows that change place among sections that stay")
    func randomTables() throws {
        var dice = SeededGenerator(seed: 4417)
        for round in 0..<4_000 {
            let byNumber = round % 2 == 0
            var oldIDs = (0..<dice.next(below: 5)).map { "s\($0 % 3)" }
            var newIDs = oldIDs.filter { _ in dice.next(below: 4) != 0 }
            for _ in 0..<dice.next(below: 3) { newIDs.insert(["s0", "s1", "s7", "t\(round)"][dice.next(below: 4)], at: dice.next(below: newIDs.count + 1)) }
            if dice.next(below: 4) == 0 { newIDs.shuffle(using: &dice) }
            let old = Self.table(&dice, keys: (0..<dice.next(below: 14)).map { "k\($0)" }, sections: oldIDs.count)
            var keys = old.flatMap { $0 }.filter { _ in dice.next(below: 5) != 0 } + (0..<dice.next(below: 4)).map { "n\(round)-\($0)" }
            keys.shuffle(using: &dice)
            if dice.next(below: 3) == 0 { keys.sort() }
            let new = Self.table(&dice, keys: keys, sections: newIDs.count)
            let changed = Set(keys.filter { _ in dice.next(below: 4) == 0 })
            if byNumber { (oldIDs, newIDs) = (old.indices.map { "\($0)" }, new.indices.map { "\($0)" }) }
            let update = byNumber ? BatchUpdate.difference(from: old, to: new, changed: changed)
                : BatchUpdate.difference(from: old, to: new, sections: (oldIDs, newIDs), changed: changed)
            try update.validate(rowCountsBefore: old.map(\.count), rowCountsAfter: new.map(\.count))

            let pairs = BatchUpdate.pairedSections(old: oldIDs, new: newIDs)
            if byNumber { #expect(pairs.map { [$0.from, $0.to] } == (0..<min(old.count, new.count)).map { [$0, $0] }, "round \(round)") }
            let stayingKeys = Set(pairs.flatMap { old[$0.from] })
            var insertedRows: [IndexPath: String] = [:], insertedSections: [Int: [String]] = [:]
            for (section, rows) in new.enumerated() {
                guard pairs.contains(where: { $0.to == section }) else { insertedSections[section] = rows; continue }
                for (row, key) in rows.enumerated() where !stayingKeys.contains(key) { insertedRows[IndexPath(row: row, section: section)] = key }
            }
            #expect(try update.apply(to: old, insertedRows: insertedRows, insertedSections: insertedSections) == new, "round \(round)")

            var fewest = 0
            for (from, to) in pairs {
                let staying = old[from].compactMap { key in new[to].firstIndex(of: key) }
                fewest += staying.count - Self.longestIncreasingLength(staying)
                fewest += old[from].filter { key in pairs.contains { $0.to != to && new[$0.to].contains(key) } }.count
            }
            let moves = update.operations.filter { if case .moveRow = $0 { true } else { false } }.count
            #expect(moves == fewest, "round \(round)")
        }
    }

    @Test("of two swapped rows, the one known to have moved is the one that moves")
    func knownMoves() {
        let old = [["milk", "eggs", "bread", "butter"]]
        let new = [["milk", "eggs", "butter", "bread"]]
        #expect(BatchUpdate.difference(from: old, to: new, moved: ["butter"]).operations
            == [.moveRow(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 2, section: 0))])
        #expect(BatchUpdate.difference(from: old, to: new, moved: ["bread"]).operations
            == [.moveRow(from: IndexPath(row: 2, section: 0), to: IndexPath(row: 3, section: 0))])
    }

    @Test("equal tables need no batch")
    func nothing() {
        #expect(BatchUpdate.difference(from: [["a", "b"], []], to: [["a", "b"], []]).isEmpty)
    }

    /// `keys` split into up to four sections (or `sections`) at random places.
    static func table(_ dice: inout SeededGenerator, keys: [String], sections count: Int? = nil) -> [[String]] {
        var sections = [[String]](repeating: [], count: count ?? 1 + dice.next(below: 4))
        guard !sections.isEmpty else { return [] }
        for key in keys { sections[dice.next(below: sections.count)].append(key) }
        return sections
    }

    /// The length of a longest strictly increasing subsequence, the slow and obvious way.
    static func longestIncreasingLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }
}
