/// Reads the JSON an item's attributes are stored as — one object of strings, numbers and truth
/// values — without JSONDecoder, which cost ~6 µs an item (a 10,000-row list spent 60 ms in it).
///
/// It reads only that shape, strictly by the JSON grammar, and answers `nil` for anything else
/// (null, arrays, nested objects, a repeated key, a lone surrogate, a number Double cannot
/// hold): `AttributeCoding.decode` then asks JSONDecoder, which decides. Tests compare the two
/// on random and hand-made texts.
enum AttributeJSON {
    static func decode(_ text: String) -> [String: AttributeValue]? {
        var text = text
        return text.withUTF8 { bytes in
            var reader = Reader(bytes: bytes)
            return reader.object()
        }
    }

    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var i = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        var current: UInt8 { i < bytes.count ? bytes[i] : 0 }

        mutating func skipSpace() {
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D || bytes[i] == 0x09 { i += 1 }
        }

        mutating func object() -> [String: AttributeValue]? {
            skipSpace()
            guard current == UInt8(ascii: "{") else { return nil }
            i += 1
            // Room for three from the start (four buckets, as two grow to): most items have a few
            // attributes, and growing from none took two reallocations an item.
            var result: [String: AttributeValue] = Dictionary(minimumCapacity: 3)
            skipSpace()
            if current == UInt8(ascii: "}") {
                i += 1
            } else {
                while true {
                    skipSpace()
                    guard let key = string() else { return nil }
                    skipSpace()
                    guard current == UInt8(ascii: ":") else { return nil }
                    i += 1
                    skipSpace()
                    guard let value = value(), result.updateValue(value, forKey: key) == nil else { return nil }
                    skipSpace()
                    if current == UInt8(ascii: ",") {
                        i += 1
                    } else if current == UInt8(ascii: "}") {
                        i += 1
                        break
                    } else {
                        return nil
                    }
                }
            }
            skipSpace()
            return i == bytes.count ? result : nil
        }

        mutating func value() -> AttributeValue? {
            switch current {
            case UInt8(ascii: "\""): return string().map(AttributeValue.string)
            case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
            default: return number().map(AttributeValue.number)
            }
        }

        mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard i + count <= bytes.count else { return false }
            for k in 0..<count where bytes[i + k] != word.utf8Start[k] { return false }
            i += count
            return true
        }

        /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, as a finite Double.
        mutating func number() -> Double? {
            let start = i
            func digits() -> Int {
                let from = i
                while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
                return i - from
            }
            let isNegative = current == UInt8(ascii: "-")
            if isNegative { i += 1 }
            let integerStart = i
            if current == UInt8(ascii: "0") {
                i += 1
            } else {
                guard digits() > 0 else { return nil }
            }
            // A whole number of up to 15 digits (most stored numbers) is exactly its Double:
            // worked out from its digits, without a string for `Double(_:)` to parse.
            if i - integerStart <= 15, current != UInt8(ascii: "."), current != UInt8(ascii: "e"), current != UInt8(ascii: "E") {
                var value = 0
                for index in integerStart..<i { value = value * 10 + Int(bytes[index] - 0x30) }
                return isNegative ? -Double(value) : Double(value)
            }
            if current == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { return nil }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                i += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { return nil }
            }
            guard let number = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)),
                  number.isFinite else { return nil }
            return number
        }

        mutating func string() -> String? {
            guard current == UInt8(ascii: "\"") else { return nil }
            i += 1
            let start = i
            // Most strings have no escapes: one copy of the bytes between the quotes.
            while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\"), bytes[i] >= 0x20 { i += 1 }
            if current == UInt8(ascii: "\"") {
                defer { i += 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
            }
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self).unicodeScalars)
            var plainStart = i
            func flushPlain() {
                if plainStart < i {
                    scalars.append(contentsOf: String(decoding: UnsafeBufferPointer(rebasing: bytes[plainStart..<i]), as: UTF8.self).unicodeScalars)
                }
            }
            while true {
                guard i < bytes.count, bytes[i] >= 0x20 else { return nil }
                switch bytes[i] {
                case UInt8(ascii: "\""):
                    flushPlain()
                    i += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    flushPlain()
                    i += 1
                    guard let scalar = escape() else { return nil }
                    scalars.append(scalar)
                    plainStart = i
                default:
                    i += 1
                }
            }
        }

        /// The character after a backslash (`i` on it).
        mutating func escape() -> Unicode.Scalar? {
            let c = current
            i += 1
            switch c {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                guard let first = hex4() else { return nil }
                if (0xD800..<0xDC00).contains(first) {
                    guard current == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") else { return nil }
                    i += 2
                    guard let second = hex4(), (0xDC00..<0xE000).contains(second) else { return nil }
                    return Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
                }
                return Unicode.Scalar(first)
            default:
                return nil
            }
        }

        mutating func hex4() -> UInt32? {
            guard i + 4 <= bytes.count else { return nil }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let c = bytes[i]
                let digit: UInt32
                switch c {
                case 0x30...0x39: digit = UInt32(c - 0x30)
                case 0x41...0x46: digit = UInt32(c - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(c - 0x61 + 10)
                default: return nil
                }
                value = value << 4 | digit
                i += 1
            }
            return value
        }
    }
}
