import Testing
import TableKit

@Suite("Characters a page can carry")
struct DocumentTextTests {
    @Test("controls, DEL, C1 controls and noncharacters are refused; tab, newlines and every other letter pass")
    func allowedCharacters() {
        let refused: [UInt32] = [0x00, 0x01, 0x08, 0x0B, 0x0C, 0x1B, 0x1F, 0x7F, 0x80, 0x9F, 0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF,
                                 0x1FFFE, 0x1FFFF, 0x10FFFF]
        let allowed: [UInt32] = [0x09, 0x0A, 0x0D, 0x20, 0x7E, 0xA0, 0xB7, 0xD7FF, 0xE000, 0xFDCF, 0xFDF0, 0xFFFD, 0x10000, 0x1F600, 0x10FFFD]
        for value in refused { #expect(!DocumentText.isAllowed(Unicode.Scalar(value)!), "\(value) is refused") }
        for value in allowed { #expect(DocumentText.isAllowed(Unicode.Scalar(value)!), "\(value) passes") }
    }

    @Test("cleaning replaces exactly the refused characters and leaves clean text as it is")
    func cleaning() {
        #expect(DocumentText.cleaned("a\u{0}b\u{FFFF}c\u{1B}") == "a\u{FFFD}b\u{FFFD}c\u{FFFD}")
        let clean = "Åsa · 東京 😀\tline\nnext"
        #expect(DocumentText.cleaned(clean) == clean)
        #expect(DocumentText.firstDisallowed(in: clean) == nil)
        #expect(DocumentText.firstDisallowed(in: "ok\u{85}") == "\u{85}")
        #expect(DocumentText.name("\u{0}") == "U+0000" && DocumentText.name("\u{1FFFF}") == "U+1FFFF")
    }

    @Test("a message's copy of a text is cut in characters and in bytes: one letter under thousands of marks is one character")
    func shortenedInBytes() {
        #expect(DocumentText.shortened("Milk", to: 60) == "Milk")
        #expect(DocumentText.shortened(String(repeating: "a", count: 100), to: 60) == String(repeating: "a", count: 59) + "…")
        let piled = "K" + String(repeating: "\u{301}", count: 3_000)
        #expect(piled.count == 1)
        let cut = DocumentText.shortened(piled, to: 60)
        #expect(cut == "K" + String(repeating: "\u{301}", count: 31) + "…", "the pile is cut to 32 code points: \(cut.unicodeScalars.count)")
        // Emoji of ten code points each: as many whole ones as 240 bytes hold, none cut in half.
        let kiss = "\u{1F469}\u{1F3FB}\u{200D}\u{2764}\u{FE0F}\u{200D}\u{1F48B}\u{200D}\u{1F468}\u{1F3FC}"
        let kisses = DocumentText.shortened(String(repeating: kiss, count: 60), to: 60)
        #expect(kisses.utf8.count <= 240 && kisses.dropLast().allSatisfy { $0 == Character(kiss) } && kisses.last == "…", "\(kisses.utf8.count) bytes")
    }

    @Test("a character built of more than 32 code points is told; emoji sequences and stacked scripts pass")
    func overstacked() {
        let piled = "ok K" + String(repeating: "\u{301}", count: 40) + " more"
        #expect(DocumentText.holdsOverstackedCharacter(piled))
        let kiss = "\u{1F469}\u{1F3FB}\u{200D}\u{2764}\u{FE0F}\u{200D}\u{1F48B}\u{200D}\u{1F468}\u{1F3FC}"
        let england = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}"
        let text = String(repeating: kiss + england + "བསྒྲུབས་ Việt ", count: 10)
        #expect(!DocumentText.holdsOverstackedCharacter(text))
        #expect(!DocumentText.holdsOverstackedCharacter("K" + String(repeating: "\u{301}", count: 31)), "32 code points pass")
    }

    @Test("control characters (C0, DEL, C1) are written as code points for a terminal; line breaks and tabs stay when asked; other text is as it was")
    func escapedControls() {
        #expect(DocumentText.escapingControls("a\u{1B}]0;t\u{7}b\u{7F}c\u{85}d") == #"a\u{1B}]0;t\u{7}b\u{7F}c\u{85}d"#)
        #expect(DocumentText.escapingControls("two\nlines\tand\r") == #"two\u{A}lines\u{9}and\u{D}"#)
        #expect(DocumentText.escapingControls("two\nlines\tand\r", keepingLineBreaks: true) == "two\nlines\tand\\u{D}")
        #expect(DocumentText.escapingControls("Åsa’s café 🍰 \u{200D}") == "Åsa’s café 🍰 \u{200D}", "format characters and letters are not controls")
    }
}
