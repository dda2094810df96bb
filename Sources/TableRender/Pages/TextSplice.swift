import Foundation

/// Finding a marker in a rendered page and putting something in its place, on UTF-8 bytes with
/// `memchr` and `memcmp`: pages run to tens of megabytes, where Foundation's string searching
/// takes seconds.
public enum TextSplice {
    /// The UTF-8 bytes of `text` between occurrences of `marker`.
    public static func parts(of text: String, separatedBy marker: String) -> [[UInt8]] {
        withParts(of: text, separatedBy: marker) { $0.map(Array.init) }
    }

    /// Hands `body` the UTF-8 bytes of `text` between occurrences of `marker`, in place: a
    /// caller that copies them into buffers of its own copies a long page once, not twice.
    public static func withParts<Result>(of text: String, separatedBy marker: String,
                                         _ body: ([UnsafeBufferPointer<UInt8>]) throws -> Result) rethrows -> Result {
        var text = text
        text.makeContiguousUTF8()
        let needle = Array(marker.utf8)
        // A native string is contiguous once made so; the fallback only satisfies the type.
        return try text.utf8.withContiguousStorageIfAvailable { bytes -> Result in
            var parts: [UnsafeBufferPointer<UInt8>] = []
            var start = 0
            forEachOccurrence(of: needle, in: bytes) { found in
                parts.append(UnsafeBufferPointer(rebasing: bytes[start..<found]))
                start = found + needle.count
                return true
            }
            parts.append(UnsafeBufferPointer(rebasing: bytes[start...]))
            return try body(parts)
        } ?? Array(text.utf8).withUnsafeBufferPointer { try body([$0]) }
    }

    /// The UTF-8 bytes of `text` with `replacement` wherever `marker` was.
    public static func bytes(of text: String, replacing marker: String, with replacement: String) -> [UInt8] {
        let parts = parts(of: text, separatedBy: marker)
        let inserted = Array(replacement.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(parts.reduce(0) { $0 + $1.count } + inserted.count * (parts.count - 1))
        for (index, part) in parts.enumerated() {
            if index > 0 { output += inserted }
            output += part
        }
        return output
    }

    /// The part of `text` between two UTF-8 offsets that fall on character boundaries, sharing
    /// its storage.
    public static func slice(_ text: String, utf8 range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        return text[start..<utf8.index(start, offsetBy: range.count)]
    }

    /// The text before and after the first `marker` in `text`, or `nil` when it has none.
    public static func split(_ text: Substring, at marker: String) -> (before: Substring, after: Substring)? {
        var text = text
        text.makeContiguousUTF8()
        let needle = Array(marker.utf8)
        let first = text.utf8.withContiguousStorageIfAvailable { bytes -> Int? in
            var first: Int?
            forEachOccurrence(of: needle, in: bytes) { found in
                first = found
                return false
            }
            return first
        }
        guard let found = first ?? nil else { return nil }
        let utf8 = text.utf8
        let start = utf8.index(utf8.startIndex, offsetBy: found)
        let end = utf8.index(start, offsetBy: needle.count)
        return (text[..<start], text[end...])
    }

    /// Whether `needle` occurs in `text`, byte for byte (Foundation's `contains` costs a
    /// microsecond where this costs nanoseconds).
    public static func contains(_ text: String, _ needle: String) -> Bool {
        split(Substring(text), at: needle) != nil
    }

    /// Calls `found` with each place `needle` occurs in `bytes`, in order and not overlapping,
    /// until it returns `false`. Found as Horspool does: the byte under the needle's end says how
    /// far it can move on. Looking for the needle's first byte with `memchr` stopped at every "t"
    /// of a page for the form token's placeholder and compared there, which was a fifth of serving
    /// a long page. The table of moves is made once per search, on the stack: a search of a short
    /// header costs no allocation, and one of a page with many tokens makes it once.
    private static func forEachOccurrence(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, _ found: (Int) -> Bool) {
        let length = needle.count
        guard length > 0, let base = bytes.baseAddress, bytes.count >= length else { return }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 256) { shift in
            shift.initialize(repeating: length)
            for (index, byte) in needle.dropLast().enumerated() { shift[Int(byte)] = length - 1 - index }
            let last = needle[length - 1]
            needle.withUnsafeBufferPointer { needle in
                var cursor = 0
                while cursor <= bytes.count - length {
                    let byte = base[cursor + length - 1]
                    if byte == last, memcmp(base + cursor, needle.baseAddress!, length - 1) == 0 {
                        guard found(cursor) else { return }
                        cursor += length
                    } else {
                        cursor += shift[Int(byte)]
                    }
                }
            }
        }
    }
}
