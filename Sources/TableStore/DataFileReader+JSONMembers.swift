import Foundation

extension DataFileReader {
    /// The first member of a JSON object whose name an earlier member of the same object has:
    /// a decoder keeps one of the two without a word, and a value the file holds would be lost.
    /// Names are compared as decoded text (`"a"` and `"\u0061"` are one name). `data` is JSON
    /// that has been decoded already, so it is well formed. `earlier` is the spelling the
    /// object first had the name in.
    package static func repeatedMember(in data: Data) -> (line: Int, column: Int, name: String, earlier: String)? {
        let tokens = JSONTokens([UInt8](data))
        // For each open object, the names read so far and whether a name comes next; `nil` for an array.
        var open: [(names: NamesSeen, nameNext: Bool)?] = []
        let decoder = JSONDecoder()
        for token in tokens {
            switch token.kind {
            case .punctuation(UInt8(ascii: "{")): open.append((names: NamesSeen(), nameNext: true))
            case .punctuation(UInt8(ascii: "[")): open.append(nil)
            case .punctuation(UInt8(ascii: "}")), .punctuation(UInt8(ascii: "]")): _ = open.popLast()
            case .punctuation(UInt8(ascii: ",")): if case .some(.some) = open.last { open[open.count - 1]?.nameNext = true }
            case let .string(end, isEscaped):
                // A value is passed over, not decoded.
                guard case .some(.some(let object)) = open.last, object.nameNext else { continue }
                let text = name(tokens.bytes[token.start..<end], isEscaped: isEscaped, decoder: decoder)
                if let earlier = open[open.count - 1]!.names.add(text) { return (token.line, token.column, text, earlier) }
                open[open.count - 1]!.nameNext = false
            default: break
            }
        }
        return nil
    }

    /// The first comma with no member or element after it (`[1,]`, `{"a": 1,}`), which JSON
    /// does not allow and Foundation's decoder takes without a word: a file written that way is
    /// no JSON another program reads. `data` has been decoded already.
    package static func trailingComma(in data: Data) -> (line: Int, column: Int, closing: Character)? {
        var comma: JSONTokens.Token?
        for token in JSONTokens([UInt8](data)) {
            if case let .punctuation(byte) = token.kind, byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]"), let comma {
                return (comma.line, comma.column, Character(Unicode.Scalar(byte)))
            }
            comma = token.kind == .punctuation(UInt8(ascii: ",")) ? token : nil
        }
        return nil
    }

    /// The text of a member's name, `literal` with its quotes. One with an escape is decoded by
    /// the decoder that read the file, so two names compare as it compares them.
    private static func name(_ literal: ArraySlice<UInt8>, isEscaped: Bool, decoder: JSONDecoder) -> String {
        guard isEscaped else { return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self) }
        return (try? decoder.decode(String.self, from: Data(literal))) ?? String(decoding: literal.dropFirst().dropLast(), as: UTF8.self)
    }
}
