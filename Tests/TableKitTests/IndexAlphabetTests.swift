import Testing
import TableKit

/// Index alphabets beyond Latin and sections decided by the whole string, as
/// `UILocalizedIndexedCollation` assigns them through ICU's alphabetic index.
@Suite("Index alphabets")
struct IndexAlphabetTests {
    static func titles(_ locale: String, _ names: [String]) throws -> [String] {
        let collation = try IndexedCollation(localeIdentifier: locale)
        return names.map { collation.sectionTitles[collation.section(for: $0)] }
    }

    static func letters(_ locale: String) throws -> [String] {
        try IndexedCollation(localeIdentifier: locale).sectionTitles
    }

    @Test("Danish and Norwegian: the whole name decides, so \"Aa\" files under Å, at the end")
    func danishDoubleA() throws {
        #expect(try Self.titles("da_DK", ["Aalborg", "Aarhus", "Århus", "Albertslund", "Ærø", "Øresund", "Odense"])
                == ["Å", "Å", "Å", "A", "Æ", "Ø", "O"])
        #expect(try Self.titles("nb", ["Aalesund", "Ålesund", "Alta"]) == ["Å", "Å", "A"])
        let danish = try IndexedCollation(localeIdentifier: "da")
        #expect(danish.sectionTitles.suffix(4) == ["Æ", "Ø", "Å", "#"])
        #expect(danish.sorted(["Aalborg", "Odense", "Åbenrå", "Ærø", "Albertslund"]) { $0 }
                == ["Albertslund", "Odense", "Ærø", "Åbenrå", "Aalborg"])
        let english = try IndexedCollation(localeIdentifier: "en")
        #expect(english.sectionTitles[english.section(for: "Aalborg")] == "A", "only Danish and Norwegian read Aa as Å")
    }

    @Test("Greek: Α to Ω, accents and final sigma with their letter")
    func greek() throws {
        let letters = try Self.letters("el")
        #expect(letters.count == 25 && letters.first == "Α" && letters.suffix(2) == ["Ω", "#"])
        #expect(try Self.titles("el", ["Αθήνα", "Άργος", "ήλιος", "Ωραιόκαστρο", "Ψαρά", "Θεσσαλονίκη", "Athens"])
                == ["Α", "Α", "Η", "Ω", "Ψ", "Θ", "#"])
    }

    @Test("Russian and Ukrainian: each its own Cyrillic alphabet")
    func cyrillic() throws {
        let russian = try Self.letters("ru")
        #expect(russian.count == 31 && russian.first == "А" && russian.suffix(2) == ["Я", "#"])
        #expect(!russian.contains("Ё") && !russian.contains("Ї"))
        #expect(try Self.titles("ru", ["Москва", "ёлка", "Йошкар-Ола", "Эль", "Ялта", "Paris"]) == ["М", "Е", "Й", "Э", "Я", "#"])
        let ukrainian = try Self.letters("uk")
        #expect(ukrainian.contains("Ґ") && ukrainian.contains("Ї") && !ukrainian.contains("Ы"))
        #expect(try Self.titles("uk", ["Київ", "Ґанок", "Їжак", "Ірпінь", "Житомир"]) == ["К", "Ґ", "Ї", "І", "Ж"])
    }

    @Test("Hebrew and Arabic: their letters, right-to-left names by their first letter")
    func hebrewAndArabic() throws {
        let hebrew = try Self.letters("he")
        #expect(hebrew.count == 23 && hebrew.first == "א" && hebrew.suffix(2) == ["ת", "#"])
        #expect(try Self.titles("he", ["ירושלים", "תל אביב", "באר שבע", "חיפה", "Haifa"]) == ["י", "ת", "ב", "ח", "#"])
        let arabic = try Self.letters("ar")
        #expect(arabic.count == 29 && arabic.first == "ا" && arabic.suffix(2) == ["ي", "#"])
        #expect(try Self.titles("ar", ["القاهرة", "أبها", "إربد", "بيروت", "دمشق", "ينبع", "٤٢"]) == ["ا", "ا", "ا", "ب", "د", "ي", "#"])
    }

    @Test("Japanese: the gojūon rows, hiragana and katakana into the same row")
    func japaneseKana() throws {
        #expect(try Self.letters("ja") == ["あ", "か", "さ", "た", "な", "は", "ま", "や", "ら", "わ", "#"])
        #expect(try Self.titles("ja_JP", ["あおもり", "アオモリ", "かながわ", "カナガワ", "がっこう", "ぱん", "わかやま", "ン", "東京", "Tokyo"])
                == ["あ", "あ", "か", "か", "か", "は", "わ", "わ", "#", "#"])
    }

    @Test("Korean: syllables under their initial jamo, doubled consonants with their single one")
    func korean() throws {
        #expect(try Self.letters("ko") == ["ㄱ", "ㄴ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅅ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ", "#"])
        #expect(try Self.titles("ko", ["서울", "부산", "강릉", "까치", "쌍문", "하남", "Seoul"]) == ["ㅅ", "ㅂ", "ㄱ", "ㄱ", "ㅅ", "ㅎ", "#"])
    }

    @Test("Chinese: characters under their pinyin initial, A to Z")
    func chinesePinyin() throws {
        #expect(try Self.letters("zh") == "ABCDEFGHIJKLMNOPQRSTUVWXYZ".map(String.init) + ["#"])
        #expect(try Self.titles("zh", ["北京", "上海", "广州", "深圳", "西安", "阿里", "Zürich", "서울"])
                == ["B", "S", "G", "S", "X", "A", "Z", "#"])
    }

    @Test("digits, emoji, symbols and other scripts go to \"#\", which is last in every language", arguments: [
        "en", "da", "el", "ru", "uk", "he", "ar", "ja", "ko", "zh",
    ])
    func otherIsLast(locale: String) throws {
        let collation = try IndexedCollation(localeIdentifier: locale)
        #expect(collation.sectionTitles.last == "#")
        #expect(collation.sectionTitles.filter { $0 == "#" }.count == 1)
        let other = collation.sectionTitles.count - 1
        for name in ["42nd Street", "😀 party", "_x", "", "   ", "ᚠᚢᚦ", "ꦗꦮ"] {
            #expect(collation.section(for: name) == other, "\(locale): \(name)")
        }
    }

    @Test("index titles carry a spoken label where the title alone reads wrongly")
    func accessibilityLabels() throws {
        func label(_ locale: String, _ title: String) throws -> String? {
            try IndexedCollation(localeIdentifier: locale).indexTitles.first { $0.title == title }?.accessibilityLabel
        }
        #expect(try label("en", "#") == "Other")
        #expect(try label("da", "#") == "Andet")
        #expect(try label("en", "A") == nil)
        #expect(try label("ja", "か") == "か行")
        #expect(try label("ko", "ㄱ") == "기역")
        #expect(try label("ru", "Ж") == nil)
        let greek = try IndexedCollation(localeIdentifier: "el_GR").indexTitles
        #expect(greek.last == SectionIndexTitle("#", accessibilityLabel: "Άλλα", accessibilityLanguage: "el"), "a label is marked with its language")
        #expect(greek.first?.accessibilityLanguage == nil, "an unlabelled title needs no language")
        let japanese = try IndexedCollation(localeIdentifier: "ja")
        #expect(japanese.indexTitles.map(\.title) == japanese.sectionIndexTitles)
        #expect(japanese.indexTitles.allSatisfy { $0.accessibilityLabel != nil })
    }

    @Test("every supported language opens, with its own index")
    func everySupportedLanguage() throws {
        #expect(IndexedCollation.supportedLanguages.count >= 20)
        for language in IndexedCollation.supportedLanguages {
            let collation = try IndexedCollation(localeIdentifier: language)
            #expect(collation.sectionTitles.count > 10, "\(language)")
        }
    }
}
