import Mustache
import TableKit

/// HTML escaping for every template: `&`, `<`, `>`, `"` and `'` become character references,
/// judged by Unicode scalar, and characters a page cannot carry become U+FFFD. Mustache's own escaping goes by `Character`, and a quote followed by a
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
        escaping(text) { output.append(contentsOf: $0) }
    }

    /// At most how many bytes `text` takes once escaped: `&quot;` is the longest a byte becomes,
    /// and U+FFFD (three bytes) stands for at least one.
    static func escapedSizeLimit(of text: String) -> Int { text.utf8.count * 6 }

    /// Writes the UTF-8 of `text`, escaped as `escape` does, to `output` from `offset`, which has
    /// room for `escapedSizeLimit(of:)` bytes; returns where the text ends.
    static func write(escaping text: String, to output: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
        var end = offset
        escaping(text) { chunk in end = output[end...].initialize(fromContentsOf: chunk) }
        return end
    }

    /// Hands `emit` the UTF-8 of `text` escaped, in order: runs of its own bytes and the
    /// references that stand for the others. A character a page cannot carry (see `DocumentText`)
    /// becomes U+FFFD, so stored data can never make a page ill-formed.
    @inline(__always)
    private static func escaping(_ text: String, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            var plainStart = 0
            var offset = 0
            while offset < bytes.count {
                let byte = bytes[offset]
                guard needsEscaping(byte) else {
                    offset += 1
                    continue
                }
                if DocumentText.isSuspectByte(byte) {
                    let (scalar, length) = decode(bytes, at: offset)
                    if DocumentText.isAllowed(scalar) {
                        offset += length
                        continue
                    }
                    emit(UnsafeBufferPointer(rebasing: bytes[plainStart..<offset]))
                    replacementCharacter.withUnsafeBufferPointer(emit)
                    offset += length
                    plainStart = offset
                    continue
                }
                emit(UnsafeBufferPointer(rebasing: bytes[plainStart..<offset]))
                switch byte {
                case UInt8(ascii: "&"): ampersand.withUnsafeBufferPointer(emit)
                case UInt8(ascii: "<"): lessThan.withUnsafeBufferPointer(emit)
                case UInt8(ascii: ">"): greaterThan.withUnsafeBufferPointer(emit)
                case UInt8(ascii: "\""): quote.withUnsafeBufferPointer(emit)
                default: apostrophe.withUnsafeBufferPointer(emit)
                }
                offset += 1
                plainStart = offset
            }
            emit(UnsafeBufferPointer(rebasing: bytes[plainStart...]))
        }
    }

    /// The scalar whose UTF-8 starts at `offset` of valid UTF-8, and how many bytes it takes.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[offset])
        func continuation(_ index: Int) -> UInt32 { UInt32(bytes[offset + index] & 0x3F) }
        let value: UInt32, length: Int
        switch lead {
        case ..<0x80: (value, length) = (lead, 1)
        case ..<0xE0: (value, length) = ((lead & 0x1F) << 6 | continuation(1), 2)
        case ..<0xF0: (value, length) = ((lead & 0x0F) << 12 | continuation(1) << 6 | continuation(2), 3)
        default: (value, length) = ((lead & 0x07) << 18 | continuation(1) << 12 | continuation(2) << 6 | continuation(3), 4)
        }
        return (Unicode.Scalar(value) ?? DocumentText.replacement, length)
    }

    private static let ampersand = Array("&amp;".utf8), lessThan = Array("&lt;".utf8), greaterThan = Array("&gt;".utf8)
    private static let quote = Array("&quot;".utf8), apostrophe = Array("&#39;".utf8)
    private static let replacementCharacter = Array("\u{FFFD}".utf8)

    @inline(__always)
    private static func needsEscaping(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">")
            || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || DocumentText.isSuspectByte(byte)
    }

    /// The line put before every template so that it renders with this escaping; a standalone
    /// tag, so it adds nothing to the output.
    static let pragma = "{{% CONTENT_TYPE: \(name) }}\n"

    /// Makes the escaping known to Mustache (once; registering again changes nothing).
    static let registered: Void = MustacheContentTypes.register(HTMLEscaping(), named: name)
}
