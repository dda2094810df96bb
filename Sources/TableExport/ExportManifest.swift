import Foundation
import TableRender
import TableStore

/// Remembers, in the export folder, each page's content fingerprint and when that content was
/// made, so that a re-export keeps the date (and so the bytes) of pages whose content is unchanged.
///
/// Kept as the file's own bytes (`ManifestText`), with where each entry stands in them: a
/// re-export makes a page or two of 10,000 again, so it looks up a few entries and writes the
/// others back as they were. A string and a table entry for every page, as JSON decoding gives,
/// cost more than the rest of what an export reads about its pages.
final class ExportManifest: @unchecked Sendable {
    /// An entry as JSON decoding reads it, for a file that is not as `save` writes it.
    struct Entry: Codable {
        var fingerprint: String
        var date: Date
    }

    static let fileName = ".tablestack-export.json"
    private let url: URL
    private let lock = NSLock()
    /// The entries as `save` writes them: the file read, when it was written so, else what it
    /// held written so again.
    private let text: ManifestText
    /// What `made` recorded that the text does not say: new content for an entry of the text (by
    /// its number), and entries for pages the text lacks.
    private var replaced: [Int: Entry] = [:]
    private var added: [String: Entry] = [:]

    init(folder: String) {
        url = URL(fileURLWithPath: folder).appendingPathComponent(Self.fileName)
        guard let bytes = FileBytes.read(url.path) else {
            text = ManifestText()
            return
        }
        if let read = ManifestText(bytes) {
            text = read
        } else {
            // Another order, spacing or escape than `save` writes (a file of an earlier TableStack,
            // or edited by hand): decoded, then held as `save` writes it. Entries that cannot be
            // written so (a date outside years 1–9999) are left out: those pages are dated anew.
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            let entries = (try? decoder.decode([String: Entry].self, from: Data(bytes))) ?? [:]
            text = ManifestText(ManifestText.written(entries.filter { ManifestText.isWritable($0.value.date) })) ?? ManifestText()
        }
    }

    /// Whether the manifest holds a date for every page of `names`.
    func hasDates(for names: some Sequence<String>) -> Bool {
        // The text never changes: the names added are read under the lock, the text outside it.
        let added = lock.withLock { self.added }
        return text.hasEntries(for: names) { added[$0] != nil }
    }

    /// The date the page `name` with the content `html` was first made (`otherwise` for new
    /// content), and what the last export wrote for the page: these very bytes when the manifest
    /// holds this content for it, others when it holds other content (as fingerprinted now).
    /// Fingerprints are recorded as `2:<Fingerprint.hex>`; a record without the prefix was made
    /// with FNV-1a by an earlier TableStack and is compared as such, so upgrading re-dates nothing.
    func made(_ name: String, html: String, otherwise date: Date) -> (date: Date, lastWritten: LastWritten) {
        let fingerprint = "2:" + Fingerprint.hex(of: html)
        // The text never changes: only what `made` records needs the lock.
        let number = text.entry(named: name)
        let recorded = lock.withLock { if let number { replaced[number] } else { added[name] } }
        let held = recorded ?? number.flatMap(text.recorded)
        func record(_ entry: Entry) {
            // A date the file cannot hold is not recorded: the page is dated anew next time.
            guard ManifestText.isWritable(entry.date) else { return }
            lock.withLock { if let number { replaced[number] = entry } else { added[name] = entry } }
        }
        if let held, held.fingerprint == fingerprint {
            return (held.date, .these)
        }
        if let held, !held.fingerprint.hasPrefix("2:"), held.fingerprint == Fingerprint.fnv1a(of: html) {
            // The same content by an earlier fingerprint: its date stays, recorded by this one's.
            record(Entry(fingerprint: fingerprint, date: held.date))
            return (held.date, .unknown)
        }
        record(Entry(fingerprint: fingerprint, date: date))
        // Other content only by this TableStack's fingerprint: an earlier one's is not relied on.
        return (date, held?.fingerprint.hasPrefix("2:") == true ? .others : .unknown)
    }

    /// Writes the manifest as JSON (`{"<page>":{"date":"<ISO 8601>","fingerprint":"…"}}`, names
    /// in order), by hand: JSONEncoder took 30 ms for 10,000 pages. The entries `made` left as
    /// they were are copied from the text; the names added are sorted and merged in.
    func save() throws {
        let json = lock.withLock { text.saved(replacing: replaced, adding: added) }
        try FileBytes.write(json, to: url.path)
    }
}
