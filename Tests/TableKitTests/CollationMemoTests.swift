import Foundation
import Testing
@testable import TableKit

@Suite("Sort keys and initials worked out for a whole list")
struct CollationMemoTests {
    @Test("a name starts with white space exactly when its first character is white space")
    func startsWithSpace() {
        let names = ["", " a", "\ta", "\na", "\r\na", "\u{0B}x", "\u{0C}x", "\u{1C}x", "\u{1D}x", "\u{1E}x", "\u{1F}x", "\u{7F}x",
                     "\u{85}x", "\u{A0}x", "\u{2003}x", "\u{3000}x", "\u{200B}x", " \u{301}x", "e\u{301}", "_x", "a ", "😀",
                     "\u{1F3F3}\u{FE0F}", "\u{FEFF}x", "\u{1680}x", "Ωmega"]
        for name in names {
            #expect(IndexedCollation.startsWithSpace(name) == (name.first?.isWhitespace == true), "\(name.unicodeScalars.map(\.value))")
        }
    }

    @Test("the keys of a list are ICU's for each name, made or remembered, a name standing twice remembered once")
    func keysOfAList() throws {
        let collator = try #require(Collator(localeIdentifier: "de", strength: .tertiary))
        let names = IndexedCollationTests.states + ["Äpfel", "apple", "", "Straße", "Strasse", "\u{FDFA}", "Äpfel", "Ohio"]
        let expected = names.map(collator.sortKey)
        let memo = CollationMemo()
        #expect(memo.sortKeys(of: names, by: collator) == expected, "made")
        #expect(memo.count == Set(names).count, "each name once")
        #expect(memo.sortKeys(of: names.reversed(), by: collator) == expected.reversed(), "remembered")
        #expect(memo.count == Set(names).count)
    }

    @Test("the memo holds no more keys than its capacity, and starts afresh past it")
    func bounded() throws {
        let collator = try #require(Collator(localeIdentifier: "en", strength: .tertiary))
        let memo = CollationMemo(capacity: 8)
        let names = (0..<8).map { "name \($0)" }
        #expect(memo.sortKeys(of: names, by: collator) == names.map(collator.sortKey))
        #expect(memo.count == 8)
        #expect(memo.sortKey(of: "more", by: collator) == collator.sortKey("more"))
        #expect(memo.count == 1, "started afresh")
        let many = (0..<20).map { "other \($0)" }
        #expect(memo.sortKeys(of: many + names, by: collator) == (many + names).map(collator.sortKey))
        #expect(memo.count <= 8)
    }
}
