import Foundation
import Testing
@testable import TableKit

/// Actions name rows by key: a key two rows share names neither, and the Move to… sheet's
/// "where it is now" moves nothing but still asks the move rules.
@Suite("Actions by key: shared keys and where a row is")
struct RowKeyActionTests {
    /// Rows of two lists shown as two sections, by their keys; the table moves rows when `moves`.
    struct Lists: TableViewController {
        var sections: [[String]]
        var moves = true
        var movesMade = 0
        var title: String { "Lists" }
        func numberOfSections() -> Int { sections.count }
        func numberOfRows(inSection section: Int) -> Int { sections[section].count }
        func cell(at indexPath: IndexPath) -> Cell { Cell(key: sections[indexPath.section][indexPath.row], text: sections[indexPath.section][indexPath.row]) }
        var movesRows: Bool { moves }
        mutating func moveRow(from source: IndexPath, to destination: IndexPath) throws(TableKitError) {
            let key = sections[source.section].remove(at: source.row)
            sections[destination.section].insert(key, at: destination.row)
            movesMade += 1
        }
    }

    @Test("a key two rows share is refused for every action, naming the table; a key one row has is found")
    func sharedKey() throws {
        var lists = Lists(sections: [["ann", "bob"], ["cy", "ann"]])
        #expect(lists.hasOtherRow(withKey: "ann", than: IndexPath(0, 0)) && !lists.hasOtherRow(withKey: "bob", than: IndexPath(0, 1)))
        for action: TableAction in [.moveUp(key: "ann"), .moveDown(key: "ann"), .move(key: "ann", to: .whereItIs),
                                    .move(key: "bob", to: .after(key: "ann")), .delete(key: "ann", isEditing: true)] {
            #expect(throws: TableActionError.ambiguous(key: "ann", table: "Lists")) { try lists.apply(action) }
        }
        #expect(lists.sections == [["ann", "bob"], ["cy", "ann"]] && lists.movesMade == 0)
        let moved = try lists.apply(.move(key: "bob", to: .before(key: "cy")))
        #expect(moved.indexPath == IndexPath(1, 0) && lists.sections == [["ann"], ["bob", "cy", "ann"]])
    }

    @Test("where it is now moves nothing and tells nothing, and a table that does not move rows refuses it as any move")
    func whereItIs() throws {
        var lists = Lists(sections: [["a", "b", "c"]])
        let kept = try lists.apply(.move(key: "b", to: .whereItIs))
        #expect(kept.indexPath == nil && kept.key == "b" && kept.text == "b")
        #expect(lists.sections == [["a", "b", "c"]] && lists.movesMade == 0)
        var fixed = Lists(sections: [["a", "b"]], moves: false)
        #expect(throws: TableActionError.refused(.rowNotMovable(at: IndexPath(0, 1)))) { try fixed.apply(.move(key: "b", to: .whereItIs)) }
    }
}
