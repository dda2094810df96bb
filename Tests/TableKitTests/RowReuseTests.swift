import Testing
import TableKit
import Foundation

/// A build given the snapshot before it asks only about the rows the data source says changed,
/// as UIKit asks only for the cells of the rows a batch update reloads, and keeps nothing when
/// the table's shape or configuration is not what the kept snapshot was built with.
@Suite("Builds that keep the rows a change did not touch")
struct RowReuseTests {
    static let configuration = TableConfiguration(style: .plain, isEditing: true)

    static func cellCalls(_ source: RecordingDataSource) -> [String] { source.calls.filter { $0.hasPrefix("cell(") } }

    @Test("only the rows named as changed are asked for; the result equals a whole build")
    func asksOnlyChangedRows() throws {
        let before = RecordingDataSource([["Alpha", "Bravo", "Charlie"], ["Delta", "Echo"]])
        before.moves = true
        let previous = try TableSnapshot.build(Self.configuration, dataSource: before)

        let after = RecordingDataSource([["Alpha", "Bravo", "Charlie"], ["Delta", "Eel"]])
        after.moves = true
        let reuse = RowReuse(previous: previous, configuration: Self.configuration) { $0 != IndexPath(1, 1) }
        let kept = try TableSnapshot.build(Self.configuration, dataSource: after, reusing: reuse)
        #expect(Self.cellCalls(after) == ["cell(1.1)"])
        let whole = RecordingDataSource([["Alpha", "Bravo", "Charlie"], ["Delta", "Eel"]])
        whole.moves = true
        #expect(kept == (try TableSnapshot.build(Self.configuration, dataSource: whole)))
        #expect(kept.row(at: IndexPath(1, 1))?.canMoveUp == true && kept.row(at: IndexPath(1, 1))?.canMoveDown == false)
    }

    @Test("other row counts, another configuration or an exclusive selection list keep nothing")
    func keepsNothingWhenTheShapeDiffers() throws {
        let previous = try TableSnapshot.build(Self.configuration, dataSource: RecordingDataSource([["Alpha", "Bravo"]]))
        let everything = RowReuse(previous: previous, configuration: Self.configuration) { _ in true }

        let longer = RecordingDataSource([["Alpha", "Bravo", "Charlie"]])
        _ = try TableSnapshot.build(Self.configuration, dataSource: longer, reusing: everything)
        #expect(Self.cellCalls(longer).count == 3, "a row count changed: every row is asked for")

        let notEditing = RecordingDataSource([["Alpha", "Bravo"]])
        _ = try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: notEditing, reusing: everything)
        #expect(Self.cellCalls(notEditing).count == 2, "out of editing mode, editing styles and controls differ")

