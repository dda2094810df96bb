import Testing
import TableKit
import Foundation

@Suite("Building a snapshot from a data source and delegate")
struct TableSnapshotTests {
    @Test("the table asks in UIKit's order: sections, rows per section, titles, index, then cells")
    func asksInUIKitOrder() throws {
        let source = RecordingDataSource([["A", "B"], ["C"]], headers: ["First", "Second"])
        _ = try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: source)
        #expect(source.calls == ["sections", "rows(0)", "rows(1)", "header(0)", "header(1)", "indexTitles",
                                 "cell(0.0)", "cell(0.1)", "cell(1.0)"])
    }

    @Test("sections, rows, headers and table header and footer land where the data source put them")
    func snapshotContent() throws {
        let source = RecordingDataSource([["Arizona", "California"], [], ["Texas"]], headers: ["A", nil, "T"])
        let snapshot = try TableSnapshot.build(
            TableConfiguration(style: .grouped, headerTitle: "States", footerTitle: "3 states"), dataSource: source)
        #expect(snapshot.style == .grouped)
        #expect(snapshot.headerTitle == "States" && snapshot.footerTitle == "3 states")
        #expect(snapshot.rowCounts == [2, 0, 1])
        #expect(snapshot.sections.map(\.headerTitle) == ["A", nil, "T"])
        #expect(snapshot.row(at: IndexPath(2, 0))?.cell.text == "Texas")
        #expect(snapshot.row(at: IndexPath(2, 0))?.indexPath == IndexPath(2, 0))
        #expect(snapshot.row(at: IndexPath(1, 0)) == nil)
        #expect(snapshot.indexPath(ofItem: "california") == IndexPath(0, 1))
        #expect(!snapshot.isIndexed)
    }

    @Test("a grouped table with an index is refused with a clear error")
    func groupedTableRejectsIndex() {
        let source = RecordingDataSource([["Alabama"]])
        source.indexTitles = ["A"]
        #expect(throws: TableKitError.groupedTableCannotHaveIndex) {
            try TableSnapshot.build(TableConfiguration(style: .grouped), dataSource: source)
        }
        #expect(TableKitError.groupedTableCannotHaveIndex.description.contains("plain style"))
    }

    @Test("index titles map to sections, several titles may share a section, and labels carry through")
    func indexTitlesMapToSections() throws {
        let source = RecordingDataSource([["Alabama"], ["Maine"]])
        source.indexTitles = ["A", "•", SectionIndexTitle("M", accessibilityLabel: "Letter M")]
        source.indexMapping = { title, _ in title == "M" ? 1 : 0 }
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: source)
        #expect(snapshot.isIndexed)
        #expect(snapshot.sectionIndex?.entries.map(\.section) == [0, 0, 1])
        #expect(snapshot.sectionIndex?.entries[2].accessibilityLabel == "Letter M")
        #expect(snapshot.sectionIndex?.section(forTitleAt: 2) == 1)
        #expect(snapshot.sectionIndex?.section(forTitleAt: 3) == nil)
    }

    @Test("an index title leading to no section is refused")
    func indexTitleOutOfRange() {
        let source = RecordingDataSource([["Alabama"]])
        source.indexTitles = ["A", "B"]
        #expect(throws: TableKitError.indexTitleLeadsNowhere(title: "B", section: 1, sectionCount: 1)) {
            try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: source)
        }
    }

    @Test("a value1 cell with an image stops the build with the row's address")
    func imageInValue1StopsBuild() {
        let source = RecordingDataSource([["Volume"]])
        source.style = .value1
        source.image = CellImage(source: "speaker.png")
        #expect(throws: TableKitError.imageNotAllowed(style: .value1, at: IndexPath(0, 0))) {
            try TableSnapshot.build(TableConfiguration(style: .grouped), dataSource: source)
        }
    }

    @Test("rows of an indexed list with a disclosure indicator are reported as a warning")
    func indexedListAccessoryWarning() throws {
        let source = RecordingDataSource([["Alabama"]])
        source.indexTitles = ["A"]
        source.accessory = .disclosureIndicator
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: source)
        #expect(snapshot.warnings == [.accessoryInIndexedList(.disclosureIndicator, at: IndexPath(0, 0))])
    }

    @Test("negative counts from a data source are refused")
    func negativeCounts() {
        struct Broken: TableDataSource {
            let sections: Int
            let rows: Int
            func numberOfSections() -> Int { sections }
            func numberOfRows(inSection section: Int) -> Int { rows }
            func cell(at indexPath: IndexPath) -> Cell { Cell(key: "k", text: "t") }
        }
        #expect(throws: TableKitError.negativeSectionCount(-1)) {
            try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: Broken(sections: -1, rows: 0))
        }
        #expect(throws: TableKitError.negativeRowCount(-3, section: 0)) {
            try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: Broken(sections: 1, rows: -3))
        }
    }

    @Test("outside editing mode rows show no editing control and no reorder control")
    func notEditingShowsNoControls() throws {
        let source = RecordingDataSource([["A", "B"]])
        source.commits = true
        source.moves = true
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: source)
        #expect(snapshot.sections[0].rows.allSatisfy { $0.editingStyle == .none && !$0.isMovable })
        #expect(snapshot.sections[0].rows.allSatisfy { $0.canSwipeToDelete })
    }

    @Test("in editing mode the delegate's styles apply: SimpleEditableList deletes every row and inserts at the last")
    func editingStylesFromDelegate() throws {
        struct SimpleEditableListDelegate: TableDelegate {
            let counts: [Int]
            func editingStyle(forRowAt indexPath: IndexPath) -> EditingStyle {
                EditingRule.simpleEditableList.editingStyle(forRowAt: indexPath, rowCounts: counts)
            }
        }
        let source = RecordingDataSource([["One", "Two", "Add Item"]])
        source.commits = true
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain, isEditing: true), dataSource: source,
                                               delegate: SimpleEditableListDelegate(counts: [3]))
        #expect(snapshot.isEditing)
        #expect(snapshot.sections[0].rows.map(\.editingStyle) == [.delete, .delete, .insert])
        #expect(snapshot.sections[0].rows.allSatisfy { !$0.canSwipeToDelete })
    }

    @Test("a data source that cannot commit edits shows no editing controls even in editing mode")
    func noCommitNoControls() throws {
        let source = RecordingDataSource([["A"]])
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain, isEditing: true), dataSource: source)
        #expect(snapshot.sections[0].rows[0].editingStyle == .none)
        #expect(!snapshot.sections[0].rows[0].canSwipeToDelete)
    }

    @Test("reorder controls appear only where the data source moves rows and canMoveRow allows it (Listing 8-1)")
    func reorderControls() throws {
        let source = RecordingDataSource([["Fixed", "B", "C"]])
        source.fixedFirstRow = true
        let withoutMoves = try TableSnapshot.build(TableConfiguration(style: .plain, isEditing: true), dataSource: source)
        #expect(withoutMoves.sections[0].rows.allSatisfy { !$0.isMovable })
        source.moves = true
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain, isEditing: true), dataSource: source)
        #expect(snapshot.sections[0].rows.map(\.isMovable) == [false, true, true])
    }

    @Test("the delegate sets indentation and last-minute state such as alternating backgrounds (Listing 5-2)")
    func delegateDecoratesCells() throws {
        struct Decorator: TableDelegate {
            func indentationLevel(forRowAt indexPath: IndexPath) -> Int? { indexPath.row == 1 ? 2 : nil }
            func willDisplay(_ cell: inout Cell, forRowAt indexPath: IndexPath) {
                cell.backgroundHint = indexPath.row.isMultiple(of: 2) ? "even" : "odd"
            }
        }
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain),
                                               dataSource: RecordingDataSource([["A", "B", "C"]]), delegate: Decorator())
        #expect(snapshot.sections[0].rows.map(\.cell.indentationLevel) == [0, 2, 0])
        #expect(snapshot.sections[0].rows.map(\.cell.backgroundHint) == ["even", "odd", "even"])
    }

    @Test("commit and move through the data source change the model the next snapshot shows")
    func editsThroughDataSource() throws {
        let source = RecordingDataSource([["A", "B", "C"]])
        try source.commit(.delete, forRowAt: IndexPath(0, 1))
        try source.moveRow(from: IndexPath(0, 1), to: IndexPath(0, 0))
        try source.commit(.insert, forRowAt: IndexPath(0, 1))
        let snapshot = try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: source)
        #expect(snapshot.sections[0].rows.map(\.cell.text) == ["C", "A", "New Item"])
    }

    @Test("a data source that does not edit refuses commits and moves by default")
    func defaultRefusesEdits() {
        struct ReadOnly: TableDataSource {
            func numberOfRows(inSection section: Int) -> Int { 1 }
            func cell(at indexPath: IndexPath) -> Cell { Cell(key: "k", text: "t") }
        }
        var source = ReadOnly()
        #expect(throws: TableKitError.editingNotSupported(at: IndexPath(0, 0))) { try source.commit(.delete, forRowAt: IndexPath(0, 0)) }
        #expect(throws: TableKitError.rowNotMovable(at: IndexPath(0, 0))) { try source.moveRow(from: IndexPath(0, 0), to: IndexPath(0, 0)) }
        #expect(source.numberOfSections() == 1)
    }

    @Test("selection outcomes: push, detail, checkmark or nothing come from the delegate")
    func selectionOutcomes() {
        struct Trails: TableDelegate {
            func didSelectRow(at indexPath: IndexPath) -> SelectionOutcome { .push(scene: "trails", itemKey: "region-\(indexPath.row)") }
            func accessoryButtonTapped(forRowAt indexPath: IndexPath) -> SelectionOutcome { .showDetail(scene: "region", itemKey: "region-\(indexPath.row)") }
        }
        #expect(Trails().didSelectRow(at: IndexPath(0, 2)) == .push(scene: "trails", itemKey: "region-2"))
        #expect(Trails().accessoryButtonTapped(forRowAt: IndexPath(0, 1)) == .showDetail(scene: "region", itemKey: "region-1"))
        #expect(DefaultTableDelegate().didSelectRow(at: IndexPath(0, 0)) == SelectionOutcome.none)
        #expect(DefaultTableDelegate().targetIndexPath(forMoveFrom: IndexPath(0, 0), toProposed: IndexPath(0, 3)) == IndexPath(0, 3))
    }
}

