import Foundation
import Testing
import TableKit

/// What stands at each row after a batch, and the place before it that a moved row's
/// destination stands for: what a move's rules are asked about.
@Suite("Rows after a batch, and a move's place among the rows that stay")
struct BatchUpdateRowOriginsTests {
    @Test("rows after a batch: survivors, moved rows and new ones; a deleted section's neighbours close up")
    func origins() throws {
        var batch = BatchUpdate()
        batch.performUpdates { batch in
            batch.insertRows(at: [IndexPath(0, 0)])
            batch.deleteRows(at: [IndexPath(0, 2)])
            batch.moveRow(at: IndexPath(0, 1), to: IndexPath(0, 3))
            batch.deleteSections([1])
        }
        #expect(try batch.rowOrigins(rowCountsBefore: [5, 2, 1]) == [
            [.new, .existing(IndexPath(0, 0)), .existing(IndexPath(0, 3)), .existing(IndexPath(0, 1)), .existing(IndexPath(0, 4))],
            [.existing(IndexPath(2, 0))],
        ])
    }

    @Test("a move's destination after the batch stands for the place beside the nearest row above it that stays, or else below it")
    func proposedPlace() throws {
        // Five rows; X inserted at the top; B (0.1) moved to 0.5, after Last: beside Last, whose
        // place once B is out is 0.3, so the move stands for 0.4.
        var past = BatchUpdate()
        past.performUpdates { batch in
            batch.insertRows(at: [IndexPath(0, 0)])
            batch.moveRow(at: IndexPath(0, 1), to: IndexPath(0, 5))
        }
        let origins = try past.rowOrigins(rowCountsBefore: [5])
        #expect(past.proposedPlace(movingFrom: IndexPath(0, 1), to: IndexPath(0, 5), origins: origins) == IndexPath(0, 4))
        // To the top, with a new row below it: beside First, below it.
        var top = BatchUpdate()
        top.performUpdates { batch in
            batch.insertRows(at: [IndexPath(0, 2)])
            batch.moveRow(at: IndexPath(0, 2), to: IndexPath(0, 0))
        }
        #expect(top.proposedPlace(movingFrom: IndexPath(0, 2), to: IndexPath(0, 0), origins: try top.rowOrigins(rowCountsBefore: [5])) == IndexPath(0, 0))
        // Into another section, between rows that stay: after its row above.
        var across = BatchUpdate()
        across.performUpdates { batch in batch.moveRow(at: IndexPath(0, 0), to: IndexPath(1, 1)) }
        #expect(across.proposedPlace(movingFrom: IndexPath(0, 0), to: IndexPath(1, 1), origins: try across.rowOrigins(rowCountsBefore: [2, 2])) == IndexPath(1, 1))
        // Nothing that stays beside it (a section of new rows): no place to ask about.
        var alone = BatchUpdate()
        alone.performUpdates { batch in
            batch.deleteRows(at: [IndexPath(1, 0)])
            batch.insertRows(at: [IndexPath(1, 0)])
            batch.moveRow(at: IndexPath(0, 0), to: IndexPath(1, 1))
        }
        #expect(alone.proposedPlace(movingFrom: IndexPath(0, 0), to: IndexPath(1, 1), origins: try alone.rowOrigins(rowCountsBefore: [2, 1])) == nil)
    }
}