        var exclusive = Self.configuration
        exclusive.selectionMode = .exclusive
        let kept = RowReuse(previous: previous, configuration: exclusive) { _ in true }
        let choices = RecordingDataSource([["Alpha", "Bravo"]])
        _ = try TableSnapshot.build(exclusive, dataSource: choices, reusing: kept)
        #expect(Self.cellCalls(choices).count == 2, "one checkmark is kept across the whole list: every row is asked for")
    }

    @Test("a kept row under an index bar still brings its warning, in row order")
    func keptRowsKeepTheirWarnings() throws {
        func source(_ rows: [[String]]) -> RecordingDataSource {
            let source = RecordingDataSource(rows)
            source.indexTitles = ["A", "B"]
            source.accessory = .detailButton
            return source
        }
        let configuration = TableConfiguration(style: .plain)
        let previous = try TableSnapshot.build(configuration, dataSource: source([["Alpha"], ["Bravo", "Beta"]]))
        let after = source([["Alpha"], ["Bravo", "Bee"]])
        let kept = try TableSnapshot.build(configuration, dataSource: after,
                                           reusing: RowReuse(previous: previous, configuration: configuration) { $0 != IndexPath(1, 1) })
        #expect(Self.cellCalls(after) == ["cell(1.1)"])
        #expect(kept.warnings == (try TableSnapshot.build(configuration, dataSource: source([["Alpha"], ["Bravo", "Bee"]]))).warnings)
        #expect(kept.warnings.count == 3)
    }

    @Test("a section vouched for whole is kept as its array without a question about its rows; the others are asked row by row")
    func wholeSectionsVouchedFor() throws {
        let before = RecordingDataSource([["Alpha", "Bravo"], ["Charlie", "Delta"]])
        let previous = try TableSnapshot.build(Self.configuration, dataSource: before)
        let after = RecordingDataSource([["Alpha", "Bravo"], ["Charlie", "Dove"]])
        let asked = RowQuestions()
        let reuse = RowReuse(previous: previous, configuration: Self.configuration, isUnchanged: { path in
            asked.record(path)
            return path != IndexPath(1, 1)
        }, isSectionUnchanged: { $0 == 0 })
        let kept = try TableSnapshot.build(Self.configuration, dataSource: after, reusing: reuse)
        #expect(Self.cellCalls(after) == ["cell(1.1)"])
        #expect(asked.paths.allSatisfy { $0.section == 1 }, "section 0 was vouched for: \(asked.paths)")
        #expect(kept.sections[0].rows == previous.sections[0].rows)
        #expect(kept == (try TableSnapshot.build(Self.configuration, dataSource: RecordingDataSource([["Alpha", "Bravo"], ["Charlie", "Dove"]]))))
    }

    @Test("rows named unchanged a section at a time are kept; a section all unchanged keeps its array; a wrong count asks row by row")
    func unchangedRowsBySection() throws {
        let before = RecordingDataSource([["Alpha", "Bravo", "Charlie"], ["Delta", "Echo"]])
        before.moves = true
        let previous = try TableSnapshot.build(Self.configuration, dataSource: before)
        let after = RecordingDataSource([["Alpha", "Bee", "Charlie"], ["Delta", "Echo"]])
        after.moves = true
        let asked = RowQuestions()
        let reuse = RowReuse(previous: previous, configuration: Self.configuration, isUnchanged: { path in
            asked.record(path)
            return path != IndexPath(0, 1)
        }, unchangedRows: { section in section == 0 ? [true, false, true] : [true, true] })
        let kept = try TableSnapshot.build(Self.configuration, dataSource: after, reusing: reuse)
        #expect(Self.cellCalls(after) == ["cell(0.1)"])
        #expect(asked.paths.isEmpty, "the section answers stood for the row questions: \(asked.paths)")
        #expect(kept.sections[1].rows.withUnsafeBufferPointer { $0.baseAddress }
                    == previous.sections[1].rows.withUnsafeBufferPointer { $0.baseAddress }, "an unchanged section shares its array")
        let whole = RecordingDataSource([["Alpha", "Bee", "Charlie"], ["Delta", "Echo"]])
        whole.moves = true
        #expect(kept == (try TableSnapshot.build(Self.configuration, dataSource: whole)))

        // An answer of the wrong length is not trusted: the rows are asked about one by one.
        let other = RecordingDataSource([["Alpha", "Bee", "Charlie"], ["Delta", "Echo"]])
        other.moves = true
        let short = RowReuse(previous: previous, configuration: Self.configuration, isUnchanged: { $0 != IndexPath(0, 1) },
                             unchangedRows: { _ in [true] })
        #expect((try TableSnapshot.build(Self.configuration, dataSource: other, reusing: short)) == kept)
        #expect(Self.cellCalls(other) == ["cell(0.1)"])
    }
}

/// The index paths a reuse was asked about (its closure is @Sendable).
final class RowQuestions: @unchecked Sendable {
    private let lock = NSLock()
    private var asked: [IndexPath] = []

    func record(_ path: IndexPath) { lock.withLock { asked.append(path) } }
    var paths: [IndexPath] { lock.withLock { asked } }
}