@Suite("A snapshot row's value")
struct TableRowValueTests {
    static let row = TableRow(indexPath: IndexPath(0, 2), cell: Cell(key: "milk", text: "Milk", detailText: "2"), editingStyle: .delete,
                              isMovable: true, canSwipeToDelete: false, canMoveUp: true, canMoveDown: false, isSelectable: true,
                              deleteConfirmationTitle: "Remove", indentsWhileEditing: false, insertionPlacement: .before)

    @Test("rows are equal by every field, their cell by value; each field alone tells two rows apart")
    func equality() throws {
        let row = Self.row
        let alike = TableRow(indexPath: IndexPath(0, 2), cell: Cell(key: "milk", text: "Milk", detailText: "2"), editingStyle: .delete,
                             isMovable: true, canSwipeToDelete: false, canMoveUp: true, canMoveDown: false, isSelectable: true,
                             deleteConfirmationTitle: "Remove", indentsWhileEditing: false, insertionPlacement: .before)
        #expect(row == alike && row.hashValue == alike.hashValue, "the same cell made twice")
        let changes: [(String, (inout TableRow) -> Void)] = [
            ("indexPath", { $0.indexPath = IndexPath(0, 3) }), ("cell", { $0.cell.text = "Oat milk" }),
            ("editingStyle", { $0.editingStyle = .insert }), ("isMovable", { $0.isMovable = false }),
            ("canSwipeToDelete", { $0.canSwipeToDelete = true }), ("canMoveUp", { $0.canMoveUp = false }),
            ("canMoveDown", { $0.canMoveDown = true }), ("isSelectable", { $0.isSelectable = false }),
            ("deleteConfirmationTitle", { $0.deleteConfirmationTitle = "Delete" }), ("indentsWhileEditing", { $0.indentsWhileEditing = true }),
            ("insertionPlacement", { $0.insertionPlacement = .after }), ("cell's accessory", { $0.cell.accessory = .checkmark }),
        ]
        for (field, change) in changes {
            var other = row
            change(&other)
            #expect(other != row, "\(field)")
            #expect(row.cell.text == "Milk", "\(field): the copy changed alone")
        }
    }

    @Test("encoded as before: the cell under \"cell\", each field under its name; decoded equal")
    func coding() throws {
        let data = try JSONEncoder().encode(Self.row)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(Set(object.keys) == ["indexPath", "cell", "editingStyle", "isMovable", "canSwipeToDelete", "canMoveUp", "canMoveDown",
                                     "isSelectable", "deleteConfirmationTitle", "indentsWhileEditing", "insertionPlacement"])
        #expect((object["cell"] as? [String: Any])?["text"] as? String == "Milk")
        #expect(try JSONDecoder().decode(TableRow.self, from: data) == Self.row)
    }
}
