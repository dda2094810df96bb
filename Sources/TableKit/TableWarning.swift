import Foundation

/// A configuration the guide advises against, reported rather than refused.
public enum TableWarning: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Rows of an indexed list should have no disclosure indicator or detail button: they sit
    /// under the index bar.
    case accessoryInIndexedList(AccessoryKind, at: IndexPath)

    public var description: String {
        switch self {
        case let .accessoryInIndexedList(kind, at: path):
            "row \(path.textForm): a \(kind.rawValue) accessory sits under the index bar of an indexed list"
        }
    }
}
