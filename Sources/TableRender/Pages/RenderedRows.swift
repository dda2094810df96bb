/// A section's rendered rows as one text, each row's HTML right after the one before, with
/// where each ends. One text rather than a string a row: a page is put together with one copy a
/// section, and the rows kept from the last render are copied over in runs, with no reference
/// count (and, over a long list, no cache miss) a row.
struct RenderedRows: Sendable {
    /// The rows' HTML, one after another.
    private(set) var text = ""
    /// For each row, the UTF-8 offset in `text` where its HTML ends.
    private(set) var ends: [Int] = []

    /// Room for `capacity` rows of `bytes` bytes in all.
    init(capacity: Int = 0, bytes: Int = 0) {
        ends.reserveCapacity(capacity)
        text.reserveCapacity(bytes)
    }

    /// The rows `html`, in order, in a text of exactly their size.
    init(_ html: some Collection<String>) {
        self.init(capacity: html.count, bytes: html.reduce(0) { $0 + $1.utf8.count })
        for row in html { append(row) }
    }

    var count: Int { ends.count }
    var isEmpty: Bool { ends.isEmpty }

    /// The UTF-8 offsets in `text` of the HTML of rows `rows` (consecutive); empty for none.
    func bytes(ofRows rows: Range<Int>) -> Range<Int> {
        guard !rows.isEmpty else { return 0..<0 }
        return (rows.lowerBound == 0 ? 0 : ends[rows.lowerBound - 1])..<ends[rows.upperBound - 1]
    }

    /// Row `index`'s HTML, sharing the text's storage.
    func row(_ index: Int) -> Substring { TextSplice.slice(text, utf8: bytes(ofRows: index..<(index + 1))) }

    /// Adds a row rendered now.
    mutating func append(_ html: String) {
        text += html
        ends.append(text.utf8.count)
    }

    /// Adds rows `rows` (consecutive) of `other`, copied in one go.
    mutating func append(rows: Range<Int>, from other: RenderedRows) {
        guard !rows.isEmpty else { return }
        let source = other.bytes(ofRows: rows)
        let shift = text.utf8.count - source.lowerBound
        text += TextSplice.slice(other.text, utf8: source)
        ends += other.ends[rows].lazy.map { $0 + shift }
    }
}
