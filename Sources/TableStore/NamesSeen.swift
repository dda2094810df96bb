/// The names read so far in one JSON object or property-list dictionary, compared as the
/// decoders compare them: as Swift compares text, so "é" written as one character and as "e"
/// followed by a combining accent are one name, and one of their values would be lost.
struct NamesSeen {
    private var spellings: [String: String] = [:]

    /// Adds `name`; the spelling the object first had it in when it has it already.
    mutating func add(_ name: String) -> String? {
        if let earlier = spellings[name] { return earlier }
        spellings[name] = name
        return nil
    }

    /// What to add to "is named twice" when the two are not written alike, which the person
    /// cannot see in the name shown: each spelling with its characters beyond printable ASCII
    /// written as code points. Empty when they are written alike.
    static func spellingNote(_ earlier: String, _ later: String) -> String {
        guard !earlier.unicodeScalars.elementsEqual(later.unicodeScalars) else { return "" }
        return ", as \(codePoints(earlier)) and as \(codePoints(later)) (one name in Unicode, spelled two ways)"
    }

    private static func codePoints(_ text: String) -> String {
        let shown = text.unicodeScalars.map { (0x20...0x7E).contains($0.value) ? String($0) : "\\u{\(String($0.value, radix: 16, uppercase: true))}" }
        return "\"" + shown.joined() + "\""
    }
}
