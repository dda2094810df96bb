import Foundation
import Testing
@testable import TableStore
import TestSupport

/// The keys' part of a change-log entry, written by hand, against `JSONEncoder`'s writing of the
/// same summary, which every reader of the log decodes.
@Suite("Change summaries in the log")
struct ChangeSummaryTests {
    /// The summary as `JSONEncoder` wrote it, keys sorted and empty parts left out.
    private func encoded(_ record: ListChangeRecord) throws -> String {
        let summary = ListChangeRecord.Summary(inserted: record.inserted.isEmpty ? nil : record.inserted,
                                               deleted: record.deleted.isEmpty ? nil : record.deleted,
                                               moved: record.moved.isEmpty ? nil : record.moved,
                                               reloaded: record.reloaded.isEmpty ? nil : record.reloaded,
                                               reset: record.reset ? true : nil)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(summary), as: UTF8.self)
    }

    private func random(keysFrom alphabet: [Character], using generator: inout some RandomNumberGenerator) -> ListChangeRecord {
        func keys() -> [String] {
            (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                String((0..<Int.random(in: 1...6, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
            }
        }
        var record = ListChangeRecord(list: .root("l"), revision: 1)
        record.inserted = keys()
        record.deleted = keys()
        record.moved = keys()
        record.reloaded = keys()
        record.reset = Bool.random(using: &generator)
        return record
    }

    @Test("byte for byte JSONEncoder's text for 5,000 random summaries of item keys and quoted text")
    func sameAsEncoder() throws {
        var generator = SeededGenerator(seed: 20261124)
        // Item keys' characters, and text that needs escaping the same way in both writers.
        let alphabet = Array("az09-_.\"\\é東 ")
        for _ in 0..<5_000 {
            let record = random(keysFrom: alphabet, using: &generator)
            #expect(try record.summary == encoded(record))
        }
        #expect(ListChangeRecord(list: .root("l"), revision: 1).summary == "{}")
    }

    @Test("any text, control characters and slashes too, reads back as it was written")
    func readsBack() {
        var generator = SeededGenerator(seed: 1124)
        let alphabet = Array("a/\\\"\n\t\r\u{1}\u{1F}\u{7F}é😀")
        for _ in 0..<2_000 {
            let record = random(keysFrom: alphabet, using: &generator)
            let read = ListChangeRecord(list: record.list, revision: record.revision, summary: record.summary)
            #expect(read == record)
        }
    }
}
