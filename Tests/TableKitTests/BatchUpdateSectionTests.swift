import Testing
import TableKit
import Foundation

/// Section operations in a batch: Figure 7-2, `moveSection(_:toSection:)`, and refusals that
/// name the operation behind them.
@Suite("Batch updates of sections")
struct BatchUpdateSectionTests {
    static let threeByThree = [["A1", "A2", "A3"], ["B1", "B2", "B3"], ["C1", "C2", "C3"]]

    @Test("Figure 7-2: delete row 0.1 and section 1, insert row 1.1 — the insertion lands in the old section 2")
    func figure72() throws {
        var batch = BatchUpdate()
        batch.performUpdates { batch in
            batch.deleteRows(at: [IndexPath(0, 1)])
            batch.deleteSections([1])
            batch.insertRows(at: [IndexPath(1, 1)])
        }
        let result = try batch.apply(to: Self.threeByThree, insertedRows: [IndexPath(1, 1): "new"])
        #expect(result == [["A1", "A3"], ["C1", "new", "C2", "C3"]])
        try batch.validate(rowCountsBefore: [3, 3, 3], rowCountsAfter: [2, 4])
        #expect(try batch.sectionOrigins(rowCountsBefore: [3, 3, 3]) == [.existing(0, isReloaded: false), .existing(2, isReloaded: false)])
    }

    @Test("a moved section keeps its rows; the others close up around it, and rows move in and out of it")
    func movesSections() throws {
        let last = BatchUpdate([.moveSection(from: 0, to: 2)])
        #expect(try last.apply(to: Self.threeByThree) == [["B1", "B2", "B3"], ["C1", "C2", "C3"], ["A1", "A2", "A3"]])
        // Row sources address the table before (A2 is 0.1), destinations the table after (A is section 2).
        let mixed = BatchUpdate([.moveSection(from: 0, to: 2), .moveRow(from: IndexPath(0, 1), to: IndexPath(0, 0)),
                                 .insertRows([IndexPath(2, 0)]), .deleteRows([IndexPath(2, 2)])])
        let result = try mixed.apply(to: Self.threeByThree, insertedRows: [IndexPath(2, 0): "new"])
        #expect(result == [["A2", "B1", "B2", "B3"], ["C1", "C2"], ["new", "A1", "A3"]])
        try mixed.validate(rowCountsBefore: [3, 3, 3], rowCountsAfter: [4, 2, 3])
        #expect(throws: TableKitError.invalidRowCount(section: 2, before: 3, after: 4, inserted: 1, deleted: 0, movedIn: 0, movedOut: 1)) {
            try mixed.validate(rowCountsBefore: [3, 3, 3], rowCountsAfter: [4, 2, 4])
        }
        // Two sections trading places, and one moved beside an inserted one.
        let swap = BatchUpdate([.moveSection(from: 0, to: 1), .moveSection(from: 1, to: 0)])
        #expect(try swap.apply(to: Self.threeByThree).map { $0[0] } == ["B1", "A1", "C1"])
        let beside = BatchUpdate([.insertSections([0]), .moveSection(from: 2, to: 1)])
        #expect(try beside.apply(to: Self.threeByThree, insertedSections: [0: ["N1"]]).map { $0[0] } == ["N1", "C1", "A1", "B1"])
    }

    @Test("section moves that cannot be carried out are refused with the reason", arguments: [
        (BatchUpdate([.moveSection(from: 3, to: 0)]), "section 3 does not exist in the table before the update (it has 3 sections)"),
        (BatchUpdate([.moveSection(from: 0, to: 3)]), "section 3 does not exist in the table after the update (it has 3 sections)"),
        (BatchUpdate([.deleteSections([2]), .moveSection(from: 0, to: 2)]), "section 2 does not exist in the table after the update (it has 2 sections)"),
        (BatchUpdate([.moveSection(from: 0, to: 1), .deleteSections([0])]), "invalid update: section 0 is moved and also deleted or reloaded"),
        (BatchUpdate([.moveSection(from: 0, to: 1), .reloadSections([0])]), "invalid update: section 0 is moved and also deleted or reloaded"),
        (BatchUpdate([.moveSection(from: 0, to: 1), .moveSection(from: 0, to: 2)]), "invalid update: section 0 is moved twice"),
        (BatchUpdate([.moveSection(from: 0, to: 1), .moveSection(from: 2, to: 1)]), "invalid update: two sections are placed at section 1"),
        (BatchUpdate([.insertSections([1]), .moveSection(from: 0, to: 1)]), "invalid update: two sections are placed at section 1"),
    ])
    func refusesBadSectionMoves(batch: BatchUpdate, message: String) {
        #expect(throws: (any Error).self) { try batch.validate(rowCountsBefore: [3, 3, 3], rowCountsAfter: [3, 3, 3, 3]) }
        do {
            _ = try batch.sectionOrigins(rowCountsBefore: [3, 3, 3])
            Issue.record("the batch was accepted")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("asked to, a refusal names the operation that caused it, counted from 1, and what it asked")
    func namesTheOperation() {
        let batch = BatchUpdate([.deleteRows([IndexPath(0, 0)]), .insertRows([IndexPath(0, 0)]), .deleteSections([7]),
                                 .moveRow(from: IndexPath(1, 0), to: IndexPath(1, 9))])
        #expect(throws: TableKitError.inOperation(3, "deleteSections 7", .batchSectionOutOfRange(7, sectionCount: 3, table: "before"))) {
            try batch.sectionOrigins(rowCountsBefore: [3, 3, 3], namingOperations: true)
        }
        // Without asking, the reason alone, as before.
        #expect(throws: TableKitError.batchSectionOutOfRange(7, sectionCount: 3, table: "before")) {
            try batch.sectionOrigins(rowCountsBefore: [3, 3, 3])
        }
        let tooFar = BatchUpdate([.deleteRows([IndexPath(0, 0)]), .moveRow(from: IndexPath(1, 0), to: IndexPath(1, 9))])
        do {
            _ = try tooFar.sectionOrigins(rowCountsBefore: [3, 3, 3], namingOperations: true)
            Issue.record("the batch was accepted")
        } catch {
            #expect(error.description == "operation 2 (move 1.0 to 1.9): row 1.9 does not exist in the table after the update (section 1 has 3 rows)")
        }
        let twice = BatchUpdate([.insertSections([0]), .deleteRows([IndexPath(0, 0)]), .insertSections([0])])
        #expect(throws: TableKitError.inOperation(3, "insertSections 0", .invalidBatch("insert section 0 is named twice"))) {
            try twice.sectionOrigins(rowCountsBefore: [3], namingOperations: true)
        }
    }
}
