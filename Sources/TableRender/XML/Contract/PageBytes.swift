import Foundation

/// The ASCII bytes the contract scanner looks for, by name.
enum ASCII {
    static let tab: UInt8 = 0x09, lineFeed: UInt8 = 0x0A, carriageReturn: UInt8 = 0x0D, space: UInt8 = 0x20
    static let quote: UInt8 = 0x22, hash: UInt8 = 0x23, ampersand: UInt8 = 0x26, apostrophe: UInt8 = 0x27
    static let hyphen: UInt8 = 0x2D, period: UInt8 = 0x2E, slash: UInt8 = 0x2F, colon: UInt8 = 0x3A, semicolon: UInt8 = 0x3B
    static let lessThan: UInt8 = 0x3C, equals: UInt8 = 0x3D, greaterThan: UInt8 = 0x3E, exclamation: UInt8 = 0x21
    static let closingBracket: UInt8 = 0x5D, underscore: UInt8 = 0x5F, lowercaseX: UInt8 = 0x78
    /// The first byte of U+FFFE and U+FFFF in UTF-8 (`EF BF BE`, `EF BF BF`).
    static let specialsLead: UInt8 = 0xEF

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    @inline(__always) static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    @inline(__always) static func isSpace(_ byte: UInt8) -> Bool { byte == space || byte == lineFeed || byte == tab || byte == carriageReturn }
}

/// A table of the 256 bytes, true for those `isIncluded` takes. Made once for each use, never freed.
private func byteTable(_ isIncluded: (UInt8) -> Bool) -> UnsafePointer<Bool> {
    let table = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
    for byte in 0..<256 { table[byte] = isIncluded(UInt8(byte)) }
    return UnsafePointer(table)
}

/// For each byte, whether text or an attribute value may hold it without a second look: not a
/// control character, `<`, `&`, a quote, `]` (of `]]>`) or the lead byte of U+FFFE and U+FFFF.
nonisolated(unsafe) let ordinaryBytes = byteTable { byte in
    byte >= 0x20 && ![ASCII.lessThan, ASCII.ampersand, ASCII.quote, ASCII.apostrophe, ASCII.closingBracket, ASCII.specialsLead].contains(byte)
}

/// The bytes that may follow the first of a name (see `PageBytes.name(at:)`): ASCII letters,
/// digits, `-`, `.` and `_`, looked up once a byte rather than tested five ways.
nonisolated(unsafe) let nameBytes = byteTable { byte in
    ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.hyphen || byte == ASCII.period || byte == ASCII.underscore
}

/// A page's bytes and what can be read from them alone. Kept apart from the reader's state, so
/// that calling these copies three words, not the reader with its arrays and sets.
struct PageBytes {
    let start: UnsafePointer<UInt8>
    let count: Int
    /// `nameBytes`, held here: the global would be checked for its first use at every name.
    let names = nameBytes

    /// The byte at `offset`, or 0 past the end (0 is never allowed in XML, so it reads as "stop").
    @inline(__always) subscript(_ offset: Int) -> UInt8 { offset < count ? start[offset] : 0 }

    func starts(with literal: StaticString, at offset: Int) -> Bool {
        let length = literal.utf8CodeUnitCount
        guard offset + length <= count else { return false }
        return memcmp(start + offset, literal.utf8Start, length) == 0
    }

    func equals(_ from: Int, _ to: Int, _ literal: StaticString) -> Bool {
        to - from == literal.utf8CodeUnitCount && memcmp(start + from, literal.utf8Start, to - from) == 0
    }

    func equals(_ from: Int, _ to: Int, _ bytes: [UInt8]) -> Bool {
        to - from == bytes.count && bytes.withUnsafeBufferPointer { memcmp(start + from, $0.baseAddress!, to - from) == 0 }
    }

    func equals(_ from: Int, _ to: Int, _ otherFrom: Int, _ otherTo: Int) -> Bool {
        to - from == otherTo - otherFrom && memcmp(start + from, start + otherFrom, to - from) == 0
    }

    func isOne(of choices: [[UInt8]], _ from: Int, _ to: Int) -> Bool {
        choices.contains { equals(from, to, $0) }
    }

    /// An ASCII XML name (`[A-Za-z_][A-Za-z0-9._-]*`) at `offset`; where it ends, or nil.
    func name(at offset: Int) -> Int? {
        let first = self[offset]
        guard ASCII.isLetter(first) || first == ASCII.underscore else { return nil }
        var end = offset + 1
        while end < count, names[Int(start[end])] { end += 1 }
        return end
    }

    /// Checks one character at `offset` that is not markup; returns the offset after it, or nil
    /// when XML does not allow it (controls, U+FFFE, U+FFFF).
    @inline(__always) func character(at offset: Int) -> Int? {
        let byte = start[offset]
        if byte >= ASCII.space {
            if byte == ASCII.specialsLead, self[offset + 1] == 0xBF, self[offset + 2] >= 0xBE { return nil }
            return offset + 1
        }
        return byte == ASCII.tab || byte == ASCII.lineFeed || byte == ASCII.carriageReturn ? offset + 1 : nil
    }

