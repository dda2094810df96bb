import Foundation
import TableStore

/// The export manifest's file as `ExportManifest.save` writes it, and where each entry stands in
/// it: `{"<page>":{"date":"<ISO 8601>","fingerprint":"…"},…}`, with no white space, strings
/// escaped as `JSONText` escapes them, dates to the second in UTC, and the names in the order of
/// their escaped bytes, each once. Read without making a string of any entry: an entry is looked
/// up by its name's bytes, and one `save` leaves as it was is copied back as it stands.
struct ManifestText {
    /// Where one entry stands in `bytes`: its name and fingerprint between their quotes, its
    /// date's text, and the whole entry from the name's opening quote to its closing brace.
    struct Slot {
        var name: Range<Int>
        var date: Range<Int>
        var fingerprint: Range<Int>
        var whole: Range<Int>
    }

    let bytes: [UInt8]
    /// The entries in the order of the file, which is their names' order.
    let slots: [Slot]

    /// A manifest without entries.
    init() {
        bytes = Array("{}".utf8)
        slots = []
    }

    /// The text `bytes` as `save` writes it; `nil` for anything else (other spacing, an escape
    /// `JSONText` does not write, a date of another form, names out of order or twice).
    init?(_ bytes: [UInt8]) {
        guard let slots = bytes.withUnsafeBufferPointer(Self.slots(in:)) else { return nil }
        self.bytes = bytes
        self.slots = slots
    }

