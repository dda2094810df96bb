import Foundation
import Testing
@testable import TableKit

/// Actions name rows by key: a key two rows share names neither, the Move to… sheet's "where it
/// is now" moves nothing but still asks the move rules, and a Move up or down naming the row it
/// passes is made once, from where the page showed it.
@Suite("Actions by key: shared keys and where a row is")
struct RowKeyActionTests {
    /// Rows of two lists shown as two sections, by their keys, headed by `titles` when given;
    /// the table moves rows when `moves`.
    struct Lists: TableViewController {
        var sections: [[String]]
        var titles: [String]?
        var moves = true
        var movesMade = 0
        var title: String { "Lists" }
        func numberOfSections() -> Int { sections.count }
        func titleForHeader(inSection section: Int) -> String? { titles?[section] }
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

    @Test("Move up and down naming the row passed are made once: again, they change nothing; beside another row, they are refused")
    func movePastNeighbour() throws {
        var lists = Lists(sections: [["a", "b", "c"], ["d"]])
        let moved = try lists.apply(.moveDown(key: "a", past: .row(key: "b")))
        #expect(moved.indexPath == IndexPath(0, 1) && lists.sections == [["b", "a", "c"], ["d"]] && !moved.wasAlreadyPast)
        // The same post again (a double click, or someone else pressing the same button): said
        // so, for whoever knows whether the list changed since the post's page.
        let again = try lists.apply(.moveDown(key: "a", past: .row(key: "b")))
        #expect(again.indexPath == nil && again.key == "a" && again.text == "a" && again.wasAlreadyPast)
        #expect(lists.sections == [["b", "a", "c"], ["d"]] && lists.movesMade == 1)
        // Up past "a" is already so for "c" below it (made by someone else), but not for "b".
        #expect(try lists.apply(.moveUp(key: "a", past: .row(key: "c"))).wasAlreadyPast)
        #expect(throws: TableActionError.notBeside(key: "c", past: .row(key: "b"), table: "Lists")) {
            try lists.apply(.moveUp(key: "c", past: .row(key: "b"))) }
        #expect(throws: TableActionError.notBeside(key: "a", past: .row(key: "zed"), table: "Lists")) {
            try lists.apply(.moveUp(key: "a", past: .row(key: "zed"))) }
        // Across a section's end: made only from that end of the section that has the row named
        // on its other side; again, the row is first in the next section, the one it left
        // ending with that row, and nothing more moves.
        _ = try lists.apply(.moveDown(key: "c", past: .sectionEnd(otherSide: "a")))
        #expect(lists.sections == [["b", "a"], ["c", "d"]])
        #expect(try lists.apply(.moveDown(key: "c", past: .sectionEnd(otherSide: "a"))).wasAlreadyPast)
        _ = try lists.apply(.moveUp(key: "c", past: .sectionEnd(otherSide: "d")))
        #expect(try lists.apply(.moveUp(key: "c", past: .sectionEnd(otherSide: "d"))).wasAlreadyPast)
        #expect(lists.sections == [["b", "a", "c"], ["d"]] && lists.movesMade == 3)
        // Alone in a section without a title, at both ends, it tells no section: moved once, then refused.
        _ = try lists.apply(.moveUp(key: "d", past: .alone(section: nil)))
        #expect(lists.sections == [["b", "a", "c", "d"], []])
        #expect(throws: TableActionError.notBeside(key: "d", past: .alone(section: nil), table: "Lists")) {
            try lists.apply(.moveUp(key: "d", past: .alone(section: nil))) }
        // Moved further than one place by someone else, it is past the row all the same.
        var far = Lists(sections: [["d", "a", "b", "c"]])
        #expect(try far.apply(.moveUp(key: "d", past: .row(key: "c"))).wasAlreadyPast && far.movesMade == 0)
        // Without a neighbour (a script), from wherever it stands.
        _ = try lists.apply(.moveUp(key: "d"))
        #expect(lists.sections == [["b", "a", "d", "c"], []])
    }

    @Test("sections shown by number change as others empty them: a section's end is told by a row in it")
    func sectionEndByRow() throws {
        // The page showed "j" first in the second section, ["j", "k"]; the first section has
        // since emptied and "j" was moved first into the third, now the second by number.
        var lists = Lists(sections: [[], ["x", "y"], ["j", "m"]])
        #expect(throws: TableActionError.notBeside(key: "j", past: .sectionEnd(otherSide: "k"), table: "Lists")) {
            try lists.apply(.moveUp(key: "j", past: .sectionEnd(otherSide: "k"))) }
        // "y" last of its section above "x", as shown, though the section's number changed.
        _ = try lists.apply(.moveDown(key: "y", past: .sectionEnd(otherSide: "x")))
        #expect(lists.sections == [[], ["x"], ["y", "j", "m"]] && lists.movesMade == 1)
        // A section's end named by the row itself is no section.
        var own = Lists(sections: [["p", "q"], ["r"]])
        #expect(throws: TableActionError.notBeside(key: "q", past: .sectionEnd(otherSide: "q"), table: "Lists")) {
            try own.apply(.moveDown(key: "q", past: .sectionEnd(otherSide: "q"))) }
        // The page showed "q" last beside "p"; "p" crossed into the section above instead, leaving
        // "q" alone: not taken for "q" having crossed.
        var left = Lists(sections: [["o", "p"], ["q"], ["r"]])
        #expect(throws: TableActionError.notBeside(key: "q", past: .sectionEnd(otherSide: "p"), table: "Lists")) {
            try left.apply(.moveDown(key: "q", past: .sectionEnd(otherSide: "p"))) }
        #expect(own.movesMade == 0 && left.movesMade == 0)
        // "m" still last of the section it was shown in, with "j" in it, though no longer beside it.
        var moved = Lists(sections: [["j", "y", "m"], ["z"]])
        _ = try moved.apply(.moveDown(key: "m", past: .sectionEnd(otherSide: "j")))
        #expect(moved.sections == [["j", "y"], ["m", "z"]])
    }

    @Test("a row alone in its section is told by the section's title: pressed again it moves no further, and alone in another it is not moved")
    func aloneInTitledSection() throws {
        var lists = Lists(sections: [["a"], ["b", "c"]], titles: ["One", "Two"])
        _ = try lists.apply(.moveDown(key: "a", past: .alone(section: "One")))
        #expect(lists.sections == [[], ["a", "b", "c"]])
        // Again (a double click): first in the section after "One", so already across.
        #expect(try lists.apply(.moveDown(key: "a", past: .alone(section: "One"))).wasAlreadyPast)
        _ = try lists.apply(.moveUp(key: "a", past: .sectionEnd(otherSide: "b")))
        #expect(lists.sections == [["a"], ["b", "c"]])
        #expect(lists.movesMade == 2)
        // A section made of rows' values goes with its last row: the list as the next page reads
        // it after "x" left "Carry-on". The title no section has any more is taken as left.
        var bags = Lists(sections: [["x", "y"], ["z"]], titles: ["Checked", "Daypack"])
        #expect(try bags.apply(.moveDown(key: "x", past: .alone(section: "Carry-on"))).wasAlreadyPast && bags.movesMade == 0)
        // Renamed, the section it is alone in is no section the row crossed into: refused.
        var renamed = Lists(sections: [["x"], ["z"]], titles: ["Uno", "Two"])
        #expect(throws: TableActionError.notBeside(key: "x", past: .alone(section: "One"), table: "Lists")) {
            _ = try renamed.apply(.moveDown(key: "x", past: .alone(section: "One"))) }
        // The page showed "y" alone in "Checked", and someone moved it up since, where "x" is.
        #expect(throws: TableActionError.notBeside(key: "y", past: .alone(section: "Checked"), table: "Lists")) {
            var moved = Lists(sections: [["x", "y"], ["z"]], titles: ["Carry-on", "Daypack"])
            _ = try moved.apply(.moveDown(key: "y", past: .alone(section: "Checked"))) }
        // The page showed "x" alone in "Two"; someone moved it up, alone in "One" now. Moving it
        // down from there would undo their move, not make this one.
        var stale = Lists(sections: [["x"], [], ["z"]], titles: ["One", "Two", "Three"])
        #expect(throws: TableActionError.notBeside(key: "x", past: .alone(section: "Two"), table: "Lists")) {
            _ = try stale.apply(.moveDown(key: "x", past: .alone(section: "Two"))) }
        #expect(stale.movesMade == 0)
        // Alone in the section the page showed, it moves, though the sections around it changed.
        var same = Lists(sections: [["w"], ["x"], ["z"]], titles: ["Zero", "Two", "Three"])
        _ = try same.apply(.moveDown(key: "x", past: .alone(section: "Two")))
        #expect(same.sections == [["w"], [], ["x", "z"]])
    }

    @Test("a post naming a neighbour is refused as any move by a table that does not move the row")
    func neighbourOnFixedTable() {
        var fixed = Lists(sections: [["a", "b"]], moves: false)
        #expect(throws: TableActionError.refused(.rowNotMovable(at: IndexPath(0, 1)))) { try fixed.apply(.moveDown(key: "b", past: .row(key: "a"))) }
    }

    @Test("what stands beside a row: the row above or below in its section, or that end of the section")
    func beside() {
        let keys = ["x", "y"]
        #expect(MoveNeighbour.beside(position: 0, upward: true, rowCount: 2, section: "S") { keys[$0] } == .sectionEnd(otherSide: "y"))
        #expect(MoveNeighbour.beside(position: 0, upward: false, rowCount: 2, section: "S") { keys[$0] } == .row(key: "y"))
        #expect(MoveNeighbour.beside(position: 1, upward: true, rowCount: 2, section: "S") { keys[$0] } == .row(key: "x"))
        #expect(MoveNeighbour.beside(position: 1, upward: false, rowCount: 2, section: "S") { keys[$0] } == .sectionEnd(otherSide: "x"))
        #expect(MoveNeighbour.beside(position: 0, upward: false, rowCount: 1, section: "S") { keys[$0] } == .alone(section: "S"))
        #expect(MoveNeighbour.beside(position: 0, upward: true, rowCount: 1, section: nil) { keys[$0] } == .alone(section: nil))
    }
}
