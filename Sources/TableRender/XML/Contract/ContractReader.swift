import Foundation

/// Walks a page's XML for the contract scanner: the prolog, tags, attributes, text, references and
/// comments, failing on anything outside the small part of XML TableStack's pages use. What each
/// element means to the contract is judged in `ContractReader+Elements`.
struct ContractReader {
    /// An open element.
    struct Open { var nameStart: Int; var nameEnd: Int; var kind: ElementKind }
    /// An attribute of the start tag being read: where its name and value are, and whether the
    /// value is plain (no reference or white space to normalise).
    struct Attribute { var nameStart: Int; var nameEnd: Int; var valueStart: Int; var valueEnd: Int; var isPlain: Bool }

    let bytes: PageBytes
    let ordinary = ordinaryBytes
    /// Where the reading is.
    var position = 0

    var stack: [Open] = []
    /// The start tag's attributes: the first `attributeCount` of `attributeSlots` (reused, so a
    /// tag allocates nothing).
    var attributeSlots: [Attribute] = []
    var attributeCount = 0
    /// The start tag's contract attributes, by `ContractAttribute`: an index into the slots, or -1.
    var contractSlots = [Int](repeating: -1, count: ContractAttribute.names.count)
    var contractCount = 0

    /// What the contract rules need of the page as a whole (see `ContractReader+Elements`).
    var ids: Set<String> = []
    var links: [String] = []
    var rootChildren = 0
    var mains = 0
    var isMainOpen = false
    var isMainEditing = false
    var isMainSheet = false
    var isMainIndexed = false
    var rowPaths: Set<String> = []
    var bars = 0
    var isBarOpen = false
    var barHeadings = 0
    var barUpLinks = 0
    var indexes = 0
    var openIndexes = 0
    var indexTargets: [String] = []

    /// The parts of the page whose readings are recorded or given (`ContractReader+Parts`).
    var parts: [Range<Int>?] = []
    var givenParts: [Int: ContractPart] = [:]
    var foundParts: [ContractPart?] = []
    var nextPart = 0
    /// Where the next part begins or the one being recorded ends: the reading stops there.
    var nextBoundary = Int.max
    var recording: PartRecording?
    /// The parts taken as given, by number.
    var takenParts: [Int] = []

    init(_ bytes: PageBytes) {
        self.bytes = bytes
        stack.reserveCapacity(32)
        attributeSlots.reserveCapacity(16)
        // A row takes more than 384 bytes of a page: room for a long list's ids, links and index
        // paths without the sets growing (and hashing every element again) a dozen times.
        let rows = bytes.count / 384
        ids.reserveCapacity(rows)
        links.reserveCapacity(rows)
        rowPaths.reserveCapacity(rows)
    }

    /// Reads the whole page; its ids and links when it is clean.
    mutating func read() -> ContractScanner.Clean? {
        skipSpace()
        if bytes.starts(with: "<!DOCTYPE", at: position) {
            position += 9
            guard skipSpace(), bytes.starts(with: "html", at: position) else { return nil }
            position += 4
            skipSpace()
            guard bytes[position] == ASCII.greaterThan else { return nil }
            position += 1
        }
        guard miscellany() else { return nil }
        guard bytes[position] == ASCII.lessThan, startTag() else { return nil }
        while !stack.isEmpty {
            if position >= nextBoundary {
                guard crossPartBoundary() else { return nil }
            }
            guard position < bytes.count else { return nil }
            let byte = bytes[position]
            if byte == ASCII.lessThan {
                let next = bytes[position + 1]
                if next == ASCII.slash {
                    guard endTag() else { return nil }
                } else if next == ASCII.exclamation {
                    guard comment() else { return nil }
                } else {
                    guard startTag() else { return nil }
                }
            } else if ordinary[Int(byte)], stack.count > 1 {
                position += 1
                // Text stops at a part's boundary too, which may fall between two runs of text.
                let limit = min(bytes.count, nextBoundary)
                while position < limit, ordinary[Int(bytes[position])] { position += 1 }
            } else if stack.count == 1 {
                // Directly in <html> only white space may stand between <head> and <body>.
                guard ASCII.isSpace(byte) else { return nil }
                position += 1
            } else if byte == ASCII.ampersand {
                guard let reference = bytes.reference(at: position) else { return nil }
                position = reference.end
            } else if byte == ASCII.closingBracket, bytes.starts(with: "]]>", at: position) {
                return nil
            } else {
                guard let next = bytes.character(at: position) else { return nil }
                position = next
            }
        }
        guard miscellany(), position == bytes.count else { return nil }
        return isWholePageClean ? ContractScanner.Clean(ids: ids, links: links) : nil
    }

    /// Skips XML white space; whether there was any.
    @discardableResult
    mutating func skipSpace() -> Bool {
        let start = position
        while position < bytes.count, ASCII.isSpace(bytes[position]) { position += 1 }
        return position > start
    }

