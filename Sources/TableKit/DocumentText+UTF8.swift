extension DocumentText {
    /// Where `bytes` stop being UTF-8 (line and column from 1, counting characters), for a
    /// message that points there; `nil` when they are UTF-8 throughout.
    public static func firstInvalidUTF8(in bytes: some Collection<UInt8>) -> (line: Int, column: Int)? {
        guard String(validating: bytes, as: UTF8.self) == nil else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        return place(after: text.prefix { $0 != "\u{FFFD}" })
    }

    /// The line and column (from 1, counting characters) at which the text after `before` begins.
    public static func place(after before: Substring) -> (line: Int, column: Int) {
        let lines = before.split(omittingEmptySubsequences: false, whereSeparator: isLineBreak)
        return (lines.count, (lines.last?.count ?? 0) + 1)
    }

    /// Whether a character ends a line: a line feed, or a carriage return and line feed, which
    /// Swift takes as one character.
    public static func isLineBreak(_ character: Character) -> Bool { character == "\n" || character == "\r\n" }
}
