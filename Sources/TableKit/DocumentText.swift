/// The characters a page can carry as text. XML 1.0 cannot hold most control characters or
/// U+FFFE and U+FFFF at all, and HTML's parser reports control characters and noncharacters as
/// errors; one such character stored in an item would make every page that shows it, and every
/// export, invalid. Input refuses them; output replaces any that are stored with U+FFFD.
public enum DocumentText {
    /// The character shown in place of one a page cannot carry.
    public static let replacement: Unicode.Scalar = "\u{FFFD}"

    /// Whether a page can carry `scalar`: tab, line feed and carriage return, and everything from
    /// space on except DEL, the C1 controls and the noncharacters.
    public static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 { return value == 0x09 || value == 0x0A || value == 0x0D }
        if value < 0x7F { return true }
        if value <= 0x9F { return false }
        if (0xFDD0...0xFDEF).contains(value) { return false }
        return value & 0xFFFE != 0xFFFE
    }

    /// The first character of `text` a page cannot carry, if any.
    public static func firstDisallowed(in text: String) -> Unicode.Scalar? {
        guard mayHoldDisallowed(text) else { return nil }
        return text.unicodeScalars.first { !isAllowed($0) }
    }

    /// `text` with every character a page cannot carry replaced by U+FFFD.
    public static func cleaned(_ text: String) -> String {
        guard mayHoldDisallowed(text) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(isAllowed(scalar) ? scalar : replacement) }
        return String(result)
    }

    /// `text`, cut to `length` characters with an ellipsis as the last when it is longer, for a
    /// message that repeats what someone sent. It also holds at most `4 × length` bytes of UTF-8,
    /// cut between whole characters, and no character of more than `mostScalarsInCharacter` code
    /// points (a letter under thousands of stacked marks is one character): a message goes into
    /// a cookie or a header.
    public static func shortened(_ text: String, to length: Int) -> String {
        // Most messages (every notice after an edit): no more bytes than characters allowed, and
        // no run of non-ASCII bytes long enough for a pile of marks (each takes two bytes or more).
        if text.utf8.count <= length, !holdsLongNonASCIIRun(text.utf8) { return text }
        let bytes = 4 * length
        var pieces: [(scalars: Substring.UnicodeScalarView, width: Int)] = []
        var size = 0, isCut = false
        for character in text {
            let scalars = character.unicodeScalars.prefix(mostScalarsInCharacter)
            let width = scalars.reduce(0) { $0 + UTF8.width($1) }
            if scalars.count < character.unicodeScalars.count { isCut = true }
            pieces.append((scalars, width))
            size += width
            if pieces.count > length || size > bytes {
                isCut = true
                break
            }
        }
        guard isCut else { return text }
        // Room for the ellipsis.
        while pieces.count > length - 1 || size > bytes - 3 { size -= pieces.removeLast().width }
        var kept = String.UnicodeScalarView()
        for piece in pieces { kept.append(contentsOf: piece.scalars) }
        return String(kept) + "…"
    }

    /// Whether `utf8` has a run of non-ASCII bytes that could hold a character of more than
    /// `mostScalarsInCharacter` code points.
    private static func holdsLongNonASCIIRun(_ utf8: String.UTF8View) -> Bool {
        var run = 0
        for byte in utf8 {
            run = byte < 0x80 ? 0 : run + 1
            if run >= 2 * mostScalarsInCharacter { return true }
        }
        return false
    }

    /// The most code points one character (a grapheme cluster) of typed or imported text may be
    /// built of. A family emoji with skin tones takes 10 and Tibetan's stacks fewer; more is a
    /// letter under a pile of marks, which a row cannot keep within its bounds and which the
    /// character limits of fields, counting characters, would not bound.
    public static let mostScalarsInCharacter = 32

    /// Whether a character of `text` is built of more than `mostScalarsInCharacter` code points.
    public static func holdsOverstackedCharacter(_ text: String) -> Bool {
        text.unicodeScalars.count > mostScalarsInCharacter && text.contains { $0.unicodeScalars.count > mostScalarsInCharacter }
    }

    /// How a disallowed character is named in a message: `U+0000`.
    public static func name(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// `text` with its control characters (C0, DEL and C1) written as `\u{1B}`, for a message
    /// printed on a terminal, which would take an escape sequence in a name as a command (set
    /// its title, clear the screen). `keepingLineBreaks`: line feeds and tabs stay, for a
    /// message of several lines.
    public static func escapingControls(_ text: String, keepingLineBreaks: Bool = false) -> String {
        func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.generalCategory == .control && !(keepingLineBreaks && (scalar == "\n" || scalar == "\t"))
        }
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) { result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}" } else { result.unicodeScalars.append(scalar) }
        }
        return result
    }

    /// A quick look at the UTF-8: only control bytes and the lead bytes of C1 controls (0xC2),
    /// of U+FDD0…U+FFFF (0xEF) and of other planes (0xF0…) can begin a disallowed character.
    public static func mayHoldDisallowed(_ text: String) -> Bool {
        text.utf8.contains { isSuspectByte($0) }
    }

    /// Whether a UTF-8 byte can begin a disallowed character (see `mayHoldDisallowed`).
    @inline(__always)
    public static func isSuspectByte(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xEF || byte >= 0xF0
    }
}
