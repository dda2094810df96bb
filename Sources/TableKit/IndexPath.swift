/// The address of one row: its section and its row inside that section, both counted from 0.
///
/// Row index paths order section first, then row, as a table view lists them from top to bottom.
/// Its text form `"S.R"` is the one the markup contract uses in `data-index-path`.
public struct IndexPath: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    /// The section, 0 at the top of the table.
    public var section: Int
    /// The row inside `section`, 0 at the top of the section.
    public var row: Int

    /// Makes the index path of `row` in `section`.
    public init(row: Int, section: Int) {
        self.section = section
        self.row = row
    }

    /// Makes the index path of `row` in `section`, section first as the text form reads.
    public init(_ section: Int, _ row: Int) {
        self.init(row: row, section: section)
    }

    /// Parses the `"S.R"` text form; `nil` for anything else (signs, spaces, extra parts).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let section = Self.parseIndex(parts[0]),
              let row = Self.parseIndex(parts[1]) else { return nil }
        self.init(row: row, section: section)
    }

    public var description: String { "\(section).\(row)" }

    public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// Digits only, at most 9 of them, so that no input can overflow or sneak in a sign.
    private static func parseIndex(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
