import Foundation

/// Everything the engine refuses, each with a message that names the place and what was expected.
public enum TableKitError: Error, Sendable, Hashable, CustomStringConvertible {
    // Building a snapshot.
    case negativeSectionCount(Int)
    case negativeRowCount(Int, section: Int)
    case groupedTableCannotHaveIndex
    case indexTitleLeadsNowhere(title: String, section: Int, sectionCount: Int)
    case imageNotAllowed(style: CellStyle, at: IndexPath)
    case invalidIndentationLevel(Int, at: IndexPath)
    case emptyItemKey(at: IndexPath)
    case invalidTemplateName(String, at: IndexPath)
    case invalidSectionTemplateName(String, section: Int)
    case invalidRowHeight(Int, at: IndexPath)
    case invalidSliderRange(minimum: Double, maximum: Double)
    case sliderValueOutOfRange(value: Double, minimum: Double, maximum: Double)

    // Editing and moving.
    case indexPathOutOfRange(IndexPath, rowCounts: [Int])
    case editingNotSupported(at: IndexPath)
    case editingStyleNotOffered(EditingStyle, offered: EditingStyle, at: IndexPath)
    case notInEditingMode(at: IndexPath)
    case rowNotMovable(at: IndexPath)
    case selectionNotSupported(at: IndexPath)
    case moveAcrossSections(from: IndexPath, to: IndexPath)
    case noFurtherPlace(at: IndexPath, upward: Bool)
    case controlNotSupported(String, at: IndexPath)

