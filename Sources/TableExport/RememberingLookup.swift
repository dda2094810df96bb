/// A table of pages by file, looked up through the last lookup: the links of many pages in a
/// row lead to one page (each detail page's link back to its list), and looking it up each time
/// would hash its name again.
struct RememberingLookup {
    private let table: [String: Int]
    private var last: (file: String, value: Int?)?

    init(_ table: [String: Int]) {
        self.table = table
    }

    /// The table's value for `file`.
    mutating func value(for file: String) -> Int? {
        if let last, last.file == file { return last.value }
        let value = table[file]
        last = (file, value)
        return value
    }
}
