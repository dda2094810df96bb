import TableStore

/// How the export's own files (its state, its page records) keep text that may hold anything on
/// one line: a backslash, newline, tab and U+0001 (which parts a record's field) are written as
/// `\\`, `\n`, `\t` and `\1`.
enum LineEscaping {
    static func escape(_ text: String, into out: inout [UInt8]) {
        guard !out.appendIfPlain(text, needsEscape: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\t") || $0 == 1 }) else {
            return
        }
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 1: out += [UInt8(ascii: "\\"), UInt8(ascii: "1")]
            default: out.append(byte)
            }
        }
    }

    static func escape(_ text: String) -> String {
        var out: [UInt8] = []
        escape(text, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The text `bytes` hold, escapes undone; `nil` for an escape `escape` does not write (a file
    /// written by something else, or cut short).
    static func unescape(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> String? {
        unescape(UnsafeBufferPointer(rebasing: bytes))
    }

    /// The same, read from contiguous bytes: every field of the page records is read with it,
    /// and the generic reading of a slice goes a byte at a time.
    static func unescape(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.contains(byte: UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        var escaped = false
        for byte in bytes {
            if escaped {
                switch byte {
                case UInt8(ascii: "\\"): out.append(byte)
                case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "1"): out.append(1)
                default: return nil
                }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return escaped ? nil : String(decoding: out, as: UTF8.self)
    }
}
