import Mustache

/// HTML escaping for every template: `&`, `<`, `>`, `"` and `'` become character references,
/// judged by Unicode scalar. Mustache's own escaping goes by `Character`, and a quote followed by a
/// combining mark is one Character that is not a quote: it passed through raw and could close
/// the attribute it stood in. Working on UTF-8 bytes is also much faster.
public struct HTMLEscaping: MustacheContentType {
    /// The name templates are registered under (`{{% CONTENT_TYPE: … }}`).
    static let name = "TABLESTACK_HTML"

    public func escapeText(_ text: String) -> String { Self.escape(text) }

    /// `text` with its markup characters as character references, for HTML and XML text and attributes.
    public static func escape(_ text: String) -> String {
        guard text.utf8.contains(where: needsEscaping) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        append(escaping: text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the UTF-8 of `text`, escaped as `escape` does, to `output`.
    static func append(escaping text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var plainStart = 0
            for (offset, byte) in bytes.enumerated() where needsEscaping(byte) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<offset]))
                switch byte {
                case UInt8(ascii: "&"): output += ampersand
                case UInt8(ascii: "<"): output += lessThan
                case UInt8(ascii: ">"): output += greaterThan
                case UInt8(ascii: "\""): output += quote
                default: output += apostrophe
                }
                plainStart = offset + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart...]))
        }
    }

    private static let ampersand = Array("&amp;".utf8), lessThan = Array("&lt;".utf8), greaterThan = Array("&gt;".utf8)
    private static let quote = Array("&quot;".utf8), apostrophe = Array("&#39;".utf8)

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'")
    }

    /// The line put before every template so that it renders with this escaping; a standalone
    /// tag, so it adds nothing to the output.
    static let pragma = "{{% CONTENT_TYPE: \(name) }}\n"

    /// Makes the escaping known to Mustache (once; registering again changes nothing).
    static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: name)
}
