import Testing
import TableKit
import Foundation

@Suite("Moving rows")
struct MoveRuleTests {
    /// The demo's reorder list: a fixed first row, moves kept in their section, the last row reserved.
    static let reorderRule = MoveRule(fixedLeadingRows: 1, reservedTrailingRows: 1, keepsRowsInSection: true)

    @Test("Listing 8-1: the first row has no reorder control")
    func firstRowStaysPut() {
        let rule = MoveRule(fixedLeadingRows: 1)
        #expect(!rule.canMoveRow(at: IndexPath(0, 0), rowCounts: [4]))
        #expect(rule.canMoveRow(at: IndexPath(0, 1), rowCounts: [4]))
        #expect(rule.canMoveRow(at: IndexPath(0, 3), rowCounts: [4]))
        #expect(!rule.canMoveRow(at: IndexPath(1, 0), rowCounts: [4]), "no such section")
    }

    @Test("a fixed first row keeps its place: a row proposed above it lands just below it")
    func cannotDisplaceFixedRow() {
        let rule = MoveRule(fixedLeadingRows: 1)
        #expect(rule.targetIndexPath(forMoveFrom: IndexPath(0, 3), toProposed: IndexPath(0, 0), rowCounts: [4]) == IndexPath(0, 1))
    }

    @Test("Listing 8-3: a move into another section comes back to the near end of its own section")
    func keepsRowsInSection() {
        let rule = MoveRule(reservedTrailingRows: 1, keepsRowsInSection: true)
        // From section 1 up into section 0: the top of section 1.
        #expect(rule.targetIndexPath(forMoveFrom: IndexPath(1, 2), toProposed: IndexPath(0, 1), rowCounts: [3, 4, 3]) == IndexPath(1, 0))
        // From section 1 down into section 2: the last row before the reserved placeholder.
        #expect(rule.targetIndexPath(forMoveFrom: IndexPath(1, 0), toProposed: IndexPath(2, 0), rowCounts: [3, 4, 3]) == IndexPath(1, 2))
    }

    @Test("Listing 8-3: no row lands on or past the last row, reserved for the add-item placeholder")
    func reservedLastRow() {
        let rule = MoveRule(reservedTrailingRows: 1, keepsRowsInSection: true)
        #expect(!rule.canMoveRow(at: IndexPath(0, 4), rowCounts: [5]), "the placeholder itself does not move")
        #expect(rule.targetIndexPath(forMoveFrom: IndexPath(0, 1), toProposed: IndexPath(0, 4), rowCounts: [5]) == IndexPath(0, 3))
        #expect(rule.targetIndexPath(forMoveFrom: IndexPath(0, 1), toProposed: IndexPath(0, 2), rowCounts: [5]) == IndexPath(0, 2))
    }

    @Test("the demo's combined rule: fixed first row, own section, reserved last row")
    func combinedRule() {
        let counts = [5, 4]
        let rule = Self.reorderRule
        #expect(rule.movableRows(inSectionOf: 5) == 1..<4)
        #expect(rule.targetIndexPath(forMoveFrom: IndexPath(0, 2), toProposed: IndexPath(0, 0), rowCounts: counts) == IndexPath(0, 1))
        #expect(rule.targetIndexPath(forMoveFrom: IndexPath(0, 2), toProposed: IndexPath(0, 4), rowCounts: counts) == IndexPath(0, 3))
        #expect(rule.targetIndexPath(forMoveFrom: IndexPath(0, 2), toProposed: IndexPath(1, 1), rowCounts: counts) == IndexPath(0, 3))
        #expect(rule.targetIndexPath(forMoveFrom: IndexPath(1, 1), toProposed: IndexPath(0, 3), rowCounts: counts) == IndexPath(1, 1))
        #expect(rule.targetIndexPath(forMoveFrom: IndexPath(0, 1), toProposed: IndexPath(0, 2), rowCounts: counts) == IndexPath(0, 2))
    }

