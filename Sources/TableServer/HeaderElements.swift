/// Reading the comma-separated elements of `Accept`, `Accept-Encoding`, `Content-Encoding` and
/// `Connection` in place (RFC 9110, 5.6.1 and 12.4.2): each is a name, then `;` parameters, among them a weight `q` of 0 to 1
/// with up to three decimals. Names are compared without case.
enum HeaderElements {
    /// Calls `body` with the bounds of each element of `bytes` (commas split them).
    static func forEach(in bytes: UnsafeBufferPointer<UInt8>, _ body: (_ start: Int, _ end: Int) -> Void) {
        var start = 0
        while start <= bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
            body(start, end)
            start = end + 1
        }
    }

    /// Whether every element `header` lists is `word` (lower-case ASCII) alone, without regard to
    /// case and without parameters; a header that lists none is.
    static func namesOnly(_ word: StaticString, in header: String) -> Bool {
        var header = header
        return header.withUTF8 { bytes in
            var only = true
            forEach(in: bytes) { start, end in
                if let name = bareName(bytes, start, end), name.isEmpty || matches(bytes, name, word) { return }
                only = false
            }
            return only
        }
    }

    /// Whether one of the elements `header` lists is `word` (lower-case ASCII) alone, without
    /// regard to case and without parameters (`Connection: keep-alive, Close`).
    static func lists(_ word: StaticString, in header: String) -> Bool {
        var header = header
        return header.withUTF8 { bytes in
            var found = false
            forEach(in: bytes) { start, end in
                if let name = bareName(bytes, start, end), matches(bytes, name, word) { found = true }
            }
            return found
        }
    }

    /// The bounds of the name the element in `bytes[start..<end]` is, when nothing but spaces
    /// follows it (no parameters); `nil` otherwise.
    private static func bareName(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int>? {
        let name = name(bytes, start, end)
        var rest = name.upperBound
        while rest < end, isSpace(bytes[rest]) { rest += 1 }
        return rest == end ? name : nil
    }

    /// The bounds of the name an element in `bytes[start..<end]` begins with, without spaces.
    static func name(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Range<Int> {
        var nameStart = start
        while nameStart < end, isSpace(bytes[nameStart]) { nameStart += 1 }
        var nameEnd = nameStart
        while nameEnd < end, bytes[nameEnd] != UInt8(ascii: ";"), !isSpace(bytes[nameEnd]) { nameEnd += 1 }
        return nameStart..<nameEnd
    }

    /// Whether `bytes[range]` is `word` (lower-case ASCII), letters compared without case.
    static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        guard range.count == word.utf8CodeUnitCount else { return false }
        let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for offset in 0..<letters.count {
            let byte = bytes[range.lowerBound + offset]
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 != letters[offset] : byte != letters[offset] { return false }
        }
        return true
    }

    static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// The weight the parameters in `bytes[start..<end]` (after an element's name) give it, in
    /// thousandths: 1000 without `q`, and for a `q` that is not a number from 0 to 1.
    static func weight(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var index = start
        while index < end {
            guard bytes[index] == UInt8(ascii: "q") || bytes[index] == UInt8(ascii: "Q") else { index += 1; continue }
            // A `q` that starts a parameter: after `;` and any spaces.
            var before = index - 1
            while before >= start, isSpace(bytes[before]) { before -= 1 }
            var after = index + 1
            while after < end, isSpace(bytes[after]) { after += 1 }
            guard before >= start, bytes[before] == UInt8(ascii: ";"), after < end, bytes[after] == UInt8(ascii: "=") else { index += 1; continue }
            after += 1
            while after < end, isSpace(bytes[after]) { after += 1 }
            guard after < end, bytes[after] == UInt8(ascii: "0") || bytes[after] == UInt8(ascii: "1") else { return 1000 }
            var thousandths = bytes[after] == UInt8(ascii: "1") ? 1000 : 0
            after += 1
            if after < end, bytes[after] == UInt8(ascii: ".") {
                after += 1
                var scale = 100
                while after < end, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[after]) {
                    thousandths += Int(bytes[after] - UInt8(ascii: "0")) * scale
                    // Places past the third (which RFC 9110 does not allow) keep a weight above zero so.
                    if scale == 0, bytes[after] != UInt8(ascii: "0"), thousandths == 0 { thousandths = 1 }
                    scale /= 10
                    after += 1
                }
            }
            while after < end, isSpace(bytes[after]) { after += 1 }
            guard after == end || bytes[after] == UInt8(ascii: ";"), thousandths <= 1000 else { return 1000 }
            return thousandths
        }
        return 1000
    }
}
