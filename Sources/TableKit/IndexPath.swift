import Foundation

/// Rows are addressed with Foundation's `IndexPath`, as UIKit does: TableKit adds the same
/// `section` and `row` accessors UIKit's NSIndexPath additions provide, and the `"S.R"` text form
/// the markup contract uses in `data-index-path`.
///
/// Index paths order section first, then row, as a table view lists them from top to bottom.
extension IndexPath {
    /// Makes the index path of `row` in `section`.
    public init(row: Int, section: Int) {
        self.init(section, row)
    }

    /// Makes the index path of `row` in `section`, section first as the text form reads.
    public init(_ section: Int, _ row: Int) {
        // One index, then the other: an index path of two keeps them in place, and made from an
        // array literal it allocated the array first (a snapshot makes one for every row).
        self.init(index: section)
        append(row)
    }

    /// Parses the `"S.R"` text form; `nil` for anything else (signs, spaces, extra parts).
    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let section = Self.parseIndex(parts[0]),
              let row = Self.parseIndex(parts[1]) else { return nil }
        self.init(section, row)
    }

    /// The section, 0 at the top of the table (0 for an index path that has no indexes).
    public var section: Int {
        get { count > 0 ? self[0] : 0 }
        set { self = IndexPath(newValue, row) }
    }

    /// The row inside `section`, 0 at the top of the section (0 for a path of fewer than two indexes).
    public var row: Int {
        get { count > 1 ? self[1] : 0 }
        set { self = IndexPath(section, newValue) }
    }

    /// The `"S.R"` text form, as in `data-index-path="2.5"`. Written digit by digit into a small
    /// string, with no allocation: every row of a page has one.
    public var textForm: String {
        let section = section, row = row
        guard section >= 0, row >= 0 else { return "\(section).\(row)" }
        let sectionDigits = DecimalDigits.count(section), length = sectionDigits + 1 + DecimalDigits.count(row)
        return String(unsafeUninitializedCapacity: length) { text in
            _ = DecimalDigits.write(section, into: text, endingAt: sectionDigits)
            text[sectionDigits] = UInt8(ascii: ".")
            _ = DecimalDigits.write(row, into: text, endingAt: length)
            return length
        }
    }

    /// Digits only, at most 9 of them and no leading zero, so that no input can overflow, sneak
    /// in a sign, or name one row two ways (`01` for `1`).
    private static func parseIndex(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 9, text.allSatisfy({ $0.isASCII && $0.isNumber }),
              text.count == 1 || text.first != "0" else { return nil }
        return Int(text)
    }
}
