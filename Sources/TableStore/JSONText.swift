/// JSON written by hand where an encoder would cost more than the data (the export's manifest,
/// the dump of a whole database): the one place a string literal is escaped.
public enum JSONText {
    /// Appends `text` as a JSON string literal: quotes, backslashes and control characters escaped,
    /// and `/` as `\/` with `escapingSlashes` (as `JSONEncoder` writes it).
    public static func append(string text: String, to out: inout [UInt8], escapingSlashes: Bool = false) {
        out.append(UInt8(ascii: "\""))
        // Without `escapingSlashes`, a quote stands in: it is escaped anyway.
        let slash: UInt8 = escapingSlashes ? UInt8(ascii: "/") : UInt8(ascii: "\"")
        guard !out.appendIfPlain(text, needsEscape: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == slash }) else {
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

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
