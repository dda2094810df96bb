import Foundation

/// A configuration the guide advises against, reported rather than refused.
public enum TableWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Rows of an indexed list should have no disclosure indicator or detail button: they sit
    /// under the index bar.
    case accessoryInIndexedList(AccessoryKind, at: IndexPath)
    /// The data of an exclusive selection list checks several rows: the first (`kept`, by its
    /// text) stays checked and the others (`cleared`) are shown unchecked.
    case severalCheckmarksInExclusiveList(kept: String, cleared: [String])

    /// Whether the page itself says it, for the person reading the table; the others are
    /// advice to the app's developer.
    public var isShownOnPage: Bool {
        if case .severalCheckmarksInExclusiveList = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case let .accessoryInIndexedList(kind, at: path):
            "row \(path.textForm): a \(kind.rawValue) accessory sits under the index bar of an indexed list"
        case let .severalCheckmarksInExclusiveList(kept, cleared):
            "Only one choice counts in this list: the saved data also checked \(cleared.map { "“\($0)”" }.joined(separator: ", ")); “\(kept)” is kept."
        }
    }
}
