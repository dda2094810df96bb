/// JSON written by hand where an encoder would cost more than the data (the export's manifest,
/// the dump of a whole database, a page's JSON twin): the one place a string literal is escaped,
/// and where text escaped here is read back in place.
public enum JSONText {
    /// Appends `text` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// and `/` as `\/` with `escapingSlashes` (as `JSONEncoder` writes it). With `namingFeeds`,
    /// backspace and form feed are written `\b` and `\f`, as `JSONEncoder` writes them; without,
    /// `\u0008` and `\u000c` (what the manifest, the stored attributes and the dumps have held).
    public static func append(string text: String, to out: inout [UInt8], escapingSlashes: Bool = false, namingFeeds: Bool = false) {
        out.append(UInt8(ascii: "\""))
        // Without `escapingSlashes`, a quote stands in: it is escaped anyway.
        let slash: UInt8 = escapingSlashes ? UInt8(ascii: "/") : UInt8(ascii: "\"")
        guard !out.appendIfPlain(text, needsEscape: { needsEscape($0) || $0 == slash }) else {
            out.append(UInt8(ascii: "\""))
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), slash:
                out.append(UInt8(ascii: "\\"))
                out.append(byte)
            case UInt8(ascii: "\n"): out.append(contentsOf: #"\n"#.utf8)
            case UInt8(ascii: "\r"): out.append(contentsOf: #"\r"#.utf8)
            case UInt8(ascii: "\t"): out.append(contentsOf: #"\t"#.utf8)
            case 0x08 where namingFeeds: out.append(contentsOf: #"\b"#.utf8)
            case 0x0C where namingFeeds: out.append(contentsOf: #"\f"#.utf8)
            case 0..<0x20:
                out.append(contentsOf: #"\u00"#.utf8)
                out.append(hexDigits[Int(byte >> 4)])
                out.append(hexDigits[Int(byte & 0xF)])
            default:
                out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }

    /// Whether `append` escapes `byte` (slashes aside).
    @inlinable
    public static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// Where the escape starting at `start` (a backslash) of `text` ends, when it is one `append`
    /// writes without `escapingSlashes` or `namingFeeds`: `\"`, `\\`, `\n`, `\r`, `\t`, or
    /// `\u00xx` (lowercase) for another control character; `nil` for anything else.
    public static func escapeEnd(in text: UnsafeBufferPointer<UInt8>, at start: Int) -> Int? {
        escaped(in: text, at: start)?.end
    }

    /// The content of a string literal `append` wrote (without `escapingSlashes` or
    /// `namingFeeds`), between its quotes, as text; `nil` when it holds an escape `append` does
    /// not write that way.
    public static func unescaped(_ content: UnsafeBufferPointer<UInt8>) -> String? {
        guard content.contains(UInt8(ascii: "\\")) else { return String(decoding: content, as: UTF8.self) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(content.count)
        var at = 0
        while at < content.count {
            guard content[at] == UInt8(ascii: "\\") else {
                bytes.append(content[at])
                at += 1
                continue
            }
            guard let escape = escaped(in: content, at: at) else { return nil }
            bytes.append(escape.byte)
            at = escape.end
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The byte the escape at `start` stands for and where it ends.
    private static func escaped(in text: UnsafeBufferPointer<UInt8>, at start: Int) -> (byte: UInt8, end: Int)? {
        guard start + 1 < text.count else { return nil }
        switch text[start + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): return (text[start + 1], start + 2)
        case UInt8(ascii: "n"): return (0x0A, start + 2)
        case UInt8(ascii: "r"): return (0x0D, start + 2)
        case UInt8(ascii: "t"): return (0x09, start + 2)
        case UInt8(ascii: "u"):
            guard start + 5 < text.count, text[start + 2] == UInt8(ascii: "0"), text[start + 3] == UInt8(ascii: "0"),
                  let high = hexValue(text[start + 4]), let low = hexValue(text[start + 5]) else { return nil }
            let byte = high << 4 | low
            guard byte < 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D else { return nil }
            return (byte, start + 6)
        default:
            return nil
        }
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
