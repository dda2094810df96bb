import Foundation

extension TableKitError {
    /// Whether the refusal may come from the rows as they stand now rather than from what the
    /// person asked: a row's editing control and its move places follow from the rows around it
    /// (Listing 7-2 gives the last row the insert control), so a page shown before someone else
    /// added, deleted or moved rows can offer a control the table no longer has there.
    public var mayFollowFromOtherChanges: Bool {
        switch self {
        case .editingStyleNotOffered, .rowNotMovable, .moveAcrossSections, .noFurtherPlace: true
        default: false
        }
    }

    /// The row the refusal is about, where the rule names one.
    public var indexPath: IndexPath? {
        switch self {
        case let .editingStyleNotOffered(_, _, path), let .rowNotMovable(path), let .moveAcrossSections(path, _),
             let .noFurtherPlace(path, _), let .notInEditingMode(path), let .editingNotSupported(path),
             let .selectionNotSupported(path), let .controlNotSupported(_, path), let .indexPathOutOfRange(path, _):
            path
        default: nil
        }
    }
}
