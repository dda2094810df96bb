import Foundation

/// Groups and sorts items for an indexed list the way `UILocalizedIndexedCollation` does:
/// locale-aware section titles, the section of each item, items sorted inside their section.
///
/// Section titles are the locale's index letters followed by "#", which gathers everything that
/// does not start with one of those letters (digits, symbols, other scripts).
public struct IndexedCollation: Sendable {
    /// The locale identifier whose alphabet and collation are used ("en_US", "sv_SE", "de").
    public let localeIdentifier: String
    /// The section titles in order; the last one is "#".
    public let sectionTitles: [String]
    private let letters: [String]
    /// Sorting: base letters, accents, then case.
    private let sorting: Collator
    /// Finding an item's letter: case aside (`letters` keys at this strength).
    private let caseless: Collator
    private let letterKeys: [[UInt8]]
    /// Telling a letter's own variants from other letters: case and accents aside.
    private let baseLetters: Collator
    /// Sort keys and sections already worked out, by string and by initial.
    private let memo = CollationMemo()

    /// The title of the section that gathers everything outside the alphabet.
    public static let otherTitle = "#"

    /// Makes the collation for `localeIdentifier`; a language with no known alphabet is refused
    /// with the list of those that are known.
    public init(localeIdentifier: String) throws(TableKitError) {
        let language = Self.languageCode(of: localeIdentifier)
        guard let alphabet = CollationAlphabet.all[language] else {
            throw .unsupportedCollationLocale(localeIdentifier, supported: CollationAlphabet.languages)
        }
        self.localeIdentifier = localeIdentifier
        self.letters = alphabet.letters
        self.sectionTitles = alphabet.letters + [Self.otherTitle]
        guard let sorting = Collator(localeIdentifier: localeIdentifier, strength: .tertiary),
              let caseless = Collator(localeIdentifier: localeIdentifier, strength: .secondary),
              let baseLetters = Collator(localeIdentifier: localeIdentifier, strength: .primary) else {
            throw .unsupportedCollationLocale(localeIdentifier, supported: CollationAlphabet.languages)
        }
        self.sorting = sorting
        self.caseless = caseless
        self.baseLetters = baseLetters
        self.letterKeys = alphabet.letters.map(caseless.sortKey)
    }

    /// The language codes that have an index alphabet.
    public static var supportedLanguages: [String] { CollationAlphabet.languages }

    /// The titles of the index bar: one per section, the same as the section titles.
    public var sectionIndexTitles: [String] { sectionTitles }

    /// The section the index title at `index` leads to (`sectionForSectionIndexTitle(at:)`).
    public func section(forSectionIndexTitleAt index: Int) -> Int? {
        sectionTitles.indices.contains(index) ? index : nil
    }

    /// The section an item whose collation string is `string` belongs to
    /// (`section(for:collationStringSelector:)`).
    public func section(for string: String) -> Int {
        let other = sectionTitles.count - 1
        guard let first = string.first(where: { !$0.isWhitespace }) else { return other }
        if let known = memo.section(of: first) { return known }
        let section = section(ofInitial: first, other: other)
        memo.remember(section, of: first)
        return section
    }

    private func section(ofInitial first: Character, other: Int) -> Int {
        let initial = caseless.sortKey(String(first))
        // The last letter at or before the initial, in the locale's order, case aside.
        var low = 0, high = letters.count
        while low < high {
            let middle = (low + high) / 2
            if Collator.compare(letterKeys[middle], initial) != .orderedDescending {
                low = middle + 1
            } else {
                high = middle
            }
        }
        let candidate = low - 1
        guard candidate >= 0 else { return other }
        // Past the last letter only its own variants (accents, case) still belong to it:
        // a Greek or Cyrillic initial sorts after Z but is no Z.
        if candidate == letters.count - 1,
           baseLetters.compare(letters[candidate], String(first)) != .orderedSame {
            return other
        }
        return candidate
    }

    /// `items` sorted by their collation strings in the locale's order
    /// (`sortedArray(from:collationStringSelector:)`); equal strings keep their order.
    public func sorted<Item>(_ items: [Item], by key: (Item) -> String) -> [Item] {
        // Positions are sorted, not the items: sorting tuples of a generic item went through
        // the runtime's generic metadata on every comparison.
        let keys = items.map { memo.sortKey(of: key($0), by: sorting) }
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
        var sections = Array(repeating: [Item](), count: sectionTitles.count)
        for item in items { sections[section(for: key(item))].append(item) }
        return sortingSections ? sections.map { sorted($0, by: key) } : sections
    }

    /// The header title of a section holding `rowCount` rows: none for an empty section (Listing 4-8).
    public func titleForHeader(inSection section: Int, rowCount: Int) -> String? {
        guard rowCount > 0, sectionTitles.indices.contains(section) else { return nil }
        return sectionTitles[section]
    }

    private static func languageCode(of identifier: String) -> String {
        String(identifier.prefix { $0.isLetter }).lowercased()
    }
}

/// What a collation has already worked out: the sort key of each string and the section of each
/// initial. A list re-read after an edit collates the same names again; looking their keys up is
/// far cheaper than asking ICU. Bounded: past `capacity` keys it starts afresh.
final class CollationMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String: [UInt8]] = [:]
    private var sections: [Character: Int] = [:]
    private let capacity = 250_000

    func sortKey(of string: String, by collator: Collator) -> [UInt8] {
        if let known = lock.withLock({ keys[string] }) { return known }
        let key = collator.sortKey(string)
        lock.withLock {
            if keys.count >= capacity { keys.removeAll(keepingCapacity: true) }
            keys[string] = key
        }
        return key
    }

    func section(of initial: Character) -> Int? { lock.withLock { sections[initial] } }

    func remember(_ section: Int, of initial: Character) {
        lock.withLock {
            if sections.count >= capacity { sections.removeAll(keepingCapacity: true) }
            sections[initial] = section
        }
    }
}
