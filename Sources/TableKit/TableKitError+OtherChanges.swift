import Foundation

extension TableKitError {
    /// The row a refusal is about when the refusal may come from the rows as they stand now
    /// rather than from what the person asked: a row's editing control and its move places
    /// follow from the rows around it (Listing 7-2 gives the last row the insert control), so a
    /// page shown before someone else added, deleted or moved rows can offer a control the table
    /// no longer has there. `nil` for every other refusal.
    public var rowOthersMayHaveChanged: IndexPath? {
        switch self {
        case let .editingStyleNotOffered(_, _, path), let .rowNotMovable(path), let .moveAcrossSections(path, _), let .noFurtherPlace(path, _):
            path
        // Listed, not defaulted, so that a new rule is placed on one side or the other.
        case .negativeSectionCount, .negativeRowCount, .groupedTableCannotHaveIndex, .indexTitleLeadsNowhere, .imageNotAllowed,
             .invalidIndentationLevel, .emptyItemKey, .invalidTemplateName, .invalidSectionTemplateName, .invalidRowHeight,
             .invalidSliderRange, .sliderValueOutOfRange, .indexPathOutOfRange, .editingNotSupported, .notInEditingMode,
             .selectionNotSupported, .controlNotSupported, .endUpdatesWithoutBegin, .unbalancedBatch, .batchSectionOutOfRange,
             .batchRowOutOfRange, .invalidBatch, .invalidSectionCount, .invalidRowCount, .missingInsertedItem,
             .missingInsertedSection, .inOperation, .duplicateOptionKeys, .unknownOption, .exclusiveListWithManySelections,
             .unsupportedCollationLocale, .indexTitleNamesNoSection, .cannotPopRoot:
            nil
        }
    }
}
