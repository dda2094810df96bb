/// The one question the server asks of `Accept-Encoding` (RFC 9110, 12.5.3): may the body be
/// gzipped? Codings are named case-insensitively (`x-gzip` is gzip's old name), `q=0` refuses
/// one, and `*` stands for every coding the header does not name. Read in place: every page
/// asks it.
enum AcceptEncoding {
    static func acceptsGzip(_ header: String) -> Bool {
        var header = header
        return header.withUTF8 { bytes in
            var gzip: Bool?
            var any: Bool?
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
                let (name, accepted) = coding(bytes, start, end)
                switch name {
                case .gzip: gzip = gzip.map { $0 || accepted } ?? accepted
                case .any: any = any.map { $0 || accepted } ?? accepted
                case .other: break
                }
                start = end + 1
            }
            return gzip ?? any ?? false
        }
    }

    private enum Name { case gzip, any, other }

    /// The coding named in `bytes[start..<end]` and whether its weight lets it be used.
    private static func coding(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Name, Bool) {
        var nameStart = start
        while nameStart < end, isSpace(bytes[nameStart]) { nameStart += 1 }
        var nameEnd = nameStart
        while nameEnd < end, bytes[nameEnd] != UInt8(ascii: ";"), !isSpace(bytes[nameEnd]) { nameEnd += 1 }
        let name: Name
        if matches(bytes, nameStart, nameEnd, "gzip") || matches(bytes, nameStart, nameEnd, "x-gzip") {
            name = .gzip
        } else if nameEnd - nameStart == 1, bytes[nameStart] == UInt8(ascii: "*") {
            name = .any
        } else {
            return (.other, false)
        }
        return (name, !hasZeroWeight(bytes, nameEnd, end))
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ word: StaticString) -> Bool {
        guard end - start == word.utf8CodeUnitCount else { return false }
        let letters = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for offset in 0..<letters.count {
            let byte = bytes[start + offset]
            // Letters compared without case; anything else as it is.
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 != letters[offset] : byte != letters[offset] { return false }
        }
        return true
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// Whether the parameters after a coding's name give it `q=0` (`0`, `0.`, `0.0`, `0.00`, `0.000`).
    private static func hasZeroWeight(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
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
            guard after < end, bytes[after] == UInt8(ascii: "0") else { return false }
            after += 1
            if after < end, bytes[after] == UInt8(ascii: ".") {
                after += 1
                while after < end, bytes[after] == UInt8(ascii: "0") { after += 1 }
            }
            while after < end, isSpace(bytes[after]) { after += 1 }
            return after == end || bytes[after] == UInt8(ascii: ";")
        }
        return false
    }
}
