extension AttributeJSON {
    /// The JSON `JSONEncoder` with sorted keys writes for `attributes` (swift-foundation's, on
    /// Linux: keys in the order of their UTF-8 bytes, `/` escaped), written by hand, or `nil` for
    /// what is left to it: names that are not ASCII, text with a control character (whose escapes
    /// are its own), numbers that are not whole or not below 10^15 (it writes 10^16 with an
    /// exponent). Every add and every save of an item's fields writes its attributes, and the
    /// encoder takes about 27 k instructions for three of them. `AttributeJSONTests` holds the
    /// two byte for byte equal.
    static func encode(_ attributes: [String: AttributeValue]) -> String? {
        var entries: [(name: String, value: AttributeValue)] = []
        entries.reserveCapacity(attributes.count)
        for (name, value) in attributes {
            guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            entries.append((name, value))
        }
        entries.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        var out: [UInt8] = [UInt8(ascii: "{")]
        out.reserveCapacity(64)
        for (index, (name, value)) in entries.enumerated() {
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

    /// Appends `text` as the encoder writes it; `false` for text with a control character.
    private static func appendString(_ text: String, to out: inout [UInt8]) -> Bool {
        guard !text.utf8.contains(where: { $0 < 0x20 }) else { return false }
        JSONText.append(string: text, to: &out, escapingSlashes: true)
        return true
    }
}
