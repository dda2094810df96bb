import Glibc

/// The lines and fields of the export's own files (its state and page records run to megabytes),
/// found with `memchr`, many bytes a step; a generic search looks at them one at a time.
extension UnsafeBufferPointer<UInt8> {
    /// Where the first `byte` in `range` (within the buffer) is; `range.upperBound` when none is.
    func index(of byte: UInt8, in range: Range<Int>) -> Int {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "a range outside the buffer")
        guard let base = baseAddress, !range.isEmpty,
              let found = memchr(base + range.lowerBound, Int32(byte), range.count) else { return range.upperBound }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `byte` is among these bytes.
    func contains(byte: UInt8) -> Bool {
        index(of: byte, in: 0..<count) < count
    }

    /// Where the first newline at or after `start` is; `count` when there is none.
    func endOfLine(from start: Int) -> Int {
        index(of: UInt8(ascii: "\n"), in: Swift.min(start, count)..<count)
    }

    /// The lines, parted at each newline as `split(separator:omittingEmptySubsequences: false)`
    /// parts them: the last is what follows the last newline (empty when the bytes end in one).
    func lines() -> [Slice<Self>] {
        var lines: [Slice<Self>] = []
        var start = 0
        while true {
            let end = endOfLine(from: start)
            lines.append(self[start..<end])
            if end == count { return lines }
            start = end + 1
        }
    }
}
