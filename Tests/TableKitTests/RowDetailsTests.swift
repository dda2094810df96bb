import Foundation
import Testing
import TableKit

/// What the snapshot decides per row for issue 17's selection and editing details.
@Suite("Row details in a snapshot")
struct RowDetailsTests {
    @Test("swipe-to-delete follows allowsSwipeToDelete; editing controls do not")
    func swipe() throws {
        let source = RecordingDataSource([["A", "B"]])
        source.commits = true
        let swiping = try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: source)
        #expect(swiping.sections[0].rows.map(\.canSwipeToDelete) == [true, true])
        let none = try TableSnapshot.build(TableConfiguration(style: .plain, allowsSwipeToDelete: false), dataSource: source)
        #expect(none.sections[0].rows.map(\.canSwipeToDelete) == [false, false])
        let editing = try TableSnapshot.build(TableConfiguration(style: .plain, isEditing: true, allowsSwipeToDelete: false), dataSource: source)
        #expect(editing.sections[0].rows.map(\.editingStyle) == [.delete, .delete])
    }

    @Test("Move up and Move down only where a place exists: across sections, and never onto a fixed row")
    func moveButtons() throws {
        let source = RecordingDataSource([["A", "B"], ["C"]])
        source.moves = true
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain, isEditing: true), dataSource: source)
        let rows = snapshot.sections.flatMap(\.rows)
        #expect(rows.map(\.canMoveUp) == [false, true, true], "C moves up to the end of the first section")
        #expect(rows.map(\.canMoveDown) == [true, true, false])
        struct FirstStays: TableDelegate {
            func targetIndexPath(forMoveFrom source: IndexPath, toProposed proposed: IndexPath) -> IndexPath {
                proposed == IndexPath(0, 0) ? source : proposed
            }
        }
        let kept = try TableSnapshot.build(TableConfiguration(style: .plain, isEditing: true), dataSource: source, delegate: FirstStays())
        #expect(kept.sections[0].rows[1].canMoveUp == false)
    }

    @Test("selection: allowed by the table in the mode it is in, and refused by willSelectRow, never by selectionStyle")
    func selection() throws {
        struct RefusesB: TableDelegate {
            func willSelectRow(at indexPath: IndexPath) -> IndexPath? { indexPath.row == 1 ? nil : indexPath }
        }
        let source = RecordingDataSource([["A", "B"]])
        let plain = try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: source, delegate: RefusesB())
        #expect(plain.sections[0].rows.map(\.isSelectable) == [true, false])
        let editing = try TableSnapshot.build(TableConfiguration(style: .plain, isEditing: true), dataSource: source)
        #expect(editing.sections[0].rows.map(\.isSelectable) == [false, false], "UIKit selects nothing while editing by default")
        let during = try TableSnapshot.build(TableConfiguration(style: .plain, isEditing: true, allowsSelectionDuringEditing: true), dataSource: source)
        #expect(during.sections[0].rows.map(\.isSelectable) == [true, true])
        let off = try TableSnapshot.build(TableConfiguration(style: .plain, allowsSelection: false), dataSource: source)
        #expect(off.sections[0].rows.map(\.isSelectable) == [false, false])
    }

    @Test("an exclusive list stored with several checkmarks keeps the first in table order and warns on the page")
    func exclusiveCheckmarks() throws {
        let source = RecordingDataSource([["A", "B"], ["C"]])
        source.accessory = .checkmark
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain, selectionMode: .exclusive), dataSource: source)
        #expect(snapshot.sections.flatMap(\.rows).map(\.cell.accessory) == [.checkmark, .none, .none])
        #expect(snapshot.warnings == [.severalCheckmarksInExclusiveList(kept: "A", cleared: ["B", "C"])])
        #expect(snapshot.warnings.allSatisfy { $0.isShownOnPage })
        let inclusive = try TableSnapshot.build(TableConfiguration(style: .plain, selectionMode: .inclusive), dataSource: source)
        #expect(inclusive.sections.flatMap(\.rows).allSatisfy { $0.cell.accessory == .checkmark } && inclusive.warnings.isEmpty)
    }

    @Test("the delete title, the indent and the insert placement come from the delegate")
    func delegateAnswers() throws {
        struct Details: TableDelegate {
            func editingStyle(forRowAt indexPath: IndexPath) -> EditingStyle { indexPath.row == 1 ? .insert : .delete }
            func titleForDeleteConfirmationButton(forRowAt indexPath: IndexPath) -> String? { "Archive" }
            func shouldIndentWhileEditingRow(at indexPath: IndexPath) -> Bool { false }
            func insertionPlacement(forRowAt indexPath: IndexPath) -> InsertionPlacement { .before }
        }
        let source = RecordingDataSource([["A", "B"]])
        source.commits = true
        let rows = try TableSnapshot.build(TableConfiguration(style: .plain, isEditing: true), dataSource: source, delegate: Details()).sections[0].rows
        #expect(rows.map(\.deleteConfirmationTitle) == ["Archive", "Delete"], "only a delete row has a confirmation")
        #expect(rows.map(\.indentsWhileEditing) == [false, false])
        #expect(rows[1].insertionPlacement == .before)
        let defaults = try TableSnapshot.build(TableConfiguration(style: .plain, isEditing: true), dataSource: source).sections[0].rows
        #expect(defaults.map(\.deleteConfirmationTitle) == ["Delete", "Delete"] && defaults.allSatisfy { $0.indentsWhileEditing })
    }

    @Test("a controller's header style reaches the snapshot (Listing 4-10's title label)")
    func headerStyle() throws {
        struct Trail: TableViewController {
            var title: String { "Trail" }
            var tableHeaderTitle: String? { "Cascade Pass" }
            var tableHeaderStyle: TableHeaderStyle { .title }
            func numberOfRows(inSection section: Int) -> Int { 0 }
            func cell(at indexPath: IndexPath) -> Cell { Cell(key: "k", text: "") }
        }
        struct Plain: TableViewController {
            var title: String { "Plain" }
            func numberOfRows(inSection section: Int) -> Int { 0 }
            func cell(at indexPath: IndexPath) -> Cell { Cell(key: "k", text: "") }
        }
        #expect(try Trail().snapshot(isEditing: false).headerStyle == .title)
        #expect(try Plain().snapshot(isEditing: false).headerStyle == .text)
    }

    @Test("a detail button sits under an index bar as a detail disclosure button does, and is warned about")
    func detailButtonInIndexedList() throws {
        let source = RecordingDataSource([["A"]])
        source.indexTitles = ["A"]
        source.accessory = .detailButton
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: source)
        #expect(snapshot.warnings == [.accessoryInIndexedList(.detailButton, at: IndexPath(0, 0))])
        #expect(snapshot.sections[0].rows[0].cell.accessory.kind.rawValue == "detail-button")
    }
}

