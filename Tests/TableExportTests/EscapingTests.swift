import Foundation
import Testing
@testable import TableExport
import TableStore

/// The escapes of the export's own files copy text that needs none in one go; these hold them
/// equal to escaping a byte at a time, whatever the text.
@Suite("Escaping the export's files")
struct EscapingTests {
    /// Text of every kind: empty, short enough to be stored inline and longer, non-ASCII, and each
    /// byte either escape treats specially, alone, first, last and in between; then random text.
    static let texts: [String] = {
        let specials = ["\\", "\n", "\t", "\u{1}", "\"", "\r", "\u{0}", "\u{1f}", "\u{7f}"]
        var texts = ["", "plain", "a somewhat longer text of plain characters", "ü日本🇸🇪", "e\u{301}"]
        for special in specials {
            texts += [special, special + "x", "x" + special, "plain " + special + " text, long enough to be stored apart" + special]
        }
        var generator = SystemRandomNumberGenerator()
        let alphabet = specials + ["a", "Z", "0", " ", "ü", "日", "🇸🇪", "&", "<", "/", "%"]
        for _ in 0..<2_000 {
            texts.append((0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }.joined())
        }
        return texts
    }()

    static func lineEscaped(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case UInt8(ascii: "\n"): out += Array(#"\n"#.utf8)
            case UInt8(ascii: "\t"): out += Array(#"\t"#.utf8)
            case 1: out += Array(#"\1"#.utf8)
            default: out.append(byte)
            }
        }
        return out
    }

    static func jsonEscaped(_ text: String) -> [UInt8] {
        var out = Array("\"".utf8)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out += Array(#"\""#.utf8)
            case UInt8(ascii: "\\"): out += Array(#"\\"#.utf8)
            case UInt8(ascii: "\n"): out += Array(#"\n"#.utf8)
            case UInt8(ascii: "\r"): out += Array(#"\r"#.utf8)
            case UInt8(ascii: "\t"): out += Array(#"\t"#.utf8)
            case 0..<0x20: out += Array(String(format: "\\u%04x", byte).utf8)
            default: out.append(byte)
            }
        }
        return out + Array("\"".utf8)
    }

    @Test("a line's text is escaped as byte by byte, appended to what is there, and read back")
    func lineEscaping() {
        for text in Self.texts {
            var out = Array("before ".utf8)
            LineEscaping.escape(text, into: &out)
            #expect(out == Array("before ".utf8) + Self.lineEscaped(text), "\(text.debugDescription)")
            #expect(out.withUnsafeBufferPointer { LineEscaping.unescape($0[7...]) } == text)
        }
    }

    @Test("a JSON string is escaped as byte by byte, appended to what is there, and JSON reads it back")
    func jsonEscaping() throws {
        for text in Self.texts {
            var out = Array("[".utf8)
            JSONText.append(string: text, to: &out)
            #expect(out == Array("[".utf8) + Self.jsonEscaped(text), "\(text.debugDescription)")
            let read = try JSONSerialization.jsonObject(with: Data(out + Array("]".utf8))) as? [String]
            #expect(read == [text], "\(text.debugDescription)")
        }
    }
}
