import Foundation

/// The index letters of one language, kept as data: Foundation can collate by locale but has no
/// API for a locale's index alphabet.
struct CollationAlphabet: Sendable {
    /// The language code the alphabet belongs to ("en", "sv").
    let language: String
    /// The section titles in collation order, without the trailing "#".
    let letters: [String]

    private static let latin = (UnicodeScalar("A").value...UnicodeScalar("Z").value)
        .compactMap(UnicodeScalar.init).map { String(Character($0)) }

    /// Every alphabet TableStack knows, by language code.
    static let all: [String: CollationAlphabet] = {
        let table: [(String, [String])] = [
            // Letters with diacritics sort with their base letter in these languages.
            ("en", latin), ("de", latin), ("fr", latin), ("it", latin), ("nl", latin), ("pt", latin),
            // Scandinavian and Finnish alphabets add letters after Z.
            ("sv", latin + ["Å", "Ä", "Ö"]),
            ("fi", latin + ["Å", "Ä", "Ö"]),
            ("da", latin + ["Æ", "Ø", "Å"]),
            ("nb", latin + ["Æ", "Ø", "Å"]),
            ("no", latin + ["Æ", "Ø", "Å"]),
            // Spanish keeps Ñ as a letter of its own after N.
            ("es", insert("Ñ", after: "N", in: latin)),
        ]
        return Dictionary(uniqueKeysWithValues: table.map { ($0.0, CollationAlphabet(language: $0.0, letters: $0.1)) })
    }()

    /// The language codes with an alphabet, sorted.
    static var languages: [String] { all.keys.sorted() }

    private static func insert(_ letter: String, after anchor: String, in letters: [String]) -> [String] {
        var result = letters
        if let position = result.firstIndex(of: anchor) { result.insert(letter, at: position + 1) }
        return result
    }
}
