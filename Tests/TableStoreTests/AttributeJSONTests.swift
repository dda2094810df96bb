import Foundation
import Testing
import TestSupport
@testable import TableStore

/// The hand-written reader of stored attributes must read exactly what JSONDecoder reads, and
/// leave to it (answer nil) whatever it does not read itself.
@Suite("Stored attributes are read as JSONDecoder reads them")
struct AttributeJSONTests {
    static func decoder(_ text: String) -> [String: AttributeValue]? {
        try? JSONDecoder().decode([String: AttributeValue].self, from: Data(text.utf8))
    }

    @Test("random attributes, as the store writes them, read back the same both ways")
    func randomAttributes() throws {
        var random = SystemRandomNumberGenerator()
        let pieces = ["a", "Ærø", "🙂", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "\u{2028}", "é", "e\u{301}", " ", "{", "}", ":", ","]
        let numbers: [Double] = [0, -0.0, 1, -1, 0.5, 1008, 1e15, 1e16, 123_456.789, -2.5e-8, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1 + 0.2]
        for _ in 0..<2_000 {
            var attributes: [String: AttributeValue] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let key = (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
                switch Int.random(in: 0..<4, using: &random) {
                case 0: attributes[key] = .bool(Bool.random(using: &random))
                case 1: attributes[key] = .number(numbers.randomElement(using: &random)!)
                case 2: attributes[key] = .number(Double.random(in: -1e9...1e9, using: &random))
                default: attributes[key] = .string((0..<Int.random(in: 0...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined())
                }
            }
            let text = try AttributeCoding.encode(attributes)
            let read = try #require(AttributeJSON.decode(text), "\(text)")
            #expect(read == attributes, "\(text)")
            #expect(read == Self.decoder(text), "\(text)")
        }
    }

    @Test("attributes are written byte for byte as JSONEncoder with sorted keys writes them")
    func writtenAsTheEncoderWrites() throws {
        #expect(AttributeJSON.encode(["name": .string("a/b \"c\" \\ é"), "n": .number(-3), "checked": .bool(true), "Z_1": .number(0)])
            == #"{"Z_1":0,"checked":true,"n":-3,"name":"a\/b \"c\" \\ é"}"#)
        #expect(AttributeJSON.encode([:]) == "{}")
        for leftToTheEncoder: [String: AttributeValue] in [["é": .bool(true)], ["n": .number(0.5)], ["n": .number(1e15)], ["n": .number(-0.0)],
                                                           ["s": .string("a\nb")]] {
            #expect(AttributeJSON.encode(leftToTheEncoder) == nil)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        var random = SeededGenerator(seed: 20261125)
        let ascii = ["a", "B", "z", "_", "-", "0", "9", "/", "\"", "\\", " ", "~", ".", "A1", "a10", "a9"]
        let pieces = ascii + ["Ærø", "🙂", "\n", "\u{1F}", "\u{7F}", "\u{2028}", "é", "e\u{301}"]
        let numbers: [Double] = [0, -0.0, 1, -1, 0.5, 1008, 999_999_999_999_999, 1e15, -1e15, 1e16, 123_456.789, .greatestFiniteMagnitude]
        var written = 0
        for _ in 0..<3_000 {
            let keys = Bool.random(using: &random) ? ascii : pieces
            var attributes: [String: AttributeValue] = [:]
            for _ in 0..<Int.random(in: 0...6, using: &random) {
                let key = (0..<Int.random(in: 0...3, using: &random)).map { _ in keys.randomElement(using: &random)! }.joined()
                switch Int.random(in: 0..<4, using: &random) {
                case 0: attributes[key] = .bool(Bool.random(using: &random))
                case 1: attributes[key] = .number(numbers.randomElement(using: &random)!)
                case 2: attributes[key] = .number(Double(Int.random(in: -1_000_000...1_000_000, using: &random)))
                default: attributes[key] = .string((0..<Int.random(in: 0...8, using: &random)).map { _ in keys.randomElement(using: &random)! }.joined())
                }
            }
            let expected = String(decoding: try encoder.encode(attributes), as: UTF8.self)
            #expect(try AttributeCoding.encode(attributes) == expected)
            if let text = AttributeJSON.encode(attributes) {
                #expect(text == expected)
                written += 1
            }
        }
        #expect(written > 600, "plain attributes are written by hand: \(written) of 3,000")
    }

    @Test("JSON written by other hands reads the same", arguments: [
        #"{}"#, #" { "a" : "b" , "c":1.5e3,"d" : true ,"e":false } "#, "{\n\t\"a\":\r\n\"x\"}",
        #"{"s":"\u00e9\u00E9\ud83d\ude42\/\b\f\n\r\t\\\""}"#, #"{"n":-0}"#, #"{"n":0.0001}"#, #"{"n":1E-2}"#, #"{"n":12345678901234567890}"#,
        #"{"n":999999999999999}"#, #"{"n":-999999999999999}"#, #"{"n":1000000000000000}"#, #"{"n":9007199254740993}"#, #"{"n":-0.0}"#,
        #"{"n":42e0}"#, #"{"n":7}"#,
    ])
    func otherHands(text: String) throws {
        let read = try #require(AttributeJSON.decode(text))
        #expect(read == Self.decoder(text))
        // Numbers to the bit, the sign of zero too (equal Doubles are not always the same number).
        if case let .number(number)? = read["n"], case let .number(expected)? = Self.decoder(text)?["n"] {
            #expect(number.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    @Test("what it does not read is left to JSONDecoder", arguments: [
        #"{"a":null}"#, #"{"a":[1]}"#, #"{"a":{"b":1}}"#, #"{"a":1,"a":2}"#, #"{"a":"\ud83d"}"#, #"{"a":"\ude42"}"#, #"{"a":1e999}"#,
        #"{"a":01}"#, #"{"a":1.}"#, #"{"a":.5}"#, #"{"a":+1}"#, #"{"a":"x"} x"#, #"{"a":"x",}"#, #"["a"]"#, #"{"a":tru}"#,
        #"{"a":"\x"}"#, "{\"a\":\"line\nbreak\"}", #"{'a':1}"#, "",
    ])
    func leftToJSONDecoder(text: String) throws {
        #expect(AttributeJSON.decode(text) == nil)
        // And AttributeCoding still answers as JSONDecoder does.
        #expect((try? AttributeCoding.decode(text)) == Self.decoder(text))
    }
}
