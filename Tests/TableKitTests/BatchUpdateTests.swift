import Testing
import TableKit
import Foundation

@Suite("Batch updates")
struct BatchUpdateTests {
    static let listing78Before = ["Arizona", "California", "Delaware", "New Jersey", "Washington"]
    static let listing78After = ["Alaska", "Arizona", "California", "Georgia", "New Jersey", "Virginia"]

    /// Listing 7-8 with the insertions called before the deletions, exactly as the guide writes it.
    static func listing78Batch() -> BatchUpdate {
        var batch = BatchUpdate()
        batch.beginUpdates()
        batch.insertRows(at: [IndexPath(0, 0), IndexPath(0, 3), IndexPath(0, 5)])
        batch.deleteRows(at: [IndexPath(0, 2), IndexPath(0, 4)])
        try? batch.endUpdates()
        return batch
    }

    @Test("Listing 7-8: deleting Delaware and Washington and inserting Alaska, Georgia and Virginia")
    func listing78() throws {
        let batch = Self.listing78Batch()
        let result = try batch.apply(to: [Self.listing78Before], insertedRows: [
            IndexPath(0, 0): "Alaska", IndexPath(0, 3): "Georgia", IndexPath(0, 5): "Virginia",
        ])
        #expect(result == [Self.listing78After])
        try batch.validate(rowCountsBefore: [5], rowCountsAfter: [6])
    }

    @Test("the order of the calls inside the batch does not change the outcome")
    func callOrderIsIrrelevant() throws {
        let inserts = BatchUpdate.Operation.insertRows([IndexPath(0, 0), IndexPath(0, 3), IndexPath(0, 5)])
        let deletes = BatchUpdate.Operation.deleteRows([IndexPath(0, 2), IndexPath(0, 4)])
        let items = [IndexPath(0, 0): "Alaska", IndexPath(0, 3): "Georgia", IndexPath(0, 5): "Virginia"]
        let insertFirst = try BatchUpdate([inserts, deletes]).apply(to: [Self.listing78Before], insertedRows: items)
        let deleteFirst = try BatchUpdate([deletes, inserts]).apply(to: [Self.listing78Before], insertedRows: items)
        let oneByOne = try BatchUpdate([
            .deleteRows([IndexPath(0, 4)]), .insertRows([IndexPath(0, 5)]), .insertRows([IndexPath(0, 0)]),
            .deleteRows([IndexPath(0, 2)]), .insertRows([IndexPath(0, 3)]),
        ]).apply(to: [Self.listing78Before], insertedRows: items)
        #expect(insertFirst == [Self.listing78After])
        #expect(deleteFirst == insertFirst && oneByOne == insertFirst)
    }

    @Test("Figure 7-2: delete row 1 of section 0, delete section 1, insert row 1 of section 1")
    func figure72() throws {
        let model = (0..<3).map { section in (0..<3).map { "\(section).\($0)" } }
        var batch = BatchUpdate()
        try batch.performUpdates { (batch: inout BatchUpdate) throws(TableKitError) in
            batch.deleteRows(at: [IndexPath(row: 1, section: 0)])
            batch.deleteSections([1])
            batch.insertRows(at: [IndexPath(row: 1, section: 1)])
        }
        let result = try batch.apply(to: model, insertedRows: [IndexPath(1, 1): "new"])
        // Section 0 lost its middle row; old section 2 is now section 1 with the new row at index 1.
        #expect(result == [["0.0", "0.2"], ["2.0", "new", "2.1", "2.2"]])
        try batch.validate(rowCountsBefore: [3, 3, 3], rowCountsAfter: [2, 4])
    }

