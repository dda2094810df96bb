extension AttributeJSON {
    /// The JSON `JSONEncoder` with sorted keys writes for `attributes`, written by hand, or `nil`
    /// for what is left to it: names that are not ASCII (it sorts them as Swift compares
    /// strings), text with a control character, numbers that are not whole or not below 10^15
    /// (where it switches to exponents). Every add and every edit of an item's fields writes its
    /// attributes, and the encoder took about 27 k instructions for three of them.
    /// `AttributeJSONTests` holds the two byte for byte equal.
    static func encode(_ attributes: [String: AttributeValue]) -> String? {
        var names: [(name: String, value: AttributeValue)] = []
        names.reserveCapacity(attributes.count)
        for (name, value) in attributes {
            guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            names.append((name, value))
        }
        // ASCII names: Swift's order is the bytes' order.
        names.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(64)
        for (index, (name, value)) in names.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            guard appendString(name, to: &out) else { return nil }
            out.append(UInt8(ascii: ":"))
            switch value {
            case let .string(text):
                guard appendString(text, to: &out) else { return nil }
            case let .number(number):
                // -0 and fractions are left to the encoder, which writes "-0" and its own digits.
                guard number == number.rounded(.towardZero), number.magnitude < 1e15, number != 0 || number.sign == .plus else { return nil }
                out.append(contentsOf: String(Int64(number)).utf8)
            case let .bool(flag):
                out.append(contentsOf: (flag ? "true" : "false").utf8)
            }
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text` quoted, with `"`, `\` and `/` escaped as the encoder escapes them; `false`
    /// for text with a control character.
    private static func appendString(_ text: String, to out: inout [UInt8]) -> Bool {
        out.append(UInt8(ascii: "\""))
        defer { out.append(UInt8(ascii: "\"")) }
        if out.appendIfPlain(text, needsEscape: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "/") }) {
            return true
        }
        for byte in text.utf8 {
            switch byte {
            case 0..<0x20: return false
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out += [UInt8(ascii: "\\"), byte]
            default: out.append(byte)
            }
        }
        return true
    }
}
