import Foundation

/// Finding a marker in a rendered page and putting something in its place, on UTF-8 bytes with
/// `memchr` and `memcmp`: pages run to tens of megabytes, where Foundation's string searching
/// takes seconds.
public enum TextSplice {
    /// The UTF-8 bytes of `text` between occurrences of `marker`.
    public static func parts(of text: String, separatedBy marker: String) -> [[UInt8]] {
        var text = text
        text.makeContiguousUTF8()
        let needle = Array(marker.utf8)
        return text.utf8.withContiguousStorageIfAvailable { bytes -> [[UInt8]] in
            var parts: [[UInt8]] = []
            var start = 0
            while let found = offset(of: needle, in: bytes, from: start) {
                parts.append(Array(bytes[start..<found]))
                start = found + needle.count
            }
            parts.append(Array(bytes[start...]))
            return parts
        } ?? [Array(text.utf8)]
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

    /// The text before and after the first `marker` in `text`, or `nil` when it has none.
    public static func split(_ text: Substring, at marker: String) -> (before: Substring, after: Substring)? {
        var text = text
        text.makeContiguousUTF8()
        let needle = Array(marker.utf8)
        guard let found = text.utf8.withContiguousStorageIfAvailable({ offset(of: needle, in: $0, from: 0) }) ?? nil else {
            return nil
        }
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

    /// Where `needle` first occurs in `bytes` at or after `start`.
    private static func offset(of needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = bytes.baseAddress, let first = needle.first else { return nil }
        var cursor = start
        while bytes.count - cursor >= needle.count,
              let found = memchr(base + cursor, Int32(first), bytes.count - cursor - needle.count + 1) {
            let offset = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            if memcmp(base + offset, needle, needle.count) == 0 { return offset }
            cursor = offset + 1
        }
        return nil
    }
}
