import Foundation

extension DataFileReader {
    /// The first member of a JSON object whose name an earlier member of the same object has:
    /// a decoder keeps one of the two without a word, and a value the file holds would be lost.
    /// Names are compared as decoded text (`"a"` and `"\u0061"` are one name). `data` is JSON
    /// that has been decoded already, so it is well formed.
    static func repeatedMember(in data: Data) -> (line: Int, column: Int, name: String)? {
        let bytes = [UInt8](data)
        // For each open object, the names read so far and whether a name comes next; `nil` for an array.
        var open: [(names: Set<String>, nameNext: Bool)?] = []
        var index = 0, line = 1, lineStart = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "{"): open.append((names: [], nameNext: true))
            case UInt8(ascii: "["): open.append(nil)
            case UInt8(ascii: "}"), UInt8(ascii: "]"): _ = open.popLast()
            case UInt8(ascii: ","): if case .some(.some) = open.last { open[open.count - 1]?.nameNext = true }
            case UInt8(ascii: "\n"): line += 1; lineStart = index + 1
            case UInt8(ascii: "\""):
                guard case .some(.some(let object)) = open.last, object.nameNext else {
                    // A value: passed over, not decoded.
                    index += 1
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1 }
                    break
                }
                let (text, end) = jsonString(bytes, from: index)
                // Counted in bytes, as the decoder's own errors are placed.
                guard open[open.count - 1]!.names.insert(text).inserted else { return (line, index - lineStart + 1, text) }
                open[open.count - 1]!.nameNext = false
                index = end
                continue
            default: break
            }
            index += 1
        }
        return nil
    }

    /// The string literal starting at the quote at `start`: its text, and the index after its
    /// closing quote. A literal with escapes is decoded by the decoder that read the file, so two
    /// names compare as it compares them.
    private static func jsonString(_ bytes: [UInt8], from start: Int) -> (text: String, end: Int) {
        var index = start + 1, isEscaped = false
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
            if bytes[index] == UInt8(ascii: "\\") {
                isEscaped = true
                index += 1
            }
            index += 1
        }
        let end = min(index + 1, bytes.count)
        guard isEscaped else { return (String(decoding: bytes[(start + 1)..<min(index, bytes.count)], as: UTF8.self), end) }
        let literal = Data(bytes[start..<end])
        return ((try? JSONDecoder().decode(String.self, from: literal)) ?? String(decoding: literal, as: UTF8.self), end)
    }
}
