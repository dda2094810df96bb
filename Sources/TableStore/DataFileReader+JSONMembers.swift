import Foundation

extension DataFileReader {
    /// The first member of a JSON object whose name an earlier member of the same object has:
    /// a decoder keeps one of the two without a word, and a value the file holds would be lost.
    /// Names are compared as decoded text (`"a"` and `"\u0061"` are one name). `data` is JSON
    /// that has been decoded already, so it is well formed. `earlier` is the spelling the
    /// object first had the name in.
    package static func repeatedMember(in data: Data) -> (line: Int, column: Int, name: String, earlier: String)? {
        let bytes = [UInt8](data)
        // For each open object, the names read so far and whether a name comes next; `nil` for an array.
        var open: [(names: NamesSeen, nameNext: Bool)?] = []
        var index = 0, line = 1, lineStart = 0
        let decoder = JSONDecoder()
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"): open.append((names: NamesSeen(), nameNext: true))
            case UInt8(ascii: "["): open.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = open.popLast()
            case UInt8(ascii: ","): if case .some(.some) = open.last { open[open.count - 1]?.nameNext = true }
            case UInt8(ascii: "\n"): line += 1; lineStart = index + 1
            case UInt8(ascii: "\""):
                let literal = literalEnd(bytes, from: index)
                guard case .some(.some(let object)) = open.last, object.nameNext else {
                    // A value: passed over, not decoded.
                    index = literal.end
                    continue
                }
                let text = name(bytes[index..<literal.end], isEscaped: literal.isEscaped, decoder: decoder)
                // Counted in bytes, as the decoder's own errors are placed.
                if let earlier = open[open.count - 1]!.names.add(text) { return (line, index - lineStart + 1, text, earlier) }
                open[open.count - 1]!.nameNext = false
                index = literal.end
                continue
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The index after the string literal whose opening quote is at `start`, and whether it
    /// holds an escape.
    static func literalEnd(_ bytes: [UInt8], from start: Int) -> (end: Int, isEscaped: Bool) {
        var index = start + 1, isEscaped = false
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                isEscaped = true
                index += 1
            }
            index += 1
        }
        return (min(index + 1, bytes.count), isEscaped)
    }

    /// The text of a member's name, `literal` with its quotes. One with an escape is decoded by
    /// the decoder that read the file, so two names compare as it compares them.
    private static func name(_ literal: ArraySlice<UInt8>, isEscaped: Bool, decoder: JSONDecoder) -> String {
        guard isEscaped else { return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self) }
        return (try? decoder.decode(String.self, from: Data(literal))) ?? String(decoding: literal.dropFirst().dropLast(), as: UTF8.self)
    }
}
