import Foundation
import Testing
import TableKit

/// What stands at each row after a batch, and the place before it that a moved row's
/// destination stands for: what a move's rules are asked about. (`IndexPath(section, row)`.)
@Suite("Rows after a batch, and a move's place among the rows that stay")
struct BatchUpdateRowsAfterTests {
    static func batch(_ operations: [BatchUpdate.Operation]) -> BatchUpdate { BatchUpdate(operations) }

    @Test("rows after a batch: kept, moved and new; a deleted section's neighbours close up; an inserted section is empty")
    func rows() throws {
        let batch = Self.batch([.insertRows([IndexPath(0, 0)]), .deleteRows([IndexPath(0, 2)]), .moveRow(from: IndexPath(0, 1), to: IndexPath(0, 3)),
                                .deleteSections([1]), .insertSections([2])])
        #expect(try batch.rowsAfter(rowCountsBefore: [5, 2, 1]).sections == [
            [.new, .kept(IndexPath(0, 0)), .kept(IndexPath(0, 3)), .moved(from: IndexPath(0, 1)), .kept(IndexPath(0, 4))],
            [.kept(IndexPath(2, 0))],
            [],
        ])
    }

    @Test("a destination stands for the place just after the nearest kept row above it, passing new and moved rows")
    func proposalAbove() throws {
        // Five rows; X inserted at the top; B (0.1) moved to 0.5, after Last: just after Last,
        // which stands at 0.3 once B is out, so the move stands for 0.4.
        let past = Self.batch([.insertRows([IndexPath(0, 0)]), .moveRow(from: IndexPath(0, 1), to: IndexPath(0, 5))])
        let proposal = try #require(try past.rowsAfter(rowCountsBefore: [5]).proposal(movingFrom: IndexPath(0, 1), to: IndexPath(0, 5)))
        #expect(proposal.place == IndexPath(0, 4) && proposal.beside == IndexPath(0, 4) && proposal.isAfter)
        // Between it and the kept row above: a new row and another moved row, both passed over.
        let crowded = Self.batch([.insertRows([IndexPath(0, 2)]), .moveRow(from: IndexPath(0, 4), to: IndexPath(0, 3)),
                                  .moveRow(from: IndexPath(0, 0), to: IndexPath(0, 4))])
        let passed = try #require(try crowded.rowsAfter(rowCountsBefore: [5]).proposal(movingFrom: IndexPath(0, 0), to: IndexPath(0, 4)))
        // After the batch: B, C, new, E (moved), A (moved), D. Above A: E moved, the new row, C kept.
        #expect(passed.beside == IndexPath(0, 2) && passed.isAfter && passed.place == IndexPath(0, 2))
    }

    @Test("at the top of its section, just before the nearest kept row below it; into another section, even one moved")
    func proposalBelowAndAcross() throws {
        // C (0.2) moved to the top, a new row inserted below it: just before A.
        let top = Self.batch([.insertRows([IndexPath(0, 1)]), .moveRow(from: IndexPath(0, 2), to: IndexPath(0, 0))])
        let first = try #require(try top.rowsAfter(rowCountsBefore: [5]).proposal(movingFrom: IndexPath(0, 2), to: IndexPath(0, 0)))
        #expect(first.place == IndexPath(0, 0) && first.beside == IndexPath(0, 0) && !first.isAfter)
        // Into section 1, which the batch moves to 0: just after its row 0, as it stands before the batch.
        let across = Self.batch([.moveSection(from: 1, to: 0), .moveRow(from: IndexPath(0, 0), to: IndexPath(0, 1))])
        let moved = try #require(try across.rowsAfter(rowCountsBefore: [2, 2]).proposal(movingFrom: IndexPath(0, 0), to: IndexPath(0, 1)))
        #expect(moved.place == IndexPath(1, 1) && moved.beside == IndexPath(1, 0) && moved.isAfter)
    }

    @Test("no kept row beside it (a section of new rows) leaves nothing to propose; a reloaded section's rows are not known")
    func noProposal() throws {
        let alone = Self.batch([.deleteRows([IndexPath(1, 0)]), .insertRows([IndexPath(1, 0)]), .moveRow(from: IndexPath(0, 0), to: IndexPath(1, 1))])
        #expect(try alone.rowsAfter(rowCountsBefore: [2, 1]).proposal(movingFrom: IndexPath(0, 0), to: IndexPath(1, 1)) == nil)
        let reloaded = Self.batch([.reloadSections([1])])
        #expect(try reloaded.rowsAfter(rowCountsBefore: [2, 2]).sections == [[.kept(IndexPath(0, 0)), .kept(IndexPath(0, 1))], []])
    }
}
