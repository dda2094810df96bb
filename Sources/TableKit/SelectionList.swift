import Foundation

/// A list of options marked with checkmarks (Listings 6-3 and 6-4), kept by item key so that the
/// choice survives reordering.
public struct SelectionList: Sendable, Hashable, Codable {
    /// How many rows may carry a checkmark.
    public enum Mode: String, Sendable, Codable, CaseIterable {
        /// One checkmark at most: choosing a row moves the checkmark to it.
        case exclusive
        /// Any number of checkmarks: choosing a row toggles its own.
        case inclusive
    }

    /// What choosing a row changed, for the page to report and the store to write.
    public enum Change: Sendable, Hashable, Codable {
        /// Nothing (the checked row of an exclusive list was chosen again).
        case unchanged
        /// `key` was checked; `unchecked` names the row that lost its checkmark, if any.
        case checked(key: String, unchecked: String?)
        /// `key` lost its checkmark (inclusive lists only).
        case unchecked(key: String)
    }

    /// Exclusive or inclusive.
    public let mode: Mode
    /// The keys of the options, in display order.
    public let options: [String]
    /// The keys of the checked options.
    public private(set) var selection: Set<String>

    /// Makes a list; an exclusive list with more than one selected key, or a key that is not an
    /// option, is refused.
    public init(mode: Mode, options: [String], selection: Set<String> = []) throws(TableKitError) {
        guard Set(options).count == options.count else { throw .duplicateOptionKeys }
        if let stranger = selection.subtracting(options).sorted().first { throw .unknownOption(stranger) }
        guard mode == .inclusive || selection.count <= 1 else {
            throw .exclusiveListWithManySelections(selection.sorted())
        }
        self.mode = mode
        self.options = options
        self.selection = selection
    }

    /// Whether the option `key` carries a checkmark.
    public func isChecked(_ key: String) -> Bool { selection.contains(key) }

    /// The accessory the option `key` shows.
    public func accessory(for key: String) -> Accessory { isChecked(key) ? .checkmark : .none }

    /// The checked options in display order.
    public var checkedOptions: [String] { options.filter(selection.contains) }

    /// Chooses the option `key`, as `tableView(_:didSelectRowAt:)` does in the guide's listings.
    @discardableResult
    public mutating func choose(_ key: String) throws(TableKitError) -> Change {
        guard options.contains(key) else { throw .unknownOption(key) }
        switch mode {
        case .exclusive:
            // Listing 6-3: choosing the checked row again changes nothing.
            if selection.contains(key) { return .unchanged }
            let previous = selection.first
            selection = [key]
            return .checked(key: key, unchecked: previous)
        case .inclusive:
            // Listing 6-4: toggle the row's own checkmark.
            if selection.remove(key) != nil { return .unchecked(key: key) }
            selection.insert(key)
            return .checked(key: key, unchecked: nil)
        }
    }
}
