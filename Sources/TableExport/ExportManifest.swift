import Foundation
import TableStore
import TableRender

/// Remembers, in the export folder, each page's content fingerprint and when that content was
/// made, so that a re-export keeps the date (and so the bytes) of pages whose content is unchanged.
final class ExportManifest: @unchecked Sendable {
    struct Entry: Codable {
        var fingerprint: String
        var date: Date
        /// Where the file read holds this entry (`"<page>":{…}`) as `save` writes it, which `save`
        /// then copies: most of a re-export's pages are taken as they are.
        var written: Range<Int>? = nil

        private enum CodingKeys: String, CodingKey { case fingerprint, date }
    }

    static let fileName = ".tablestack-export.json"
    private let url: URL
    private let lock = NSLock()
    private var entries: [String: Entry]
    /// The names the file held, in its order: sorted, when `save` wrote it.
    private let namesRead: [String]
    /// The names `made` gave the manifest that it did not hold.
    private var namesAdded: [String] = []
    /// The file as read, when `parse` read it: the entries' `written` text is in it.
    private let read: [UInt8]

    init(folder: String) {
        url = URL(fileURLWithPath: folder).appendingPathComponent(Self.fileName)
        guard let bytes = FileBytes.read(url.path) else {
            (entries, namesRead, read) = ([:], [], [])
            return
        }
        if let parsed = bytes.withUnsafeBufferPointer({ Self.parse($0) }) {
            (entries, namesRead, read) = (parsed.entries, parsed.names, bytes)
        } else {
            read = []
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            entries = (try? decoder.decode([String: Entry].self, from: Data(bytes))) ?? [:]
            namesRead = entries.keys.sorted()
        }
    }

    /// Reads the manifest as `save()` writes it, in place; `nil` for anything else (a string with
    /// an escape, say), which JSONDecoder then reads. JSONDecoder costs a tenth of an export that
    /// makes two pages of 10,001. Gives the names in the file's order too, and each entry whose
    /// strings are printable ASCII the bytes that hold it (`written`).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (entries: [String: Entry], names: [String])? {
        var at = 0
        func expect(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard at + count <= bytes.count, let base = bytes.baseAddress, memcmp(base + at, text.utf8Start, count) == 0 else { return false }
            at += count
            return true
        }
        // Whether every string of the entry read so far is printable ASCII, which `save` writes
        // byte for byte as read (page names are percent-encoded, fingerprints and dates ASCII).
        var isPlain = true
        func string() -> String? {
            guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
            let start = at + 1
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                guard bytes[end] != UInt8(ascii: "\\") else { return nil }
                if bytes[end] < 0x20 || bytes[end] > 0x7E { isPlain = false }
                end += 1
            }
            guard end < bytes.count else { return nil }
            at = end + 1
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        var entries: [String: Entry] = [:]
        var names: [String] = []
        // An entry takes more than 64 bytes.
        entries.reserveCapacity(bytes.count / 64)
        names.reserveCapacity(bytes.count / 64)
        var dates: [String: Date] = [:]
        guard expect("{") else { return nil }
        if expect("}") { return at == bytes.count ? (entries, names) : nil }
        repeat {
            let start = at
            isPlain = true
            guard let name = string(), expect(#":{"date":"#), let dateText = string(), expect(#","fingerprint":"#),
                  let fingerprint = string(), expect("}") else { return nil }
            guard let date = dates[dateText] ?? utcDate(dateText) else { return nil }
            dates[dateText] = date
            let entry = Entry(fingerprint: fingerprint, date: date, written: isPlain ? start..<at : nil)
            guard entries.updateValue(entry, forKey: name) == nil else { return nil }
            names.append(name)
        } while expect(",")
        return expect("}") && at == bytes.count ? (entries, names) : nil
    }

    /// Whether the manifest holds a date for every page of `names`.
    func hasDates(for names: some Sequence<String>) -> Bool {
        lock.withLock { names.allSatisfy { entries[$0] != nil } }
    }

    /// The date the page `name` with the content `html` was first made (`otherwise` for new
    /// content), and what the last export wrote for the page: these very bytes when the manifest
    /// holds this content for it, others when it holds other content (as fingerprinted now).
    /// Fingerprints are recorded as `2:<Fingerprint.hex>`; a record without the prefix was made
    /// with FNV-1a by an earlier TableStack and is compared as such, so upgrading re-dates nothing.
    func made(_ name: String, html: String, otherwise date: Date) -> (date: Date, lastWritten: LastWritten) {
        let fingerprint = "2:" + Fingerprint.hex(of: html)
        lock.lock()
        let entry = entries[name]
        lock.unlock()
        if let entry, entry.fingerprint == fingerprint
            || (!entry.fingerprint.hasPrefix("2:") && entry.fingerprint == Fingerprint.fnv1a(of: html)) {
            // The same fingerprint and date: the entry's text as read still stands.
            let isSame = entry.fingerprint == fingerprint
            lock.withLock { entries[name] = Entry(fingerprint: fingerprint, date: entry.date, written: isSame ? entry.written : nil) }
            return (entry.date, isSame ? .these : .unknown)
        }
        lock.withLock {
            if entries.updateValue(Entry(fingerprint: fingerprint, date: date), forKey: name) == nil { namesAdded.append(name) }
        }
        // Other content only by this TableStack's fingerprint: an earlier one's is not relied on.
        return (date, entry?.fingerprint.hasPrefix("2:") == true ? .others : .unknown)
    }

    /// The moment `text` names as `save()` writes it (`2026-11-24T06:36:07Z`), read by hand:
    /// making an ISO8601DateFormatter costs 5 ms of a re-export. `nil` for any other form.
    static func utcDate(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
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

    /// Writes the manifest as JSON (`{"<page>": {"date": "<ISO 8601>", "fingerprint": "…"}}`, keys
    /// sorted), by hand: JSONEncoder took 30 ms for 10,000 pages, after every page was done. The
    /// names read are in order already when this wrote them: only the names added are sorted
    /// and merged into them, rather than every page's name sorted again. An entry with the text
    /// it was read from is copied as read.
    func save() throws {
        let json: [UInt8] = lock.withLock {
            let names = namesRead.isInOrder(by: <) ? namesRead.merged(with: namesAdded.sorted(), by: <) : entries.keys.sorted()
            var dates: [Date: String] = [:]
            var formatter: ISO8601DateFormatter?
            var out: [UInt8] = []
            out.reserveCapacity(entries.count * 96)
            out.append(UInt8(ascii: "{"))
            for (index, name) in names.enumerated() {
                let entry = entries[name]!
                if index > 0 { out.append(UInt8(ascii: ",")) }
                if let written = entry.written {
                    out.append(contentsOf: read[written])
                    continue
                }
                let date = dates[entry.date] ?? {
                    if formatter == nil { formatter = ISO8601DateFormatter() }
                    let text = formatter!.string(from: entry.date)
                    dates[entry.date] = text
                    return text
                }()
                JSONText.append(string: name, to: &out)
                out.append(contentsOf: #":{"date":"#.utf8)
                JSONText.append(string: date, to: &out)
                out.append(contentsOf: #","fingerprint":"#.utf8)
                JSONText.append(string: entry.fingerprint, to: &out)
                out.append(UInt8(ascii: "}"))
            }
            out.append(UInt8(ascii: "}"))
            return out
        }
        try FileBytes.write(json, to: url.path)
    }
}
