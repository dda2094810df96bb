import TableKit
import TableRender

/// Which rows a section of a long list's page held when an export made it, and where their HTML
/// stands in the page's file: with the change log, the next export can tell a section whose rows
/// are all as they were and copy their HTML from the file rather than render it (`SectionCopies`).
///
/// Kept in the page's records line as `S<rows> <keys> <start> <end>`, one field a section in
/// order: the number of rows, the fingerprint of their keys in order, and the UTF-8 offsets of
/// their HTML in the file (`0 0` for a section without rows). A `C` field after it, when the
/// contract scanner recorded what the rows gave its reading (`ContractPart`), holds that
/// (`ContractPartText`): the next export, copying the rows, hands it to the scanner rather than
/// have it read them again.
struct SectionRecord: Equatable, Sendable {
    var rows: Int
    /// `keys(of:)` of the section's rows.
    var keys: String
    var bytes: Range<Int>
    /// The scanner's reading of the rows: as a records line held it (read only when the rows are
    /// copied), or as a scan recorded it.
    var reading: Reading?

    enum Reading: Sendable {
        case text(ArraySlice<UInt8>)
        case part(ContractPart)
    }

    /// The scanner's reading of the rows; `nil` when there is none or its text is not one
    /// `ContractPartText` writes.
    var part: ContractPart? {
        switch reading {
        case let .text(text): ContractPartText.read(text)
        case let .part(part): part
        case nil: nil
        }
    }

    static func == (lhs: SectionRecord, rhs: SectionRecord) -> Bool {
        lhs.rows == rhs.rows && lhs.keys == rhs.keys && lhs.bytes == rhs.bytes && (lhs.reading == nil) == (rhs.reading == nil)
            && lhs.part == rhs.part
    }

    /// The fingerprint of the keys of `section`'s rows in order: each key's length before it, so
    /// that no two lists of keys run together into the same bytes.
    static func keys(of section: TableSection) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(section.rows.count * 16)
        for row in section.rows {
            let key = row.cell.key.utf8
            withUnsafeBytes(of: UInt32(truncatingIfNeeded: key.count).littleEndian) { bytes += $0 }
            bytes += key
        }
        return Fingerprint.hex(bytes: bytes)
    }

    /// The records of a page's sections, whose `keys(of:)` are `keys`, as `html` (the page
    /// rendered for an export, before its footer's note goes in) holds their rows at `placed`
    /// (`PageRenderer.renderForExport`); none when a section's rows cannot be found in the file
    /// as it is written: they stand other than once, or the note, whose length the export's
    /// date decides, goes in before them.
    /// `readings` are the scanner's of each section's rows where it recorded them (`ContractPart`).
    static func records(of snapshot: TableSnapshot, keys: [String], placed: [Range<Int>?], html: String,
                        note: String, readings: [Reading?] = []) -> [SectionRecord] {
        let sections = snapshot.sections
        guard keys.count == sections.count, placed.count == sections.count else { return [] }
        var records: [SectionRecord] = []
        records.reserveCapacity(sections.count)
        for (number, section) in sections.enumerated() {
            let reading = number < readings.count ? readings[number] : nil
            if section.rows.isEmpty {
                records.append(SectionRecord(rows: 0, keys: keys[number], bytes: 0..<0))
            } else {
                guard let bytes = placed[number] else { return [] }
                records.append(SectionRecord(rows: section.rows.count, keys: keys[number], bytes: bytes, reading: reading))
            }
        }
        let lastEnd = records.map(\.bytes.upperBound).max() ?? 0
        if let (beforeNote, _) = TextSplice.split(html[...], at: note), beforeNote.utf8.count < lastEnd { return [] }
        return records
    }

    /// The field's text after its letter.
    var field: String { "\(rows) \(keys) \(bytes.lowerBound) \(bytes.upperBound)" }

    /// The record a field's text after its letter holds; `nil` when it is not one `field` makes.
    init?(field: Slice<UnsafeBufferPointer<UInt8>>) {
        let parts = field.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map { UnsafeBufferPointer(rebasing: $0) }
        guard parts.count == 4, let rows = ExportState.number(parts[0]), let start = ExportState.number(parts[2]),
              let end = ExportState.number(parts[3]), start <= end, end < Int64(Int.max),
              !parts[1].isEmpty, parts[1].allSatisfy(\.isFingerprintDigit) else { return nil }
        self.init(rows: Int(rows), keys: String(decoding: parts[1], as: UTF8.self), bytes: Int(start)..<Int(end))
    }

    init(rows: Int, keys: String, bytes: Range<Int>, reading: Reading? = nil) {
        self.rows = rows
        self.keys = keys
        self.bytes = bytes
        self.reading = reading
    }
}
