import Foundation
import Testing
@testable import TableExport
import TableRender
import TableStore

/// The contract scanner's reading of a section's rows, kept in the page's records line after the
/// section's own record, and read back only when the section's rows are copied.
@Suite("Contract readings in the page records")
struct ContractPartTextTests {
    static let part = ContractPart(context: .init(depth: 5, isEditing: true, isSheet: false), byteCount: 4_096, fingerprint: "9e3779b9",
                                   ids: ["row-a", "row-\\tab\there", "row-\u{1}one"], links: ["a/", "b/?x=1&y=\"2\"", "line\nbreak"],
                                   rowPaths: ["0.0", "0.1", "0.2"])

    @Test("written and read back, escapes and all; in a page's line, after its section, read when asked for")
    func roundTrip() throws {
        var text: [UInt8] = []
        ContractPartText.write(Self.part, into: &text)
        #expect(ContractPartText.read(text[...]) == Self.part)
        let empty = ContractPart(context: .init(depth: 2, isEditing: false, isSheet: true), byteCount: 0, fingerprint: "0", ids: [], links: [],
                                 rowPaths: [])
        var emptyText: [UInt8] = []
        ContractPartText.write(empty, into: &emptyText)
        #expect(ContractPartText.read(emptyText[...]) == empty)

        let folder = try PageRecordsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let sections = [SectionRecord(rows: 3, keys: "9f3a", bytes: 120..<480, reading: .part(Self.part)), SectionRecord(rows: 0, keys: "1", bytes: 0..<0),
                        SectionRecord(rows: 2, keys: "abc", bytes: 480..<900)]
        let records = PageRecords(inputs: "in", base: "base", data: "1", pages: [
            .init(file: "index.html", dependencies: PageDependencies(lists: [.root("items")], items: []), links: [], ids: [], sections: sections),
        ])
        try records.save(to: folder)
        let loaded = try #require(PageRecords.load(from: folder, readingLinks: false))
        #expect(loaded.pages[0].sections == sections)
        #expect(loaded.pages[0].sections.map { $0.part } == [Self.part, nil, nil])
        // Kept as the line held it, and written again as it was.
        guard case .text? = loaded.pages[0].sections[0].reading else { Issue.record("read before it was asked for"); return }
        let again = try PageRecordsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: again) }
        var page = loaded.pages[0]
        page.line = nil
        try PageRecords(inputs: "in", base: "base", data: "1", pages: [page]).save(to: again)
        #expect(try Data(contentsOf: URL(fileURLWithPath: again + "/" + PageRecords.fileName))
            == Data(contentsOf: URL(fileURLWithPath: folder + "/" + PageRecords.fileName)))
    }

    @Test("a reading not as it is written is none", arguments: [
        "5 1 0 9 ab 1 0 0", "5 1 0 9 ab 0 0 0\u{1}extra", "5 2 0 9 ab 0 0 0", "5 1 0 9 ab 1 0", "x 1 0 9 ab 0 0 0",
        "5 1 0 9 ab 99999999999999999999 0 0", "5 1 0 9 ab 9223372036854775807 9223372036854775807 2\u{1}a\u{1}b",
        "5 1 0 9 ab 1 0 0\u{1}bad\\escape", "5 1 0 9 AB 0 0 0", "5 1 0 9  0 0 0", "5 1 0 -9 ab 0 0 0", "5 1 0 9 ab 0 0 0 0",
    ])
    func malformed(text: String) {
        #expect(ContractPartText.read(Array(text.utf8)[...]) == nil)
    }

    @Test("a C field with no section before it, or two for one section, is not a page's line")
    func misplaced() throws {
        let folder = try PageRecordsTests.folder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for line in ["index.html\tL\u{1}items\tC5 0 0 9 ab 0 0 0\tS3 9f3a 120 480\n",
                     "index.html\tL\u{1}items\tS3 9f3a 120 480\tC5 0 0 9 ab 0 0 0\tC5 0 0 9 ab 0 0 0\n"] {
            try PageRecordsTests.sealed(line).write(toFile: folder + "/" + PageRecords.fileName, atomically: true, encoding: .utf8)
            #expect(PageRecords.load(from: folder) == nil)
        }
        try PageRecordsTests.sealed("index.html\tL\u{1}items\tS3 9f3a 120 480\tC5 0 0 9 ab 0 0 0\n")
            .write(toFile: folder + "/" + PageRecords.fileName, atomically: true, encoding: .utf8)
        #expect(PageRecords.load(from: folder)?.pages.first?.sections.first?.part?.context == .init(depth: 5, isEditing: false, isSheet: false))
    }
}