    /// A reference at `offset` (on `&`): a predefined entity or a character reference to an XML
    /// character. Returns the offset after `;` and the scalar it stands for.
    func reference(at offset: Int) -> (end: Int, scalar: UInt32)? {
        if self[offset + 1] == ASCII.hash {
            var cursor = offset + 2
            let isHex = self[cursor] == ASCII.lowercaseX
            if isHex { cursor += 1 }
            var value: UInt32 = 0
            let digitsStart = cursor
            while cursor < count, cursor - digitsStart < 8 {
                let byte = start[cursor]
                if ASCII.isDigit(byte) {
                    value = value * (isHex ? 16 : 10) + UInt32(byte - 0x30)
                } else if isHex, (byte | 0x20) >= 0x61, (byte | 0x20) <= 0x66 {
                    value = value * 16 + UInt32((byte | 0x20) - 0x61 + 10)
                } else {
                    break
                }
                cursor += 1
            }
            guard cursor > digitsStart, self[cursor] == ASCII.semicolon else { return nil }
            let isCharacter = value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value <= 0xD7FF)
                || (value >= 0xE000 && value <= 0xFFFD) || (value >= 0x10000 && value <= 0x10FFFF)
            return isCharacter ? (cursor + 1, value) : nil
        }
        if starts(with: "&amp;", at: offset) { return (offset + 5, 0x26) }
        if starts(with: "&lt;", at: offset) { return (offset + 4, 0x3C) }
        if starts(with: "&gt;", at: offset) { return (offset + 4, 0x3E) }
        if starts(with: "&quot;", at: offset) { return (offset + 6, 0x22) }
        if starts(with: "&apos;", at: offset) { return (offset + 6, 0x27) }
        return nil
    }

    /// The attribute's value as XML gives it to applications: references replaced, tabs and
    /// line feeds as spaces.
    func value(_ attribute: ContractReader.Attribute) -> String {
        let raw = UnsafeBufferPointer(start: start + attribute.valueStart, count: attribute.valueEnd - attribute.valueStart)
        if attribute.isPlain { return String(decoding: raw, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var pending: [UInt8] = []
        var offset = attribute.valueStart
        func flush() {
            scalars.append(contentsOf: String(decoding: pending, as: UTF8.self).unicodeScalars)
            pending.removeAll(keepingCapacity: true)
        }
        while offset < attribute.valueEnd {
            let byte = start[offset]
            if byte == ASCII.ampersand, let reference = reference(at: offset), let scalar = Unicode.Scalar(reference.scalar) {
                flush()
                scalars.append(scalar)
                offset = reference.end
            } else {
                pending.append(byte == ASCII.tab || byte == ASCII.lineFeed ? ASCII.space : byte)
                offset += 1
            }
        }
        flush()
        return String(scalars)
    }

    /// Which contract attribute an attribute is, if any.
    func contractAttribute(_ attribute: ContractReader.Attribute) -> ContractAttribute? {
        guard attribute.nameEnd - attribute.nameStart > 5, starts(with: "data-", at: attribute.nameStart) else { return nil }
        for (index, name) in ContractAttribute.names.enumerated() where equals(attribute.nameStart, attribute.nameEnd, name) {
            return ContractAttribute(rawValue: index)
        }
        return nil
    }

    /// `[0-9]+\.[0-9]+`, the whole value.
    func isIndexPath(_ attribute: ContractReader.Attribute) -> Bool {
        var offset = attribute.valueStart
        var digits = 0
        while offset < attribute.valueEnd, ASCII.isDigit(start[offset]) { offset += 1; digits += 1 }
        guard digits > 0, offset < attribute.valueEnd, start[offset] == ASCII.period else { return false }
        offset += 1
        let afterPeriod = offset
        while offset < attribute.valueEnd, ASCII.isDigit(start[offset]) { offset += 1 }
        return offset > afterPeriod && offset == attribute.valueEnd
    }

    /// Whether every byte from `from` to `to` is a digit (and there is one).
    func isDigits(_ from: Int, _ to: Int) -> Bool {
        to > from && UnsafeBufferPointer(start: start + from, count: to - from).allSatisfy(ASCII.isDigit)
    }
}

/// The attributes the contract names (`data-…`), in the schema's order, and the values it allows.
enum ContractAttribute: Int {
    case tableStyle, indexed, editing, section, indexPath, cellStyle, accessory, editingStyle, movable, navigationBar, sectionIndex

    static let names: [[UInt8]] = [
        "data-table-style", "data-indexed", "data-editing", "data-section", "data-index-path", "data-cell-style",
        "data-accessory", "data-editing-style", "data-movable", "data-navigation-bar", "data-section-index",
    ].map { Array($0.utf8) }

    static let cellStyles: [[UInt8]] = ["default", "subtitle", "value1", "value2"].map { Array($0.utf8) }
    static let accessories: [[UInt8]] = ["none", "disclosure-indicator", "detail-disclosure-button", "detail-button", "checkmark", "switch", "slider", "custom"]
        .map { Array($0.utf8) }
    static let editingStyles: [[UInt8]] = ["none", "delete", "insert"].map { Array($0.utf8) }
    static let booleans: [[UInt8]] = ["true", "false"].map { Array($0.utf8) }
}

let xhtmlNamespace = Array("http://www.w3.org/1999/xhtml".utf8)