    private static func slots(in text: UnsafeBufferPointer<UInt8>) -> [Slot]? {
        var at = 0
        func expect(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard at + count <= text.count, let base = text.baseAddress, memcmp(base + at, literal.utf8Start, count) == 0 else { return false }
            at += count
            return true
        }
        // A string between quotes, escaped as `JSONText` escapes; its content's range.
        func string() -> Range<Int>? {
            guard at < text.count, text[at] == UInt8(ascii: "\"") else { return nil }
            let start = at + 1
            var cursor = start
            while cursor < text.count, text[cursor] != UInt8(ascii: "\"") {
                guard text[cursor] >= 0x20 else { return nil }
                if text[cursor] == UInt8(ascii: "\\") {
                    guard let end = JSONText.escapeEnd(in: text, at: cursor) else { return nil }
                    cursor = end
                } else {
                    cursor += 1
                }
            }
            guard cursor < text.count else { return nil }
            at = cursor + 1
            return start..<cursor
        }
        var slots: [Slot] = []
        // An entry takes more than 64 bytes.
        slots.reserveCapacity(text.count / 64)
        var lastDate: Range<Int>?
        guard expect("{") else { return nil }
        if !expect("}") {
            repeat {
                let start = at
                guard let name = string(), expect(#":{"date":"#), let date = string(), expect(#","fingerprint":"#),
                      let fingerprint = string(), expect("}") else { return nil }
                // Most entries carry the date of the one before: checked once.
                if lastDate.map({ !equal(text, $0, date) }) ?? true {
                    guard utcDate(UnsafeBufferPointer(rebasing: text[date])) != nil else { return nil }
                    lastDate = date
                }
                if let previous = slots.last, compare(UnsafeBufferPointer(rebasing: text[previous.name]),
                                                      UnsafeBufferPointer(rebasing: text[name])) >= 0 { return nil }
                slots.append(Slot(name: name, date: date, fingerprint: fingerprint, whole: start..<at))
            } while expect(",")
            guard expect("}") else { return nil }
        }
        return at == text.count ? slots : nil
    }

    /// The number of the entry for the page `name`, if there is one.
    func entry(named name: String) -> Int? {
        bytes.withUnsafeBufferPointer { text in slots.withUnsafeBufferPointer { Self.entry(named: name, text, $0) } }
    }

    /// Whether the text has an entry for every page of `names` but those `isElsewhere` accepts.
    func hasEntries(for names: some Sequence<String>, unlessElsewhere isElsewhere: (String) -> Bool) -> Bool {
        bytes.withUnsafeBufferPointer { text in
            slots.withUnsafeBufferPointer { slots in
                names.allSatisfy { Self.entry(named: $0, text, slots) != nil || isElsewhere($0) }
            }
        }
    }

    /// Found by halving: the slots are in their names' order.
    private static func entry(named name: String, _ text: UnsafeBufferPointer<UInt8>, _ slots: UnsafeBufferPointer<Slot>) -> Int? {
        withEncoded(name) { key in
            var low = 0, high = slots.count
            while low < high {
                let middle = (low + high) / 2
                let order = compare(UnsafeBufferPointer(rebasing: text[slots[middle].name]), key)
                if order == 0 { return middle }
                if order < 0 { low = middle + 1 } else { high = middle }
            }
            return nil
        }
    }

    /// What the entry numbered `number` records (its date and fingerprint were checked when the
    /// text was read).
    func recorded(_ number: Int) -> ExportManifest.Entry? {
        let slot = slots[number]
        return bytes.withUnsafeBufferPointer { text in
            guard let date = Self.utcDate(UnsafeBufferPointer(rebasing: text[slot.date])),
                  let fingerprint = JSONText.unescaped(UnsafeBufferPointer(rebasing: text[slot.fingerprint])) else { return nil }
            return ExportManifest.Entry(fingerprint: fingerprint, date: date)
        }
    }

    /// The text with the entries numbered in `replacing` written anew and those of `adding` put
    /// in their places; every other entry is copied as it stands.
    func saved(replacing: [Int: ExportManifest.Entry], adding: [String: ExportManifest.Entry]) -> [UInt8] {
        let added = adding.map { (name: Self.encoded($0.key), entry: $0.value) }.sorted { Self.precedes($0.name, $1.name) }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + (replacing.count + added.count) * 96)
        var dates = DateTexts()
        out.append(UInt8(ascii: "{"))
        var next = 0
        bytes.withUnsafeBufferPointer { text in
            for (number, slot) in slots.enumerated() {
                let name = UnsafeBufferPointer(rebasing: text[slot.name])
                while next < added.count, added[next].name.withUnsafeBufferPointer({ Self.compare($0, name) < 0 }) {
                    Self.append(name: added[next].name, added[next].entry, to: &out, dates: &dates)
                    next += 1
                }
                if let entry = replacing[number] {
                    Self.append(name: name, entry, to: &out, dates: &dates)
                } else {
                    if out.count > 1 { out.append(UInt8(ascii: ",")) }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: text[slot.whole]))
                }
            }
        }
        for (name, entry) in added[next...] { Self.append(name: name, entry, to: &out, dates: &dates) }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The text of `entries`, as `save` writes them.
    static func written(_ entries: [String: ExportManifest.Entry]) -> [UInt8] {
        ManifestText().saved(replacing: [:], adding: entries)
    }

    /// Whether `date` can be written as `save` writes it: in years 1 to 9999.
    static func isWritable(_ date: Date) -> Bool {
        (-62_135_596_800 ... 253_402_300_799).contains(date.timeIntervalSince1970)
    }

    /// `name` escaped as in the text, without its quotes.
    static func encoded(_ name: String) -> [UInt8] {
        withEncoded(name) { Array($0) }
    }

    /// The names of the entries, in order (a file's own order, as written).
    var names: [String] {
        bytes.withUnsafeBufferPointer { text in slots.compactMap { JSONText.unescaped(UnsafeBufferPointer(rebasing: text[$0.name])) } }
    }

    private static func withEncoded<Result>(_ name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        var name = name
        return name.withUTF8 { bytes in
            // A page's name (percent-encoded) needs no escape: its own bytes, with nothing made.
            guard bytes.contains(where: JSONText.needsEscape) else { return body(bytes) }
            var quoted: [UInt8] = []
            JSONText.append(string: String(decoding: bytes, as: UTF8.self), to: &quoted)
            return quoted.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0.dropFirst().dropLast())) }
        }
    }

    /// `"<name>":{"date":"…","fingerprint":"…"}`, after a comma unless it is the first.
    private static func append(name: some Collection<UInt8>, _ entry: ExportManifest.Entry, to out: inout [UInt8], dates: inout DateTexts) {
        if out.count > 1 { out.append(UInt8(ascii: ",")) }
        out.append(UInt8(ascii: "\""))
        out.append(contentsOf: name)
        out.append(contentsOf: #"":{"date":""#.utf8)
        out.append(contentsOf: dates.text(of: entry.date))
        out.append(contentsOf: #"","fingerprint":"#.utf8)
        JSONText.append(string: entry.fingerprint, to: &out)
        out.append(UInt8(ascii: "}"))
    }

    /// Dates as the text writes them, each formatted once (the formatter is made on first use).
    private struct DateTexts {
        var formatter: ISO8601DateFormatter?
        var texts: [Date: [UInt8]] = [:]

        mutating func text(of date: Date) -> [UInt8] {
            if let text = texts[date] { return text }
            if formatter == nil { formatter = ISO8601DateFormatter() }
            let text = Array(formatter!.string(from: date).utf8)
            texts[date] = text
            return text
        }
    }

    private static func equal(_ text: UnsafeBufferPointer<UInt8>, _ first: Range<Int>, _ second: Range<Int>) -> Bool {
        first.count == second.count && memcmp(text.baseAddress! + first.lowerBound, text.baseAddress! + second.lowerBound, first.count) == 0
    }

    /// The order of two names' escaped bytes: negative, zero or positive.
    private static func compare(_ first: UnsafeBufferPointer<UInt8>, _ second: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(first.count, second.count)
        if common > 0, let one = first.baseAddress, let other = second.baseAddress {
            let order = memcmp(one, other, common)
            if order != 0 { return Int(order) }
        }
        return first.count - second.count
    }

    private static func precedes(_ first: [UInt8], _ second: [UInt8]) -> Bool {
        first.withUnsafeBufferPointer { one in second.withUnsafeBufferPointer { compare(one, $0) < 0 } }
    }

    /// The moment `text` names as `save()` writes it (`2026-11-24T06:36:07Z`), read by hand:
    /// making an ISO8601DateFormatter costs 5 ms of a re-export. `nil` for any other form.
    static func utcDate(_ text: some Collection<UInt8>) -> Date? {
        let bytes = Array(text)
        guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"), bytes[19] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int32? {
            var value: Int32 = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int32(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
              let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        var parts = tm()
        (parts.tm_year, parts.tm_mon, parts.tm_mday) = (year - 1900, month - 1, day)
        (parts.tm_hour, parts.tm_min, parts.tm_sec) = (hour, minute, second)
        let seconds = timegm(&parts)
        // timegm moves an impossible day (31 April) on: such text is not a date `save()` wrote.
        guard parts.tm_mday == day, parts.tm_mon == month - 1 else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
