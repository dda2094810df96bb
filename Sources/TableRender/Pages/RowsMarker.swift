/// Stand-ins for the long parts of a table page while its templates render, and the one pass that
/// puts the page together. A marker is an HTML comment, which escaped data can never spell.
enum RowsMarker {
    static let content = "<!--tablestack:content-->"
    private static let rowsPrefix = "<!--tablestack:rows:"
    private static let suffix = "-->"

    /// The marker of section `number`'s rows.
    static func rows(_ number: Int) -> String { rowsPrefix + String(number) + suffix }

    /// `shell` with `content` in place of its content marker, and each section's rows (their HTML
    /// one after another) in place of that section's marker inside `content`.
    static func assemble(_ shell: String, content: String, rows: [String]) -> String {
        var placed: [Range<Int>?]?
        return assemble(shell, content: content, rows: rows.map { $0[...] }, placing: &placed)
    }

    /// `assemble`, and, when `placed` is given, where each section's rows stand in the result:
    /// their UTF-8 offsets, or `nil` for a section whose marker stands other than once (none
    /// without rows, twice where an app's table template shows them twice).
    static func assemble(_ shell: String, content: String, rows: [Substring], placing placed: inout [Range<Int>?]?) -> String {
        var output = ""
        output.reserveCapacity(shell.utf8.count + content.utf8.count + rows.reduce(0) { $0 + $1.utf8.count })
        var ranges = Array(repeating: 0..<0, count: placed == nil ? 0 : rows.count)
        var times = Array(repeating: 0, count: ranges.count)
        let (before, after) = TextSplice.split(shell[...], at: Self.content) ?? (shell[...], ""[...])
        output += before
        var rest = content[...]
        while let (head, tail) = TextSplice.split(rest, at: rowsPrefix) {
            output += head
            guard let (digits, remainder) = TextSplice.split(tail, at: suffix), let number = Int(digits),
                  rows.indices.contains(number) else {
                output += rowsPrefix
                rest = tail
                continue
            }
            let start = output.utf8.count
            output += rows[number]
            if !ranges.isEmpty {
                ranges[number] = start..<output.utf8.count
                times[number] += 1
            }
            rest = remainder
        }
        output += rest
        output += after
        if placed != nil { placed = zip(ranges, times).map { $1 == 1 ? $0 : nil } }
        return output
    }
}
