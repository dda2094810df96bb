import Foundation
import Testing
@testable import TableApp
import TableKit
@testable import TableSite

/// The line under a batch button says what it would do to the list as shown: rows by their
/// text where it has them, places counted from one, and rows it names that are not there.
@Suite("What a batch button says it does")
struct BatchPreviewTests {
    static let snapshot = TableSnapshot(style: .plain, sections: [
        TableSection(headerTitle: "Fruit", rows: [
            TableRow(indexPath: IndexPath(0, 0), cell: Cell(key: "apple", text: "Apple")),
            TableRow(indexPath: IndexPath(0, 1), cell: Cell(key: "blank", text: "")),
        ]),
        TableSection(rows: [TableRow(indexPath: IndexPath(1, 0), cell: Cell(key: "leek", text: "Leek <b>"))]),
    ])

    static func summary(_ operations: [BatchUpdate.Operation]) -> String {
        BatchPreview.summary(of: BatchDefinition(title: "Go", kind: .update(BatchScript(BatchUpdate(operations)))), on: snapshot)
    }

    @Test("rows by text, else by place; sections by header, else by number; a batch the list no longer fits says so")
    func update() {
        #expect(Self.summary([.deleteRows([IndexPath(0, 0), IndexPath(0, 1)])]) == "On the list as it is now, this deletes “Apple” and row 2 of section 1.")
        // Index paths the list no longer has: the press would be refused, as the summary says.
        #expect(Self.summary([.deleteRows([IndexPath(0, 0), IndexPath(0, 5)])])
            == "This cannot run on the list as it is now: operation 1 (delete 0.0, 0.5): row 0.5 does not exist in the table before the update (section 0 has 2 rows).")
        #expect(Self.summary([.moveRow(from: IndexPath(1, 0), to: IndexPath(0, 0)), .insertSections([2])])
            == "On the list as it is now, this moves “Leek <b>” to row 1 of section 1, and inserts 1 section.")
        #expect(Self.summary([.reloadSections([1]), .reloadRows([IndexPath(0, 0)])]) == "On the list as it is now, this reloads section 2, and reloads “Apple”.")
        #expect(Self.summary([.deleteSections([0]), .insertRows([IndexPath(0, 0), IndexPath(0, 1)])])
            == "On the list as it is now, this deletes section “Fruit” with its 2 rows, and inserts 2 rows.")
    }

    @Test("a restore says how many rows it replaces with how many")
    func restore() {
        let flat = BatchDefinition(title: "Restore", kind: .restore([RestoreItem(attributes: ["name": "A"]), RestoreItem(attributes: ["name": "B"])]))
        #expect(BatchPreview.summary(of: flat, on: Self.snapshot) == "Replaces the 3 rows shown with the list's original 2.")
        let nested = BatchDefinition(title: "Restore", kind: .restore([RestoreItem(attributes: ["name": "A"], rows: [["name": "a1"], ["name": "a2"]])]))
        #expect(BatchPreview.summary(of: nested, on: Self.snapshot) == "Replaces the 3 rows shown with the list's original 1 section of 2 rows.")
    }
}
