import Foundation

/// A one-pass reading of a page's bytes that can only say "clean": well-formed, valid against the
/// markup contract's RelaxNG schema and true to the contract rules, with the page's ids and links.
///
/// It knows the small part of XML that TableStack's own pages use (ASCII names, the predefined
/// entities and character references, comments, `<!DOCTYPE html>`, the XHTML namespace on the root
/// and `xml:lang`) and answers `nil` for anything else or anything wrong, so the caller then
/// asks libxml2, whose verdict and messages are the ones users see. Accepting is the one thing it
/// must never get wrong: a page it accepts is one libxml2 and the schema accept, with the same ids
/// and links. The differential tests in `ContractScannerTests` hold it to that.
enum ContractScanner {
    /// What a clean page holds that an export needs.
    struct Clean: Equatable {
        var ids: Set<String>
        var links: [String]
    }

    /// The fingerprint of the `markup-contract.rng` the scanner was written for. It works only
    /// while the bundled schema is that one: an edited schema sends every page to libxml2 until
    /// someone has brought the scanner in line and updated this (a test fails until then).
    static let schemaFingerprint = "d87a1aba3c1ba713"

    /// The fingerprint of the schema in the bundle.
    static let bundledSchemaFingerprint: String? = Bundle.module.url(forResource: "markup-contract", withExtension: "rng")
        .flatMap { FileManager.default.contents(atPath: $0.path) }
        .map { Fingerprint.hex(bytes: $0) }

    static let isCurrent = bundledSchemaFingerprint == schemaFingerprint

    /// The page's ids and links when it is certainly clean; `nil` when libxml2 must judge it.
    static func scan(_ html: String) -> Clean? {
        guard isCurrent else { return nil }
        var html = html
        return html.withUTF8 { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return nil }
            var scanner = Scanner(base, bytes.count)
            return scanner.run()
        }
    }
}

private let xhtmlNamespace = Array("http://www.w3.org/1999/xhtml".utf8)

/// For each byte, whether text or an attribute value may hold it without a second look: not a
/// control character, `<`, `&`, a quote, `]` (of `]]>`) or 0xEF (of U+FFFE, U+FFFF). Made once,
/// never freed.
nonisolated(unsafe) private let ordinaryBytes: UnsafePointer<Bool> = {
    let table = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
    for byte in 0..<256 { table[byte] = byte >= 0x20 && ![0x3C, 0x26, 0x22, 0x27, 0x5D, 0xEF].contains(byte) }
    return UnsafePointer(table)
}()

/// The attributes the contract names (`data-…`), in the schema's order.
private enum ContractAttribute: Int {
    case tableStyle, indexed, editing, section, indexPath, cellStyle, accessory, editingStyle, movable, navigationBar, sectionIndex

    static let names: [[UInt8]] = [
        "data-table-style", "data-indexed", "data-editing", "data-section", "data-index-path", "data-cell-style",
        "data-accessory", "data-editing-style", "data-movable", "data-navigation-bar", "data-section-index",
    ].map { Array($0.utf8) }

    static let cellStyles: [[UInt8]] = ["default", "subtitle", "value1", "value2"].map { Array($0.utf8) }
    static let accessories: [[UInt8]] = ["none", "disclosure-indicator", "detail-disclosure-button", "checkmark", "switch", "slider", "custom"]
        .map { Array($0.utf8) }
    static let editingStyles: [[UInt8]] = ["none", "delete", "insert"].map { Array($0.utf8) }
    static let booleans: [[UInt8]] = ["true", "false"].map { Array($0.utf8) }
}

/// What an open element is to the contract.
private enum Kind { case html, head, body, main, navigationBar, sectionIndex, other }

/// The page's bytes and what can be read from them alone. Kept apart from the scanner's state
/// so calling these copies two words, not the scanner with its arrays and sets.
private struct Bytes {
    let p: UnsafePointer<UInt8>
    let n: Int