    @Test("without a rule any row may go anywhere, including the end of another section")
    func freeMoves() throws {
        #expect(MoveRule.free.canMoveRow(at: IndexPath(0, 0), rowCounts: [1, 0]))
        #expect(try MoveRule.free.resolveMove(from: IndexPath(0, 0), toProposed: IndexPath(1, 0), rowCounts: [1, 0]) == IndexPath(1, 0))
        #expect(try MoveRule.free.resolveMove(from: IndexPath(0, 0), toProposed: IndexPath(1, 2), rowCounts: [1, 2]) == IndexPath(1, 2))
    }

    @Test("resolving a move refuses a fixed row, a missing row and a destination outside the table")
    func resolveRefusesBadMoves() throws {
        let rule = Self.reorderRule
        #expect(throws: TableKitError.rowNotMovable(at: IndexPath(0, 0))) {
            try rule.resolveMove(from: IndexPath(0, 0), toProposed: IndexPath(0, 2), rowCounts: [5])
        }
        #expect(throws: TableKitError.indexPathOutOfRange(IndexPath(0, 9), rowCounts: [5])) {
            try rule.resolveMove(from: IndexPath(0, 9), toProposed: IndexPath(0, 2), rowCounts: [5])
        }
        #expect(throws: TableKitError.indexPathOutOfRange(IndexPath(0, 5), rowCounts: [5])) {
            try rule.resolveMove(from: IndexPath(0, 2), toProposed: IndexPath(0, 5), rowCounts: [5])
        }
        #expect(throws: TableKitError.indexPathOutOfRange(IndexPath(3, 0), rowCounts: [5])) {
            try rule.resolveMove(from: IndexPath(0, 2), toProposed: IndexPath(3, 0), rowCounts: [5])
        }
        #expect(throws: TableKitError.indexPathOutOfRange(IndexPath(0, -1), rowCounts: [5])) {
            try rule.resolveMove(from: IndexPath(0, 2), toProposed: IndexPath(0, -1), rowCounts: [5])
        }
        #expect(TableKitError.indexPathOutOfRange(IndexPath(0, 5), rowCounts: [5]).description == "there is no row 0.5: the table has section 0: 5 rows")
        // Accepted, but retargeted by the rule.
        #expect(try rule.resolveMove(from: IndexPath(0, 2), toProposed: IndexPath(0, 4), rowCounts: [5]) == IndexPath(0, 3))
    }

    @Test("Listing 8-2: the model removes the row, then inserts it at the destination")
    func applyMoveToModel() throws {
        var model = [["Fixed", "B", "C", "D", "Add"]]
        try model.moveRow(from: IndexPath(0, 1), to: IndexPath(0, 3))
        #expect(model == [["Fixed", "C", "D", "B", "Add"]])
        try model.moveRow(from: IndexPath(0, 3), to: IndexPath(0, 1))
        #expect(model == [["Fixed", "B", "C", "D", "Add"]])
        var sections = [["a", "b"], ["c"]]
        try sections.moveRow(from: IndexPath(0, 0), to: IndexPath(1, 1))
        #expect(sections == [["b"], ["c", "a"]])
        #expect(throws: TableKitError.self) { try sections.moveRow(from: IndexPath(0, 0), to: IndexPath(0, 1)) }
        #expect(throws: TableKitError.self) { try sections.moveRow(from: IndexPath(2, 0), to: IndexPath(0, 0)) }
        #expect(sections == [["b"], ["c", "a"]], "a refused move changes nothing")
    }

    @Test("every retargeted destination is a place the row may go, for every source and proposal")
    func retargetAlwaysLandsOnAllowedPlace() {
        let rule = Self.reorderRule
        let counts = [6, 3, 5]
        for section in counts.indices {
            for row in 0..<counts[section] where rule.canMoveRow(at: IndexPath(section, row), rowCounts: counts) {
                for proposedSection in counts.indices {
                    for proposedRow in 0..<counts[proposedSection] {
                        let target = rule.targetIndexPath(forMoveFrom: IndexPath(section, row),
                                                          toProposed: IndexPath(proposedSection, proposedRow), rowCounts: counts)
                        #expect(target.section == section)
                        #expect(rule.movableRows(inSectionOf: counts[section]).contains(target.row))
                    }
                }
            }
        }
    }
}
