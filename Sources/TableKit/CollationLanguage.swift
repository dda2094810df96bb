/// The languages TableStack indexes lists in, and how their index titles are read aloud.
///
/// ICU supplies every language's index labels; this is the list of those checked against it,
/// each with its word for the "#" section (read as "Other" rather than "number sign").
enum CollationLanguage {
    /// What "#" is read as, by language code.
    private static let otherLabels: [String: String] = [
        "ar": "أخرى", "da": "Andet", "de": "Andere", "el": "Άλλα", "en": "Other", "es": "Otros",
        "fi": "Muut", "fr": "Autres", "he": "אחר", "it": "Altri", "ja": "その他", "ko": "기타",
        "nb": "Annet", "nl": "Overig", "no": "Annet", "pl": "Inne", "pt": "Outros", "ru": "Другое",
        "sv": "Övrigt", "uk": "Інше", "zh": "其他",
    ]

    /// Korean initial consonants by their names: a lone jamo is a letter most speech engines skip.
    private static let jamoNames: [String: String] = [
        "ㄱ": "기역", "ㄴ": "니은", "ㄷ": "디귿", "ㄹ": "리을", "ㅁ": "미음", "ㅂ": "비읍", "ㅅ": "시옷",
        "ㅇ": "이응", "ㅈ": "지읒", "ㅊ": "치읓", "ㅋ": "키읔", "ㅌ": "티읕", "ㅍ": "피읖", "ㅎ": "히읗",
    ]

    /// The language codes with an index, sorted.
    static let supported: [String] = otherLabels.keys.sorted()

    /// What assistive technology should read for the index title `title` in `language`, where
    /// the title alone would be read wrongly; `nil` reads the title.
    static func accessibilityLabel(for title: String, language: String) -> String? {
        if title == IndexedCollation.otherTitle { return otherLabels[language] }
        switch language {
        // A Japanese index title stands for its whole row of the gojūon table (あ行: あいうえお).
        case "ja" where title.unicodeScalars.allSatisfy({ (0x3041...0x30FF).contains($0.value) }): return title + "行"
        case "ko": return jamoNames[title]
        default: return nil
        }
    }
}
