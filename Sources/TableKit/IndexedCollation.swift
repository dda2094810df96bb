import Foundation

/// Groups and sorts items for an indexed list the way `UILocalizedIndexedCollation` does:
/// locale-aware section titles, the section of each item, items sorted inside their section.
///
/// Section titles are the labels of ICU's alphabetic index for the locale (A–Z and the letters a
/// language adds, Greek, Cyrillic, Hebrew or Arabic letters, kana rows, initial jamo, pinyin
/// initials) followed by "#", which gathers everything else: what sorts before the first label
/// (digits, symbols), between scripts, or after the last (other scripts). An item's section
/// depends on its whole collation string, not its first character.
public struct IndexedCollation: Sendable {
    /// The locale identifier whose index and collation are used ("en_US", "da", "ja").
    public let localeIdentifier: String
    /// The section titles in order; the last one is "#".
    public let sectionTitles: [String]
    /// The index bar's titles, one per section, with what assistive technology reads where that
    /// differs from the title ("#" as the language's word for "other", a kana row by its name),
    /// marked as the collation's language.
    public let indexTitles: [SectionIndexTitle]
    private let index: AlphabeticIndex
    /// The section of each of ICU's buckets: its label's, or "#" for the buckets without one.
    private let sectionOfBucket: [Int]
    /// Sorting: base letters, accents, then case.
    private let sorting: Collator
    /// Sort keys already worked out, by string.
    private let memo = CollationMemo()

    /// The title of the section that gathers everything outside the locale's index.
    public static let otherTitle = "#"

    /// Makes the collation for `localeIdentifier`; a language outside `supportedLanguages` is
    /// refused with the list of those that are known, rather than indexed A to Z by ICU's root.
    public init(localeIdentifier: String) throws(TableKitError) {
        let language = Self.languageCode(of: localeIdentifier)
        guard CollationLanguage.supported.contains(language),
              let index = AlphabeticIndex(localeIdentifier: localeIdentifier),
              let sorting = Collator(localeIdentifier: localeIdentifier, strength: .tertiary) else {
            throw .unsupportedCollationLocale(localeIdentifier, supported: CollationLanguage.supported)
        }
        let labels = index.buckets.filter { $0.kind == .label }.map(\.label)
        var next = 0
        sectionOfBucket = index.buckets.map { bucket in
            guard bucket.kind == .label else { return labels.count }
            defer { next += 1 }
            return next
        }
        self.localeIdentifier = localeIdentifier
        self.index = index
        self.sorting = sorting
        sectionTitles = labels + [Self.otherTitle]
        indexTitles = sectionTitles.map { title in
            let label = CollationLanguage.accessibilityLabel(for: title, language: language)
            return SectionIndexTitle(title, accessibilityLabel: label, accessibilityLanguage: label == nil ? nil : language)
        }
    }

    /// The language codes that have an index, sorted.
    public static var supportedLanguages: [String] { CollationLanguage.supported }

    /// The titles of the index bar: one per section, the same as the section titles.
    public var sectionIndexTitles: [String] { sectionTitles }

    /// The section the index title at `index` leads to (`sectionForSectionIndexTitle(at:)`).
    public func section(forSectionIndexTitleAt index: Int) -> Int? {
        sectionTitles.indices.contains(index) ? index : nil
    }

    /// The section an item whose collation string is `string` belongs to
    /// (`section(for:collationStringSelector:)`). Leading white space is not part of the initial.
    /// Not remembered: ICU's lookup is a binary search over the few dozen labels, about as cheap
    /// as looking the string up in a table.
    public func section(for string: String) -> Int {
        let other = sectionTitles.count - 1
        let text = Self.startsWithSpace(string) ? String(string.drop(while: \.isWhitespace)) : string
        guard !text.isEmpty, let bucket = index.bucket(of: text) else { return other }
        return sectionOfBucket[bucket]
    }

    /// Whether `string`'s first character is white space, as `Character.isWhitespace` says (by
    /// its first scalar), read from its first byte when that is ASCII: a long list asks it of
    /// every name, and a `Character` is found by grapheme breaking.
    static func startsWithSpace(_ string: String) -> Bool {
        guard let first = string.utf8.first else { return false }
        guard first >= 0x80 else { return first == 0x20 || (0x09...0x0D).contains(first) }
        return string.unicodeScalars.first?.properties.isWhitespace == true
    }

    /// `items` sorted by their collation strings in the locale's order
    /// (`sortedArray(from:collationStringSelector:)`); equal strings keep their order.
    public func sorted<Item>(_ items: [Item], by key: (Item) -> String) -> [Item] {
        // Positions are sorted, not the items: sorting tuples of a generic item went through
        // the runtime's generic metadata on every comparison.
        let keys = sortKeys(of: items.map(key))
        let order = keys.indices.sorted { lhs, rhs in
            switch Collator.compare(keys[lhs], keys[rhs]) {
            case .orderedAscending: true
            case .orderedDescending: false
            case .orderedSame: lhs < rhs
            }
        }
        return order.map { items[$0] }
    }

    /// Listing 4-7 in one step: `items` put into one array per section title, each sorted (or,
    /// without `sortingSections`, in the order given: a list whose rows people reorder within
    /// the section their initial decides).
    public func collate<Item>(_ items: [Item], by key: (Item) -> String, sortingSections: Bool = true) -> [[Item]] {
        collatedPositions(of: items.map(key), sortingSections: sortingSections).sections.map { $0.map { items[$0] } }
    }

    /// The sort key of `string`, remembered.
    func sortKey(of string: String) -> [UInt8] { memo.sortKey(of: string, by: sorting) }

    /// The sort keys of `strings`, in order, remembered.
    func sortKeys(of strings: [String]) -> [[UInt8]] { memo.sortKeys(of: strings, by: sorting) }

    /// The header title of a section holding `rowCount` rows: none for an empty section (Listing 4-8).
    public func titleForHeader(inSection section: Int, rowCount: Int) -> String? {
        guard rowCount > 0, sectionTitles.indices.contains(section) else { return nil }
        return sectionTitles[section]
    }

    /// An index bar of the data source's own titles over this collation's sections: each title
    /// names the section title it leads to, or none (then it leads where the title before it does).
    public func sectionIndex(titles: [SectionIndexMapping.NamedTitle]) throws(TableKitError) -> SectionIndexMapping {
        try SectionIndexMapping(titles: titles, sectionTitles: sectionTitles)
    }

    private static func languageCode(of identifier: String) -> String {
        String(identifier.prefix { $0.isLetter }).lowercased()
    }
}