    // Batch updates.
    case endUpdatesWithoutBegin
    case unbalancedBatch(openBlocks: Int)
    case batchSectionOutOfRange(Int, sectionCount: Int, table: String)
    case batchRowOutOfRange(IndexPath, rowCount: Int, table: String)
    case invalidBatch(String)
    case invalidSectionCount(before: Int, after: Int, inserted: Int, deleted: Int)
    case invalidRowCount(section: Int, before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    case missingInsertedItem(IndexPath)
    case missingInsertedSection(Int)
    /// A batch refusal caused by one operation: its number (from 1), its summary, and why.
    indirect case inOperation(Int, String, TableKitError)

    // Selection lists, collation, navigation.
    case duplicateOptionKeys
    case unknownOption(String)
    case exclusiveListWithManySelections([String])
    case unsupportedCollationLocale(String, supported: [String])
    case indexTitleNamesNoSection(title: String, section: String, sectionTitles: [String])
    case cannotPopRoot

    public var description: String {
        switch self {
        case let .negativeSectionCount(count):
            "the data source reported \(count) sections; a table has zero or more"
        case let .negativeRowCount(count, section):
            "the data source reported \(count) rows in section \(section); a section has zero or more"
        case .groupedTableCannotHaveIndex:
            "a grouped table cannot have a section index; use the plain style for an indexed list"
        case let .indexTitleLeadsNowhere(title, section, sectionCount):
            "index title \"\(title)\" leads to section \(section), but the table has \(NumberWords.counted(sectionCount, "section"))"
        case let .imageNotAllowed(style, path):
            "row \(path.textForm): the \(style.rawValue) cell style has no place for an image (only default and subtitle do)"
        case let .invalidIndentationLevel(level, path):
            "row \(path.textForm): indentation level \(level) is outside 0...\(Cell.maximumIndentationLevel)"
        case let .emptyItemKey(path):
            "row \(path.textForm): the item has an empty key; every row needs a stable key"
        case let .invalidTemplateName(name, path):
            "row \(path.textForm): \"\(name)\" cannot name a template (1 to 64 letters, digits, - and _, starting with a letter)"
        case let .invalidSectionTemplateName(name, section):
            "section \(section): \"\(name)\" cannot name a template (1 to 64 letters, digits, - and _, starting with a letter)"
        case let .invalidRowHeight(points, path):
            "row \(path.textForm): a height of \(points) points is outside \(RowHeight.allowedPoints.lowerBound)...\(RowHeight.allowedPoints.upperBound)"
        case let .invalidSliderRange(minimum, maximum):
            "a slider needs a finite minimum below its maximum (got \(Self.shown(minimum)) to \(Self.shown(maximum)))"
        case let .sliderValueOutOfRange(value, minimum, maximum):
            "slider value \(Self.shown(value)) is outside its range, \(Self.shown(minimum)) to \(Self.shown(maximum))"
        case let .indexPathOutOfRange(path, counts):
            "there is no row \(path.textForm): the table has \(Self.describe(counts))"
        case let .editingNotSupported(path):
            "row \(path.textForm) cannot be edited: the table does not commit insertions or deletions"
        case let .editingStyleNotOffered(style, offered, path):
            "row \(path.textForm) offers \(offered == .none ? "no editing control" : "the \(offered.rawValue) control"), not \(style.rawValue)"
        case let .notInEditingMode(path):
            "row \(path.textForm) can only be edited in editing mode"
        case let .rowNotMovable(path):
            "row \(path.textForm) cannot be moved"
        case let .moveAcrossSections(source, destination):
            "row \(source.textForm) cannot move to \(destination.textForm): rows of this table stay in their section"
        case let .noFurtherPlace(path, upward):
            "row \(path.textForm) cannot move further \(upward ? "up" : "down"): the table's rules allow no place \(upward ? "above" : "below") it"
        case let .selectionNotSupported(path):
            "row \(path.textForm) cannot be chosen: the table is not a selection list"
        case let .controlNotSupported(control, path):
            "row \(path.textForm) has no \(control)"
        case .endUpdatesWithoutBegin:
            "endUpdates was called without a matching beginUpdates"
        case let .unbalancedBatch(open):
            "the batch still has \(NumberWords.counted(open, "open update block")); close each beginUpdates with endUpdates"
        case let .batchSectionOutOfRange(section, count, table):
            "section \(section) does not exist in the table \(table) the update (it has \(NumberWords.counted(count, "section")))"
        case let .batchRowOutOfRange(path, count, table):
            path.row < 0
                ? "row \(path.textForm) has a negative index"
                : "row \(path.textForm) does not exist in the table \(table) the update (section \(path.section) has \(NumberWords.counted(count, "row")))"
        case let .invalidBatch(reason):
            "invalid update: \(reason)"
        case let .invalidSectionCount(before, after, inserted, deleted):
            "invalid update: invalid number of sections. The number of sections after the update (\(after)) must equal "
                + "the number before the update (\(before)), plus or minus the sections inserted or deleted "
                + "(\(inserted) inserted, \(deleted) deleted)"
        case let .invalidRowCount(section, before, after, inserted, deleted, movedIn, movedOut):
            "invalid update: invalid number of rows in section \(section). The number of rows in an existing section "
                + "after the update (\(after)) must equal the number before the update (\(before)), plus or minus the rows "
                + "inserted or deleted (\(inserted) inserted, \(deleted) deleted) and plus or minus the rows moved in or out "
                + "(\(movedIn) moved in, \(movedOut) moved out)"
        case let .missingInsertedItem(path):
            "row \(path.textForm) is inserted but no item was given for it"
        case let .missingInsertedSection(section):
            "section \(section) is inserted but no rows were given for it"
        case let .inOperation(number, summary, error):
            "operation \(number)" + (summary.isEmpty ? "" : " (\(summary))") + ": \(error.description)"
        case .duplicateOptionKeys:
            "a selection list names the same option twice"
        case let .unknownOption(key):
            "\"\(key)\" is not one of the list's options"
        case let .exclusiveListWithManySelections(keys):
            "an exclusive selection list has one checkmark at most, but \(keys.joined(separator: ", ")) are checked"
        case let .unsupportedCollationLocale(identifier, supported):
            "no index alphabet for locale \"\(identifier)\" (known languages: \(supported.joined(separator: ", ")))"
        case let .indexTitleNamesNoSection(title, section, sectionTitles):
            "index title \"\(title)\" names section \"\(section)\", which the index does not have (its sections: \(sectionTitles.joined(separator: ", ")))"
        case .cannotPopRoot:
            "the root of a navigation stack cannot be popped"
        }
    }

    private static func describe(_ rowCounts: [Int]) -> String {
        guard !rowCounts.isEmpty else { return "no sections" }
        let parts = rowCounts.enumerated().map { "section \($0.offset): \(NumberWords.counted($0.element, "row"))" }
        return parts.joined(separator: ", ")
    }
}

extension TableKitError {
    /// A number as a message shows it.
    static func shown(_ value: Double) -> String { NumberWords.plain(value) }
}
