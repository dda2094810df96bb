/// Lines and columns in a template, told from a walk over its UTF-8 bytes: a line ends at each
/// line feed (alone or after a carriage return, one character either way), and a column counts
/// characters from the start of its line, as an editor shows them.
struct TextPlace {
    private let text: String
    private(set) var line = 1
    private var lineStart: String.Index

    init(_ text: String) {
        self.text = text
        lineStart = text.startIndex
    }

    /// Takes in the byte at `index`; returns the place after it.
    mutating func pass(_ index: String.Index) -> String.Index {
        let next = text.utf8.index(after: index)
        if text.utf8[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = next
        }
        return next
    }

    /// The line and column of `index`, a place on the line the walk is on.
    func at(_ index: String.Index) -> (line: Int, column: Int) {
        let before = text.utf8[lineStart..<index]
        return (line, 1 + (before.allSatisfy { $0 < 0x80 } ? before.count : text[lineStart..<index].count))
    }
}

extension String.UTF8View {
    /// The first place from `index` on that holds `needle`: the standard library's generic
    /// `firstRange(of:)` on a slice of the view is several times slower on these short searches
    /// (callgrind), and the shipped templates are scanned at every start.
    func firstPlace(of needle: String.UTF8View, from index: Index) -> Range<Index>? {
        guard let first = needle.first else { return index..<index }
        var start = index
        while let found = self[start...].firstIndex(of: first) {
            if self[found...].starts(with: needle) { return found..<self.index(found, offsetBy: needle.count) }
            start = self.index(after: found)
        }
        return nil
    }
}
