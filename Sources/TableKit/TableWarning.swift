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

    /// What the guide advises against when rows of an indexed list show `kind`.
    public static func accessoryUnderIndexBar(_ kind: AccessoryKind) -> String {
        "a \(kind.rawValue) accessory sits under the index bar of an indexed list; the guide gives indexed rows none"
    }

    public var description: String {
        switch self {
        case let .accessoryInIndexedList(kind, at: path):
            "row \(path.textForm): " + Self.accessoryUnderIndexBar(kind)
        case let .severalCheckmarksInExclusiveList(kept, cleared):
            "Only one choice counts in this list: the saved data also checked \(cleared.map { "“\($0)”" }.joined(separator: ", ")); “\(kept)” is kept."
        }
    }
}
