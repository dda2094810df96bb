/// A section's rendered rows as one text, each row's HTML right after the one before, with
/// where each ends. One text rather than a string a row: a page is put together with one copy
/// a section, and rows kept from the last render are copied over in runs, where a string a row
/// cost a reference count (and, over a long list, a cache miss) for every row, every view.
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

    var count: Int { ends.count }

    /// The UTF-8 offsets of row `index`'s HTML in `text`.
    func range(of index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

    /// Row `index`'s HTML, sharing the text's storage.
    func row(_ index: Int) -> Substring { Self.slice(text, range(of: index)) }

    /// Adds a row rendered now.
    mutating func append(_ html: String) {
        text += html
        ends.append(text.utf8.count)
    }

    /// Adds rows `rows` of `other` (consecutive), copied in one go.
    mutating func append(rowsOf rows: Range<Int>, of other: RenderedRows) {
        guard !rows.isEmpty else { return }
        let start = text.utf8.count - other.range(of: rows.lowerBound).lowerBound
        text += Self.slice(other.text, other.range(of: rows.lowerBound).lowerBound..<other.ends[rows.upperBound - 1])
        ends += other.ends[rows].lazy.map { $0 + start }
    }

    /// The part of `text` between two UTF-8 offsets that fall on row boundaries.
    private static func slice(_ text: String, _ range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return text[start..<utf8.index(start, offsetBy: range.count)]
    }
}