    @Test("nested begin/end blocks flatten: all indexes refer to the outer batch")
    func nestedBlocksFlatten() throws {
        var batch = BatchUpdate()
        batch.beginUpdates()
        batch.deleteRows(at: [IndexPath(0, 2), IndexPath(0, 4)])
        batch.beginUpdates()
        batch.insertRows(at: [IndexPath(0, 0), IndexPath(0, 3)])
        try batch.endUpdates()
        // Still inside the outer block: this index addresses the table after the whole batch.
        batch.insertRows(at: [IndexPath(0, 5)])
        #expect(batch.depth == 1)
        #expect(throws: TableKitError.unbalancedBatch(openBlocks: 1)) {
            try batch.apply(to: [Self.listing78Before], insertedRows: [:])
        }
        try batch.endUpdates()
        #expect(try batch.apply(to: [Self.listing78Before], insertedRows: [
            IndexPath(0, 0): "Alaska", IndexPath(0, 3): "Georgia", IndexPath(0, 5): "Virginia",
        ]) == [Self.listing78After])
    }

    @Test("endUpdates without beginUpdates is an error")
    func endWithoutBegin() {
        var batch = BatchUpdate()
        #expect(throws: TableKitError.endUpdatesWithoutBegin) { try batch.endUpdates() }
    }

    @Test("a batch that leaves the row count inconsistent is rejected, naming the section and the counts")
    func inconsistentRowCount() {
        let batch = Self.listing78Batch()
        let expected = TableKitError.invalidRowCount(section: 0, before: 5, after: 5, inserted: 3, deleted: 2, movedIn: 0, movedOut: 0)
        #expect(throws: expected) { try batch.validate(rowCountsBefore: [5], rowCountsAfter: [5]) }
        #expect(expected.description.contains("invalid number of rows in section 0"))
        #expect(expected.description.contains("after the update (5)") && expected.description.contains("before the update (5)"))
        #expect(expected.description.contains("(3 inserted, 2 deleted)"))
    }

    @Test("a batch that leaves the section count inconsistent is rejected")
    func inconsistentSectionCount() {
        let batch = BatchUpdate([.deleteSections([1])])
        #expect(throws: TableKitError.invalidSectionCount(before: 3, after: 3, inserted: 0, deleted: 1)) {
            try batch.validate(rowCountsBefore: [3, 3, 3], rowCountsAfter: [3, 3, 3])
        }
    }

    @Test("inserted and reloaded sections may have any number of rows")
    func insertedAndReloadedSectionsAreFree() throws {
        let batch = BatchUpdate([.insertSections([0]), .reloadSections([1])])
        try batch.validate(rowCountsBefore: [2, 2], rowCountsAfter: [7, 2, 0])
        let result = try batch.apply(to: [["a", "b"], ["c", "d"]], insertedSections: [0: ["x"]], reloadedSections: [1: ["D"]])
        #expect(result == [["x"], ["a", "b"], ["D"]])
    }

    @Test("reloads address the table before the batch and replace the item in place")
    func reloadsUseOldIndexes() throws {
        let batch = BatchUpdate([.insertRows([IndexPath(0, 0)]), .reloadRows([IndexPath(0, 1)])])
        let result = try batch.apply(to: [["a", "b", "c"]], insertedRows: [IndexPath(0, 0): "new"],
                                     reloadedRows: [IndexPath(0, 1): "B"])
        #expect(result == [["new", "a", "B", "c"]])
    }

    @Test("moves take the source before the batch and the destination after it, and count as moved in and out")
    func movesBetweenSections() throws {
        // After the batch section 1 holds d and a: two rows, so row 1.2 is past its end.
        let tooFar = BatchUpdate([.moveRow(from: IndexPath(0, 0), to: IndexPath(1, 2)), .deleteRows([IndexPath(1, 0)])])
        #expect(throws: TableKitError.batchRowOutOfRange(IndexPath(1, 2), rowCount: 2, table: "after")) {
            try tooFar.validate(rowCountsBefore: [2, 2], rowCountsAfter: [1, 2])
        }
        let fitting = BatchUpdate([.moveRow(from: IndexPath(0, 0), to: IndexPath(1, 1)), .deleteRows([IndexPath(1, 0)])])
        #expect(try fitting.apply(to: [["a", "b"], ["c", "d"]]) == [["b"], ["d", "a"]])
        #expect(throws: TableKitError.invalidRowCount(section: 1, before: 2, after: 3, inserted: 0, deleted: 1, movedIn: 1, movedOut: 0)) {
            try fitting.validate(rowCountsBefore: [2, 2], rowCountsAfter: [1, 3])
        }
        try fitting.validate(rowCountsBefore: [2, 2], rowCountsAfter: [1, 2])
    }

    @Test("conflicting or out-of-range operations are refused whole, with the reason", arguments: [
        (BatchUpdate([.deleteRows([IndexPath(0, 5)])]), "row 0.5 does not exist in the table before the update (section 0 has 3 rows)"),
        (BatchUpdate([.deleteSections([2])]), "section 2 does not exist in the table before the update (it has 2 sections)"),
        (BatchUpdate([.insertSections([3])]), "section 3 does not exist in the table after the update (it has 3 sections)"),
        (BatchUpdate([.insertRows([IndexPath(0, 4)])]), "row 0.4 does not exist in the table after the update (section 0 has 4 rows)"),
        (BatchUpdate([.insertRows([IndexPath(0, -1)])]), "row 0.-1 has a negative index"),
        (BatchUpdate([.deleteRows([IndexPath(0, 1)]), .reloadRows([IndexPath(0, 1)])]), "invalid update: row 0.1 is both deleted and reloaded"),
        (BatchUpdate([.deleteRows([IndexPath(0, 1), IndexPath(0, 1)])]), "invalid update: delete row 0.1 is named twice"),
        (BatchUpdate([.deleteSections([0]), .reloadSections([0])]), "invalid update: section 0 is both deleted and reloaded"),
        (BatchUpdate([.deleteSections([0]), .deleteRows([IndexPath(0, 0)])]), "invalid update: cannot delete row 0.0: its section is deleted or reloaded in the same batch"),
        (BatchUpdate([.insertSections([0]), .insertRows([IndexPath(0, 0)])]), "invalid update: cannot place a row at 0.0: its section is inserted or reloaded in the same batch"),
        (BatchUpdate([.moveRow(from: IndexPath(0, 0), to: IndexPath(0, 1)), .moveRow(from: IndexPath(0, 0), to: IndexPath(0, 2))]), "invalid update: row 0.0 is moved twice"),
        (BatchUpdate([.moveRow(from: IndexPath(0, 0), to: IndexPath(0, 1)), .insertRows([IndexPath(0, 1)])]), "invalid update: two rows are placed at 0.1"),
        (BatchUpdate([.moveRow(from: IndexPath(0, 0), to: IndexPath(0, 1)), .deleteRows([IndexPath(0, 0)])]), "invalid update: row 0.0 is moved and also deleted or reloaded"),
    ])
    func refusesBadBatches(batch: BatchUpdate, message: String) {
        let model = [["a", "b", "c"], ["d"]]
        do {
            _ = try batch.apply(to: model, insertedRows: [IndexPath(0, 0): "x", IndexPath(0, 1): "x", IndexPath(0, 4): "x"],
                                insertedSections: [0: [], 3: []])
            Issue.record("the batch was accepted")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test("an inserted row without an item is refused rather than left empty")
    func missingInsertedItem() {
        #expect(throws: TableKitError.missingInsertedItem(IndexPath(0, 0))) {
            try BatchUpdate([.insertRows([IndexPath(0, 0)])]).apply(to: [["a"]])
        }
        #expect(throws: TableKitError.missingInsertedSection(0)) {
            try BatchUpdate([.insertSections([0])]).apply(to: [["a"]])
        }
    }

    @Test("an empty batch changes nothing and a batch survives a JSON round trip")
    func emptyAndCodable() throws {
        #expect(try BatchUpdate().apply(to: [["a"], []]) == [["a"], []])
        let batch = Self.listing78Batch()
        let data = try JSONEncoder().encode(batch)
        #expect(try JSONDecoder().decode(BatchUpdate.self, from: data) == batch)
    }
}
