import Foundation

/// The tokens of JSON text in one pass over its bytes, each with its place (line and column
/// counted in bytes from 1, as the decoder's own errors are placed): the checks that look for
/// what a decoder keeps quiet about (a repeated member, a number beyond any number, half a
/// surrogate pair) read the text through it. White space is passed over; the text is expected
/// to be JSON a decoder has read.
struct JSONTokens: Sequence, IteratorProtocol {
    enum Kind: Equatable {
        /// `{`, `}`, `[`, `]`, `,` or `:`.
        case punctuation(UInt8)
        /// A string literal from its opening quote to `end` (after its closing quote).
        case string(end: Int, isEscaped: Bool)
        /// A number from its first byte to `end`.
        case number(end: Int)
        /// `true`, `false` or `null`, from its first letter to `end`.
        case literal(end: Int)
    }

    struct Token {
        var kind: Kind
        var start: Int
        var line: Int
        var column: Int
    }

    let bytes: [UInt8]
    private var index = 0, line = 1, lineStart = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Token? {
        while index < bytes.count {
            let start = index, byte = bytes[index]
            func token(_ kind: Kind, end: Int) -> Token {
                index = end
                return Token(kind: kind, start: start, line: line, column: start - lineStart + 1)
            }
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                lineStart = index + 1
                index += 1
            case UInt8(ascii: "\""):
                let literal = Self.literalEnd(bytes, from: start)
                return token(.string(end: literal.end, isEscaped: literal.isEscaped), end: literal.end)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var end = start
                while end < bytes.count, !Self.endsNumber(bytes[end]) { end += 1 }
                return token(.number(end: end), end: end)
            case UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: ","), UInt8(ascii: ":"):
                return token(.punctuation(byte), end: start + 1)
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                var end = start
                while end < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[end]) { end += 1 }
                return token(.literal(end: end), end: end)
            default:
                index += 1
            }
        }
        return nil
    }

    /// The index after the string literal whose opening quote is at `start`, and whether it
    /// holds an escape.
    private static func literalEnd(_ bytes: [UInt8], from start: Int) -> (end: Int, isEscaped: Bool) {
        var index = start + 1, isEscaped = false
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                isEscaped = true
                index += 1
            }
            index += 1
        }
        return (Swift.min(index + 1, bytes.count), isEscaped)
    }

    private static func endsNumber(_ byte: UInt8) -> Bool {
        [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(byte)
    }
}
