import Testing
import TableKit
import Foundation

@Suite("Editing rows")
struct EditingRuleTests {
    @Test("Listing 7-2: SimpleEditableList shows delete on every row and insert on the last")
    func simpleEditableList() {
        let rule = EditingRule.simpleEditableList
        let styles = (0..<4).map { rule.editingStyle(forRowAt: IndexPath(0, $0), rowCounts: [4]) }
        #expect(styles == [.delete, .delete, .delete, .insert])
        #expect(rule.editingStyle(forRowAt: IndexPath(0, 4), rowCounts: [4]) == .none, "no such row")
    }

    @Test("a read-only rule offers no control, and commits against it are refused")
    func readOnly() {
        #expect(EditingRule.readOnly.editingStyle(forRowAt: IndexPath(0, 0), rowCounts: [2]) == .none)
        #expect(throws: TableKitError.editingStyleNotOffered(.delete, offered: .none, at: IndexPath(0, 0))) {
            try EditingRule.readOnly.checkCommit(.delete, at: IndexPath(0, 0), rowCounts: [2], isEditing: true)
        }
    }

    @Test("a commit must match the control the row shows: no delete on the insert row, no insert on a delete row")
    func forgedCommitsRefused() throws {
        let rule = EditingRule.simpleEditableList
        try rule.checkCommit(.delete, at: IndexPath(0, 1), rowCounts: [3], isEditing: true)
        try rule.checkCommit(.insert, at: IndexPath(0, 2), rowCounts: [3], isEditing: true)
        #expect(throws: TableKitError.editingStyleNotOffered(.delete, offered: .insert, at: IndexPath(0, 2))) {
            try rule.checkCommit(.delete, at: IndexPath(0, 2), rowCounts: [3], isEditing: true)
        }
        #expect(throws: TableKitError.editingStyleNotOffered(.insert, offered: .delete, at: IndexPath(0, 0))) {
            try rule.checkCommit(.insert, at: IndexPath(0, 0), rowCounts: [3], isEditing: true)
        }
        #expect(throws: TableKitError.indexPathOutOfRange(IndexPath(0, 3), rowCounts: [3])) {
            try rule.checkCommit(.delete, at: IndexPath(0, 3), rowCounts: [3], isEditing: true)
        }
        #expect(throws: TableKitError.editingStyleNotOffered(.none, offered: .delete, at: IndexPath(0, 0))) {
            try rule.checkCommit(.none, at: IndexPath(0, 0), rowCounts: [3], isEditing: true)
        }
    }

    @Test("outside editing mode only swipe-to-delete is possible, and only where the rule allows it")
    func swipeToDelete() throws {
        try EditingRule.simpleEditableList.checkCommit(.delete, at: IndexPath(0, 0), rowCounts: [3], isEditing: false)
        #expect(throws: TableKitError.notInEditingMode(at: IndexPath(0, 2))) {
            try EditingRule.simpleEditableList.checkCommit(.insert, at: IndexPath(0, 2), rowCounts: [3], isEditing: false)
        }
        let noSwipe = EditingRule(rowStyle: .delete, allowsSwipeToDelete: false)
        #expect(throws: TableKitError.notInEditingMode(at: IndexPath(0, 0))) {
            try noSwipe.checkCommit(.delete, at: IndexPath(0, 0), rowCounts: [3], isEditing: false)
        }
    }

    @Test("Listings 7-3 and 7-6: committing a delete removes the row, an insert adds the new item after its row, or in an Add row's place")
    func commitToModel() throws {
        var list = [["Milk", "Eggs", "Add Item"]]
        try list.commit(.delete, at: IndexPath(0, 0))
        #expect(list == [["Eggs", "Add Item"]])
        try list.commit(.insert, at: IndexPath(0, 1), inserting: "Bread", placement: .before)
        #expect(list == [["Eggs", "Bread", "Add Item"]])
        try list.commit(.insert, at: IndexPath(0, 0), inserting: "Jam")
        #expect(list == [["Eggs", "Jam", "Bread", "Add Item"]], "after the control's row, as its label says")
        #expect(throws: TableKitError.indexPathOutOfRange(IndexPath(0, 4), rowCounts: [4])) {
            try list.commit(.insert, at: IndexPath(0, 4), inserting: "Tea")
        }
        list[0].removeAll { $0 == "Jam" }
        #expect(throws: TableKitError.missingInsertedItem(IndexPath(0, 0))) { try list.commit(.insert, at: IndexPath(0, 0)) }
        #expect(throws: TableKitError.indexPathOutOfRange(IndexPath(0, 3), rowCounts: [3])) { try list.commit(.delete, at: IndexPath(0, 3)) }
        #expect(throws: TableKitError.self) { try list.commit(.none, at: IndexPath(0, 0)) }
        #expect(list == [["Eggs", "Bread", "Add Item"]], "refused commits change nothing")
    }

    @Test("the editing state decides the Edit/Done button and the Add button (Listing 7-1)")
    func editButtonState() {
        var configuration = TableConfiguration(style: .plain)
        #expect(configuration.editButtonTitle == "Edit" && configuration.isAddEnabled)
        configuration.isEditing.toggle()
        #expect(configuration.editButtonTitle == "Done" && !configuration.isAddEnabled)
    }
}
