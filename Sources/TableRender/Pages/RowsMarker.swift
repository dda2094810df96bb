/// Stand-ins for the long parts of a table page while its templates render, and the one pass that
/// puts the page together. A marker is an HTML comment, which escaped data can never spell.
enum RowsMarker {
    static let content = "<!--tablestack:content-->"
    private static let rowsPrefix = "<!--tablestack:rows:"
    private static let suffix = "-->"

    /// The marker of section `number`'s rows.
    static func rows(_ number: Int) -> String { rowsPrefix + String(number) + suffix }

    /// `shell` with `content` in place of its content marker, and each section's rows in place of
    /// that section's marker inside `content`.
    static func assemble(_ shell: String, content: String, rows: [[String]]) -> String {
        var output = ""
        output.reserveCapacity(shell.utf8.count + content.utf8.count + rows.reduce(0) { $0 + $1.reduce(0) { $0 + $1.utf8.count } })
        let (before, after) = split(shell, at: Self.content) ?? (shell[...], ""[...])
        output += before
        var rest = content[...]
        while let (head, tail) = split(rest, at: rowsPrefix) {
            output += head
            guard let (digits, remainder) = split(tail, at: suffix), let number = Int(digits), rows.indices.contains(number) else {
                output += rowsPrefix
                rest = tail
                continue
            }
            for row in rows[number] { output += row }
            rest = remainder
        }
        output += rest
        output += after
        return output
    }

    /// The text before and after the first `marker` in `text` (an ASCII search over UTF-8).
    private static func split<Text: StringProtocol>(_ text: Text, at marker: String) -> (Substring, Substring)?
        where Text.SubSequence == Substring {
        let pattern = Array(marker.utf8)
        let bytes = text.utf8
        var index = bytes.startIndex
        while let start = bytes[index...].firstIndex(of: pattern[0]) {
            var end = start
            var matched = 0
            while matched < pattern.count, end != bytes.endIndex, bytes[end] == pattern[matched] {
                matched += 1
                end = bytes.index(after: end)
            }
            if matched == pattern.count { return (text[text.startIndex..<start], text[end...]) }
            index = bytes.index(after: start)
        }
        return nil
    }
}
