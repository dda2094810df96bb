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
        let line = before.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
        let column = before.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.count + 1 } ?? 1
        return (line, column)
    }
}
