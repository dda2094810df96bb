import Foundation
import Testing
@testable import TableExport
import TableKit
import TableStore

/// Where a long list's page holds each section's rows, kept in the page's records line.
@Suite("Section records of a long list's page")
struct SectionRecordTests {
    static func section(_ keys: [String]) -> TableSection {
        TableSection(rows: keys.enumerated().map { TableRow(indexPath: IndexPath(row: $0.offset, section: 0), cell: Cell(key: $0.element, text: $0.element)) })
    }

    @Test("saved in the page's line and read back, with the links read or not")
    func roundTrip() throws {
        let folder = try PageRecordsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sections = [SectionRecord(rows: 3, keys: "9f3a", bytes: 120..<480), SectionRecord(rows: 0, keys: "1", bytes: 0..<0),
                        SectionRecord(rows: 1_000, keys: "abc0123", bytes: 480..<1_200_480)]
        let records = PageRecords(inputs: "in", base: "base", data: "1", pages: [
            .init(file: "index.html", dependencies: PageDependencies(lists: [.root("items")], items: []),
                  links: [PageLink(text: "a/index.html", target: "a/index.html", anchor: nil)], ids: [], sections: sections),
            .init(file: "a/index.html", dependencies: PageDependencies(lists: [], items: ["items/a"]), links: [], ids: []),
        ])
        try records.save(to: folder)
        #expect(PageRecords.load(from: folder) == records)
        #expect(PageRecords.load(from: folder, readingLinks: false)?.pages.map(\.sections) == [sections, []])
    }

    @Test("a field not as it is written is no record, and the records are not read", arguments: [
        "3 9f3a 120", "3 9f3a 120 480 7", "3 9F3A 120 480", "3  120 480", "3 9f3a 480 120", "-3 9f3a 120 480", "3 9f3a 12x 480",
        "3 9f3a 120 99999999999999999999",
    ])
    func malformed(field: String) throws {
        let folder = try PageRecordsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let good = PageRecordsTests.sealed("index.html\tL\u{1}items\tS3 9f3a 120 480\n")
        try good.write(toFile: folder + "/" + PageRecords.fileName, atomically: true, encoding: .utf8)
        #expect(PageRecords.load(from: folder)?.pages.first?.sections == [SectionRecord(rows: 3, keys: "9f3a", bytes: 120..<480)])
        let bad = PageRecordsTests.sealed("index.html\tL\u{1}items\tS\(field)\n")
        try bad.write(toFile: folder + "/" + PageRecords.fileName, atomically: true, encoding: .utf8)
        #expect(PageRecords.load(from: folder) == nil)
    }

    @Test("the keys' fingerprint tells lists of keys apart that run together into the same text")
    func keysKeepTheirBounds() {
        let keys = SectionRecord.keys
        #expect(keys(Self.section(["ab", "c"])) != keys(Self.section(["a", "bc"])))
        #expect(keys(Self.section(["a", "b"])) != keys(Self.section(["b", "a"])))
        #expect(keys(Self.section(["a", ""])) != keys(Self.section(["a"])))
        #expect(keys(Self.section(["a", "b"])) == keys(Self.section(["a", "b"])))
    }

    @Test("recorded only where every section's rows stand once in the file, before the footer's note")
    func recordedOnlyWhereFound() {
        let snapshot = TableSnapshot(style: .plain, sections: [Self.section(["a", "b"]), Self.section([]), Self.section(["c"])])
        let keys = snapshot.sections.map(SectionRecord.keys)
        let html = "<ul>AB</ul><ul></ul><ul>C</ul><p>NOTE</p>"
        let placed: [Range<Int>?] = [4..<6, nil, 24..<25]
        let records = SectionRecord.records(of: snapshot, keys: keys, placed: placed, html: html, note: "NOTE")
        #expect(records == [SectionRecord(rows: 2, keys: keys[0], bytes: 4..<6), SectionRecord(rows: 0, keys: keys[1], bytes: 0..<0),
                            SectionRecord(rows: 1, keys: keys[2], bytes: 24..<25)])
        #expect(SectionRecord.records(of: snapshot, keys: keys, placed: [4..<6, nil, nil], html: html, note: "NOTE") == [],
                "a section with rows not found once")
        #expect(SectionRecord.records(of: snapshot, keys: keys, placed: placed, html: "<p>NOTE</p>" + html, note: "NOTE") == [],
                "the note before the rows")
        #expect(SectionRecord.records(of: snapshot, keys: keys, placed: placed, html: html, note: "ABSENT").count == 3)
    }
}
