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
        var output = ""
        output.reserveCapacity(shell.utf8.count + content.utf8.count + rows.reduce(0) { $0 + $1.utf8.count })
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
            output += rows[number]
            rest = remainder
        }
        output += rest
        output += after
        return output
    }
}
