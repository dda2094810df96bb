import Foundation

extension DataFileReader {
    /// The first value of JSON text that a parser refuses without saying where: a number beyond
    /// any floating-point number (`1e400`), or a string escape that is half of a UTF-16 surrogate
    /// pair (`"\ud800"`). Line and column count bytes from 1, as the parser's own places do.
    /// `nil` when the text has neither.
    static func unplacedProblem(in data: Data) -> (line: Int, column: Int, message: String)? {
        let tokens = JSONTokens([UInt8](data))
        for token in tokens {
            switch token.kind {
            case let .string(end, _):
                if let escape = loneSurrogate(in: tokens.bytes[token.start..<end]) {
                    let text = String(decoding: tokens.bytes[escape..<(escape + 6)], as: UTF8.self)
                    // A string holds no line break: the escape is on the literal's line.
                    return (token.line, token.column + escape - token.start,
                            "the escape \(text) is half of a UTF-16 surrogate pair, and its other half does not follow")
                }
            case let .number(end):
                let number = String(decoding: tokens.bytes[token.start..<end], as: UTF8.self)
                if let value = Double(number), !value.isFinite {
                    return (token.line, token.column, "the number \(number) is beyond the largest a number can be; put it in quotes to keep it as text")
                }
            case .punctuation, .literal: break
            }
        }
        return nil
    }

    /// Where, in a string literal with its quotes, a `\uXXXX` escape for a surrogate stands
    /// without its pair: a high one not followed by a low one, or a low one on its own.
    private static func loneSurrogate(in literal: ArraySlice<UInt8>) -> Int? {
        var index = literal.startIndex + 1
        var highAt: Int?
        while index < literal.endIndex - 1 {
            guard literal[index] == UInt8(ascii: "\\") else {
                if let high = highAt { return high }
                index += 1
                continue
            }
            guard index + 1 < literal.endIndex, literal[index + 1] == UInt8(ascii: "u"), index + 6 <= literal.endIndex,
                  let unit = UInt16(String(decoding: literal[(index + 2)..<(index + 6)], as: UTF8.self), radix: 16) else {
                if let high = highAt { return high }
                index += 2
                continue
            }
            switch unit {
            case 0xD800...0xDBFF:
                if let high = highAt { return high }
                highAt = index
            case 0xDC00...0xDFFF:
                guard highAt != nil else { return index }
                highAt = nil
            default:
                if let high = highAt { return high }
            }
            index += 6
        }
        return highAt
    }
}