    /// White space and comments before or after the root element.
    mutating func miscellany() -> Bool {
        while true {
            skipSpace()
            guard bytes.starts(with: "<!--", at: position) else { return true }
            guard comment() else { return false }
        }
    }

    /// `<!-- … -->` without `--` inside; anything else starting `<!` is left to libxml2.
    mutating func comment() -> Bool {
        guard bytes.starts(with: "<!--", at: position) else { return false }
        var cursor = position + 4
        while cursor < bytes.count {
            if bytes[cursor] == ASCII.hyphen, bytes[cursor + 1] == ASCII.hyphen {
                guard bytes[cursor + 2] == ASCII.greaterThan else { return false }
                position = cursor + 3
                return true
            }
            guard let next = bytes.character(at: cursor) else { return false }
            cursor = next
        }
        return false
    }

    mutating func endTag() -> Bool {
        guard let open = stack.last, let end = bytes.name(at: position + 2),
              bytes.equals(position + 2, end, open.nameStart, open.nameEnd) else { return false }
        position = end
        skipSpace()
        guard bytes[position] == ASCII.greaterThan else { return false }
        position += 1
        return close()
    }

    mutating func startTag() -> Bool {
        let nameStart = position + 1
        guard let nameEnd = bytes.name(at: nameStart), bytes[nameEnd] != ASCII.colon else { return false }
        position = nameEnd
        attributeCount = 0
        var isSelfClosing = false
        while true {
            let hadSpace = skipSpace()
            let byte = bytes[position]
            if byte == ASCII.greaterThan {
                position += 1
                break
            }
            if byte == ASCII.slash, bytes[position + 1] == ASCII.greaterThan {
                position += 2
                isSelfClosing = true
                break
            }
            guard hadSpace, attribute() else { return false }
        }
        for index in contractSlots.indices { contractSlots[index] = -1 }
        contractCount = 0
        for index in 0..<attributeCount {
            guard let known = bytes.contractAttribute(attributeSlots[index]) else { continue }
            contractSlots[known.rawValue] = index
            contractCount += 1
        }
        guard let kind = kind(nameStart, nameEnd), element(kind, nameStart, nameEnd) else { return false }
        stack.append(Open(nameStart: nameStart, nameEnd: nameEnd, kind: kind))
        return isSelfClosing ? close() : true
    }

    /// One `name="value"`; only `xml:lang` has a prefix, and the value may not hold `<`, a
    /// carriage return (line-end handling) or a reference libxml2 would refuse.
    mutating func attribute() -> Bool {
        let nameStart = position
        guard var nameEnd = bytes.name(at: position) else { return false }
        if bytes[nameEnd] == ASCII.colon {
            // `xml:lang` only: libxml2 judges the values of xml:id and xml:space itself.
            guard bytes.equals(nameStart, nameEnd, "xml"), let local = bytes.name(at: nameEnd + 1),
                  bytes.equals(nameEnd + 1, local, "lang") else { return false }
            nameEnd = local
        }
        position = nameEnd
        skipSpace()
        guard bytes[position] == ASCII.equals else { return false }
        position += 1
        skipSpace()
        let quote = bytes[position]
        guard quote == ASCII.quote || quote == ASCII.apostrophe else { return false }
        let valueStart = position + 1
        var cursor = valueStart
        var isPlain = true
        while true {
            while cursor < bytes.count, ordinary[Int(bytes[cursor])] { cursor += 1 }
            guard cursor < bytes.count else { return false }
            let byte = bytes[cursor]
            if byte == quote { break }
            switch byte {
            case ASCII.lessThan, ASCII.carriageReturn: return false
            case ASCII.ampersand:
                guard let reference = bytes.reference(at: cursor) else { return false }
                cursor = reference.end
                isPlain = false
            case ASCII.tab, ASCII.lineFeed:
                cursor += 1
                isPlain = false
            default:
                guard let next = bytes.character(at: cursor) else { return false }
                cursor = next
            }
        }
        // By index: a slice of the slots would hold their buffer, and the write below would copy it.
        for other in 0..<attributeCount
            where bytes.equals(nameStart, nameEnd, attributeSlots[other].nameStart, attributeSlots[other].nameEnd) { return false }
        let attribute = Attribute(nameStart: nameStart, nameEnd: nameEnd, valueStart: valueStart, valueEnd: cursor, isPlain: isPlain)
        if attributeCount < attributeSlots.count { attributeSlots[attributeCount] = attribute } else { attributeSlots.append(attribute) }
        attributeCount += 1
        position = cursor + 1
        return true
    }

    /// The start tag's contract attribute `name`, if it has it.
    subscript(_ name: ContractAttribute) -> Attribute? {
        let index = contractSlots[name.rawValue]
        return index < 0 ? nil : attributeSlots[index]
    }

    /// The start tag's attribute named `literal`, if it has it.
    func find(_ literal: StaticString) -> Attribute? {
        for index in 0..<attributeCount where bytes.equals(attributeSlots[index].nameStart, attributeSlots[index].nameEnd, literal) {
            return attributeSlots[index]
        }
        return nil
    }
}