    /// The byte at `k`, or 0 past the end (0 is never allowed in XML, so it reads as "stop").
    @inline(__always) func at(_ k: Int) -> UInt8 { k < n ? p[k] : 0 }

    func starts(with literal: StaticString, at k: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard k + count <= n else { return false }
        return memcmp(p + k, literal.utf8Start, count) == 0
    }

    func equals(_ start: Int, _ end: Int, _ literal: StaticString) -> Bool {
        end - start == literal.utf8CodeUnitCount && memcmp(p + start, literal.utf8Start, end - start) == 0
    }

    func equals(_ start: Int, _ end: Int, _ bytes: [UInt8]) -> Bool {
        end - start == bytes.count && bytes.withUnsafeBufferPointer { memcmp(p + start, $0.baseAddress!, end - start) == 0 }
    }

    func isOne(of choices: [[UInt8]], _ start: Int, _ end: Int) -> Bool {
        choices.contains { equals(start, end, $0) }
    }

    /// An ASCII XML name (`[A-Za-z_][A-Za-z0-9._-]*`); its end, or nil.
    func name(at k: Int) -> Int? {
        let first = at(k)
        guard (first >= 0x61 && first <= 0x7A) || (first >= 0x41 && first <= 0x5A) || first == 0x5F else { return nil }
        var j = k + 1
        while j < n {
            let c = p[j]
            if (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E || c == 0x5F {
                j += 1
            } else {
                break
            }
        }
        return j
    }

    /// Checks one character at `k` that is not markup; returns the index after it, or nil when
    /// XML does not allow it (controls, U+FFFE, U+FFFF).
    @inline(__always) func character(at k: Int) -> Int? {
        let c = p[k]
        if c >= 0x20 {
            if c == 0xEF, at(k + 1) == 0xBF, at(k + 2) >= 0xBE { return nil }
            return k + 1
        }
        return c == 0x09 || c == 0x0A || c == 0x0D ? k + 1 : nil
    }

    /// A reference at `k` (on `&`): a predefined entity or a character reference to an XML
    /// character. Returns the index after `;` and the scalar it stands for.
    func reference(at k: Int) -> (end: Int, scalar: UInt32)? {
        if at(k + 1) == 0x23 {  // &#
            var j = k + 2
            let hex = at(j) == 0x78
            if hex { j += 1 }
            var value: UInt32 = 0
            let digitsStart = j
            while j < n, j - digitsStart < 8 {
                let c = p[j]
                if c >= 0x30 && c <= 0x39 {
                    value = value * (hex ? 16 : 10) + UInt32(c - 0x30)
                } else if hex, (c | 0x20) >= 0x61, (c | 0x20) <= 0x66 {
                    value = value * 16 + UInt32((c | 0x20) - 0x61 + 10)
                } else {
                    break
                }
                j += 1
            }
            guard j > digitsStart, at(j) == 0x3B else { return nil }
            let isCharacter = value == 0x9 || value == 0xA || value == 0xD || (value >= 0x20 && value <= 0xD7FF)
                || (value >= 0xE000 && value <= 0xFFFD) || (value >= 0x10000 && value <= 0x10FFFF)
            return isCharacter ? (j + 1, value) : nil
        }
        if starts(with: "&amp;", at: k) { return (k + 5, 0x26) }
        if starts(with: "&lt;", at: k) { return (k + 4, 0x3C) }
        if starts(with: "&gt;", at: k) { return (k + 4, 0x3E) }
        if starts(with: "&quot;", at: k) { return (k + 6, 0x22) }
        if starts(with: "&apos;", at: k) { return (k + 6, 0x27) }
        return nil
    }

    func equals(_ start: Int, _ end: Int, _ otherStart: Int, _ otherEnd: Int) -> Bool {
        end - start == otherEnd - otherStart && memcmp(p + start, p + otherStart, end - start) == 0
    }

    /// The attribute's value as XML gives it to applications: references replaced, tabs and
    /// line feeds as spaces.
    func value(_ attribute: Scanner.Attribute) -> String {
        let raw = UnsafeBufferPointer(start: p + attribute.valueStart, count: attribute.valueEnd - attribute.valueStart)
        if attribute.plain { return String(decoding: raw, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        var bytes: [UInt8] = []
        var k = attribute.valueStart
        func flush() {
            scalars.append(contentsOf: String(decoding: bytes, as: UTF8.self).unicodeScalars)
            bytes.removeAll(keepingCapacity: true)
        }
        while k < attribute.valueEnd {
            let c = p[k]
            if c == 0x26, let reference = reference(at: k), let scalar = Unicode.Scalar(reference.scalar) {
                flush()
                scalars.append(scalar)
                k = reference.end
            } else {
                bytes.append(c == 0x09 || c == 0x0A ? 0x20 : c)
                k += 1
            }
        }
        flush()
        return String(scalars)
    }

    /// Which contract attribute an attribute is, if any.
    func contractAttribute(_ attribute: Scanner.Attribute) -> ContractAttribute? {
        guard attribute.nameEnd - attribute.nameStart > 5, starts(with: "data-", at: attribute.nameStart) else { return nil }
        for (index, name) in ContractAttribute.names.enumerated() where equals(attribute.nameStart, attribute.nameEnd, name) {
            return ContractAttribute(rawValue: index)
        }
        return nil
    }

    /// `[0-9]+\.[0-9]+`, the whole value.
    func isIndexPath(_ attribute: Scanner.Attribute) -> Bool {
        var k = attribute.valueStart
        var digits = 0
        while k < attribute.valueEnd, p[k] >= 0x30, p[k] <= 0x39 { k += 1; digits += 1 }
        guard digits > 0, k < attribute.valueEnd, p[k] == 0x2E else { return false }
        k += 1
        let afterDot = k
        while k < attribute.valueEnd, p[k] >= 0x30, p[k] <= 0x39 { k += 1 }
        return k > afterDot && k == attribute.valueEnd
    }
}

private struct Scanner {
    let p: UnsafePointer<UInt8>
    let n: Int
    let text: Bytes
    let ordinary = ordinaryBytes
    var i = 0

    struct Open { var nameStart: Int; var nameEnd: Int; var kind: Kind }
    struct Attribute { var nameStart: Int; var nameEnd: Int; var valueStart: Int; var valueEnd: Int; var plain: Bool }

    var stack: [Open] = []
    /// The start tag's attributes: the first `attributeCount` of `attributeSlots` (reused, so a
    /// tag allocates nothing).
    var attributeSlots: [Attribute] = []
    var attributeCount = 0
    /// The start tag's contract attributes, by `ContractAttribute`: an index into `attributes`, or -1.
    var slots = [Int](repeating: -1, count: ContractAttribute.names.count)
    var contractCount = 0
    var ids: Set<String> = []
    var links: [String] = []
    var rootChildren = 0
    var mains = 0
    var mainIsOpen = false
    var mainIsEditing = false
    var mainIsSheet = false
    var mainIsIndexed = false
    var rowPaths: Set<String> = []
    var bars = 0
    var barIsOpen = false
    var barHeadings = 0
    var barUpLinks = 0
    var indexes = 0
    var openIndexes = 0
    var indexTargets: [String] = []

    init(_ p: UnsafePointer<UInt8>, _ n: Int) {
        self.p = p
        self.n = n
        text = Bytes(p: p, n: n)
        stack.reserveCapacity(32)
        attributeSlots.reserveCapacity(16)
    }

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x09 || c == 0x0D }

    /// Skips XML white space; whether there was any.
    @discardableResult
    mutating func skipSpace() -> Bool {
        let start = i
        while i < n, Self.isSpace(p[i]) { i += 1 }
        return i > start
    }

    mutating func run() -> ContractScanner.Clean? {
        skipSpace()
        if text.starts(with: "<!DOCTYPE", at: i) {
            i += 9
            guard skipSpace(), text.starts(with: "html", at: i) else { return nil }
            i += 4
            skipSpace()
            guard text.at(i) == 0x3E else { return nil }
            i += 1
        }
        guard miscellany() else { return nil }
        guard text.at(i) == 0x3C, startTag() else { return nil }
        while !stack.isEmpty {
            guard i < n else { return nil }
            let c = p[i]
            if c == 0x3C {
                let next = text.at(i + 1)
                if next == 0x2F {
                    guard endTag() else { return nil }
                } else if next == 0x21 {
                    guard comment() else { return nil }
                } else {
                    guard startTag() else { return nil }
                }
            } else if ordinary[Int(c)], stack.count > 1 {
                i += 1
                while i < n, ordinary[Int(p[i])] { i += 1 }
            } else if stack.count == 1 {
                // Directly in <html> only white space may stand between <head> and <body>.
                guard Self.isSpace(c) else { return nil }
                i += 1
            } else if c == 0x26 {
                guard let reference = text.reference(at: i) else { return nil }
                i = reference.end
            } else if c == 0x5D, text.starts(with: "]]>", at: i) {
                return nil
            } else {
                guard let next = text.character(at: i) else { return nil }
                i = next
            }
        }
        guard miscellany(), i == n else { return nil }
        guard mains == 1, mainIsIndexed == (indexes > 0), indexTargets.allSatisfy(ids.contains) else { return nil }
        return ContractScanner.Clean(ids: ids, links: links)
    }

    /// White space and comments before or after the root element.
    mutating func miscellany() -> Bool {
        while true {
            skipSpace()
            guard text.starts(with: "<!--", at: i) else { return true }
            guard comment() else { return false }
        }
    }

    /// `<!-- … -->` without `--` inside; anything else starting `<!` is left to libxml2.
    mutating func comment() -> Bool {
        guard text.starts(with: "<!--", at: i) else { return false }
        var j = i + 4
        while j < n {
            if p[j] == 0x2D, text.at(j + 1) == 0x2D {
                guard text.at(j + 2) == 0x3E else { return false }
                i = j + 3
                return true
            }
            guard let next = text.character(at: j) else { return false }
            j = next
        }
        return false
    }

    mutating func endTag() -> Bool {
        guard let open = stack.last, let end = text.name(at: i + 2), text.equals(i + 2, end, open.nameStart, open.nameEnd) else { return false }
        i = end
        skipSpace()
        guard text.at(i) == 0x3E else { return false }
        i += 1
        return close()
    }

    /// Leaves the innermost element, checking what the contract says of it as a whole.
    mutating func close() -> Bool {
        let open = stack.removeLast()
        switch open.kind {
        case .html: return rootChildren == 2
        case .main: mainIsOpen = false
        case .navigationBar:
            guard barHeadings == 1 else { return false }
            barIsOpen = false
        case .sectionIndex: openIndexes -= 1
        case .head, .body, .other: break
        }
        return true
    }

    mutating func startTag() -> Bool {
        let nameStart = i + 1
        guard let nameEnd = text.name(at: nameStart), text.at(nameEnd) != 0x3A else { return false }
        i = nameEnd
        attributeCount = 0
        var selfClosing = false
        while true {
            let hadSpace = skipSpace()
            let c = text.at(i)
            if c == 0x3E {
                i += 1
                break
            }
            if c == 0x2F, text.at(i + 1) == 0x3E {
                i += 2
                selfClosing = true
                break
            }
            guard hadSpace, attribute() else { return false }
        }
        for index in slots.indices { slots[index] = -1 }
        contractCount = 0
        for index in 0..<attributeCount {
            let attribute = attributeSlots[index]
            guard let known = text.contractAttribute(attribute) else { continue }
            slots[known.rawValue] = index
            contractCount += 1
        }
        guard let kind = kind(nameStart, nameEnd), element(kind, nameStart, nameEnd) else { return false }
        stack.append(Open(nameStart: nameStart, nameEnd: nameEnd, kind: kind))
        return selfClosing ? close() : true
    }

    /// One `name="value"`; only `xml:lang` has a prefix, and the value may not hold `<`, a
    /// carriage return (line-end handling) or a reference libxml2 would refuse.
    mutating func attribute() -> Bool {
        let nameStart = i
        guard var nameEnd = text.name(at: i) else { return false }
        if text.at(nameEnd) == 0x3A {
            // `xml:lang` only: libxml2 judges the values of xml:id and xml:space itself.
            guard text.equals(nameStart, nameEnd, "xml"), let local = text.name(at: nameEnd + 1), text.equals(nameEnd + 1, local, "lang") else { return false }
            nameEnd = local
        }
        i = nameEnd
        skipSpace()
        guard text.at(i) == 0x3D else { return false }
        i += 1
        skipSpace()
        let quote = text.at(i)
        guard quote == 0x22 || quote == 0x27 else { return false }
        let valueStart = i + 1
        var j = valueStart
        var plain = true
        while true {
            while j < n, ordinary[Int(p[j])] { j += 1 }
            guard j < n else { return false }
            let c = p[j]
            if c == quote { break }
            switch c {
            case 0x3C, 0x0D: return false
            case 0x26:
                guard let reference = text.reference(at: j) else { return false }
                j = reference.end
                plain = false
            case 0x09, 0x0A:
                j += 1
                plain = false
            default:
                guard let next = text.character(at: j) else { return false }
                j = next
            }
        }
        // By index: a slice of the slots would hold their buffer, and the write below would copy it.
        for k in 0..<attributeCount where text.equals(nameStart, nameEnd, attributeSlots[k].nameStart, attributeSlots[k].nameEnd) { return false }
        let attribute = Attribute(nameStart: nameStart, nameEnd: nameEnd, valueStart: valueStart, valueEnd: j, plain: plain)
        if attributeCount < attributeSlots.count { attributeSlots[attributeCount] = attribute } else { attributeSlots.append(attribute) }
        attributeCount += 1
        i = j + 1
        return true
    }

    subscript(_ name: ContractAttribute) -> Attribute? {
        mutating get {
        let index = slots[name.rawValue]
        return index < 0 ? nil : attributeSlots[index]
        }
    }

    mutating func find(_ literal: StaticString) -> Attribute? {
        for k in 0..<attributeCount where text.equals(attributeSlots[k].nameStart, attributeSlots[k].nameEnd, literal) {
            return attributeSlots[k]
        }
        return nil
    }

    /// What the element is to the contract; nil where the schema's structure forbids it.
    mutating func kind(_ start: Int, _ end: Int) -> Kind? {
        switch stack.count {
        case 0:
            guard text.equals(start, end, "html"), let namespace = find("xmlns"), namespace.plain,
                  text.equals(namespace.valueStart, namespace.valueEnd, xhtmlNamespace) else { return nil }
            return .html
        case 1:
            rootChildren += 1
            if rootChildren == 1, text.equals(start, end, "head") { return .head }
            if rootChildren == 2, text.equals(start, end, "body") { return .body }
            return nil
        default:
            if text.equals(start, end, "main") { return .main }
            if text.equals(start, end, "nav") {
                let isBar = self[.navigationBar] != nil
                let isIndex = self[.sectionIndex] != nil
                if isBar && isIndex { return nil }
                return isBar ? .navigationBar : isIndex ? .sectionIndex : .other
            }
            return .other
        }
    }

    /// Checks a start tag's attributes against the schema and the contract rules, and notes its
    /// ids and links.
    mutating func element(_ kind: Kind, _ start: Int, _ end: Int) -> Bool {
        let isSection = kind == .other && text.equals(start, end, "section")
        for k in 0..<attributeCount {
            let attribute = attributeSlots[k]
            if text.equals(attribute.nameStart, attribute.nameEnd, "xmlns") {
                guard stack.isEmpty else { return false }
            } else if text.equals(attribute.nameStart, attribute.nameEnd, "id") {
                guard ids.insert(text.value(attribute)).inserted else { return false }
            }
        }
        if let href = find("href") { links.append(text.value(href)) }
        if let src = find("src") { links.append(text.value(src)) }
        switch kind {
        case .html, .head, .body:
            guard contractCount == 0 else { return false }
        case .main:
            mains += 1
            guard mains == 1, contractCount == 3, has(.editing, oneOf: ContractAttribute.booleans),
                  let style = self[.tableStyle], let indexed = self[.indexed], indexed.plain else { return false }
            if text.equals(style.valueStart, style.valueEnd, "plain") {
                guard has(.indexed, oneOf: ContractAttribute.booleans) else { return false }
            } else {
                guard text.equals(style.valueStart, style.valueEnd, "grouped"), text.equals(indexed.valueStart, indexed.valueEnd, "false") else { return false }
            }
            mainIsOpen = true
            mainIsIndexed = text.equals(indexed.valueStart, indexed.valueEnd, "true")
            mainIsEditing = has(.editing, oneOf: [ContractAttribute.booleans[0]])
            mainIsSheet = find("class").map { TextSplice.contains(text.value($0), "sheet") } ?? false
        case .navigationBar:
            bars += 1
            guard bars == 1, contractCount == 1 else { return false }
            barIsOpen = true
            barHeadings = 0
            barUpLinks = 0
        case .sectionIndex:
            indexes += 1
            guard contractCount == 1, let label = find("aria-label"), !text.value(label).isEmpty else { return false }
            openIndexes += 1
        case .other where isSection:
            guard contractCount <= 1 else { return false }
            if let section = self[.section] {
                guard section.plain, section.valueEnd > section.valueStart,
                      UnsafeBufferPointer(start: p + section.valueStart, count: section.valueEnd - section.valueStart)
                          .allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return false }
            } else {
                guard contractCount == 0 else { return false }
            }
        case .other:
            if text.equals(start, end, "nav") { guard contractCount == 0 else { return false } }
            guard row() else { return false }
        }
        if barIsOpen {
            if text.equals(start, end, "h1") { barHeadings += 1 }
            if let rel = find("rel"), text.value(rel) == "up" {
                barUpLinks += 1
                guard barUpLinks <= 1 else { return false }
            }
        }
        if openIndexes > 0, text.equals(start, end, "a") {
            guard let href = find("href").map(text.value), href.hasPrefix("#") else { return false }
            indexTargets.append(String(href.dropFirst()))
        }
        return true
    }

    /// Whether the start tag has the contract attribute `name`, written plainly (no references
    /// or white space to normalise), with one of `choices` as its value.
    mutating func has(_ name: ContractAttribute, oneOf choices: [[UInt8]]) -> Bool {
        guard let attribute = self[name], attribute.plain else { return false }
        return text.isOne(of: choices, attribute.valueStart, attribute.valueEnd)
    }

    /// The row contract on any other element: all of it or none of it.
    mutating func row() -> Bool {
        if contractCount == 0 { return true }
        let editingStyle = self[.editingStyle]
        guard contractCount == (editingStyle == nil ? 4 : 5),
              let path = self[.indexPath], path.plain, text.isIndexPath(path),
              has(.cellStyle, oneOf: ContractAttribute.cellStyles), has(.accessory, oneOf: ContractAttribute.accessories),
              has(.movable, oneOf: ContractAttribute.booleans),
              editingStyle == nil || has(.editingStyle, oneOf: ContractAttribute.editingStyles)
        else { return false }
        if mainIsOpen {
            guard rowPaths.insert(text.value(path)).inserted else { return false }
            guard mainIsEditing == (editingStyle != nil) || mainIsSheet else { return false }
        }
        return true
    }
}
