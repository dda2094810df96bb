import Glibc

/// A state file's lines read in place, as bytes: a state has a line for each page, four numbers
/// on each.
extension ExportState {
    /// What a state's line holds, named by its first word.
    enum LineKind {
        case inputs, problem, warning, page, file

        private static let words: [(word: StaticString, kind: LineKind)] = [
            ("page", .page), ("file", .file), ("inputs", .inputs), ("problem", .problem), ("warning", .warning),
        ]

        /// The kind `word` names; `nil` for any other word.
        init?(_ word: UnsafeBufferPointer<UInt8>) {
            guard let base = word.baseAddress, let found = Self.words.first(where: {
                $0.word.utf8CodeUnitCount == word.count && memcmp(base, $0.word.utf8Start, word.count) == 0
            }) else { return nil }
            self = found.kind
        }
    }

    /// The whole number in decimal digits at `index` of `bytes`, followed by a space; `index` is
    /// moved past the space.
    static func number(in bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Int64? {
        guard let (value, end) = digits(of: bytes, from: index), end < bytes.count else { return nil }
        index = end + 1
        return value
    }

    /// A whole number written in decimal digits, read without making a string.
    static func number(_ digits: UnsafeBufferPointer<UInt8>) -> Int64? {
        guard let (value, end) = Self.digits(of: digits, from: 0), end == digits.count else { return nil }
        return value
    }

    /// The value of the decimal digits from `start` to the first space or the end, and where they
    /// end; `nil` when there are none, another byte comes first, or the value passes `Int64.max`.
    private static func digits(of bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (value: Int64, end: Int)? {
        var value: Int64 = 0
        // A position of its own: an `inout` index would be written back at every digit.
        var position = start
        while position < bytes.count, bytes[position] != UInt8(ascii: " ") {
            let digit = bytes[position] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            // Eighteen digits always fit; past them, each step is checked.
            if position - start < 18 {
                value = value &* 10 &+ Int64(digit)
            } else {
                let (times10, overflowed) = value.multipliedReportingOverflow(by: 10)
                let (next, overflowedAgain) = times10.addingReportingOverflow(Int64(digit))
                guard !overflowed, !overflowedAgain else { return nil }
                value = next
            }
            position += 1
        }
        return position > start ? (value, position) : nil
    }
}
