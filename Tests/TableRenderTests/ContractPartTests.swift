import Foundation
import Testing
import TableKit
@testable import TableRender
import TestSupport

/// The contract scanner records what each section's rows give its reading, and takes such a
/// record as given for the same bytes in the same place of a later page: the page's reading must
/// be the one it would make reading every byte, and any record it cannot trust is read again.
@Suite("Parts of a page taken as the contract scanner read them before")
struct ContractPartTests {
    /// A long page's HTML and where each section's rows stand, sections of uneven lengths with
    /// empty ones among them (as `RowsInPartsTests`), in editing mode or not.
    static func page(editing: Bool = false) throws -> (html: String, placed: [Range<Int>?]) {
        let counts = [0, 300, 3, 0, 250, 1]
        var number = 0
        let cells = counts.map { count in
            (0..<count).map { _ in
                defer { number += 1 }
                return Cell(key: "item-\(number)", text: "Ünïcödé & <b> \(number)", detailText: "Detail \(number)", style: .subtitle)
            }
        }
        let snapshot = try Fixtures.snapshot(style: .plain, editing: editing, cells: cells)
        let (html, placed) = PageRenderer(templates: Fixtures.templates).renderForExport(Fixtures.page(snapshot, readOnly: !editing))
        return (html, placed)
    }

    @Test("every section's rows are recorded; given back, they are not read again and the page reads as it does byte by byte",
          arguments: [false, true])
    func recordedAndTaken(editing: Bool) throws {
        let (html, placed) = try Self.page(editing: editing)
        let plain = try #require(ContractScanner.scan(html))
        let recorded = try #require(ContractScanner.scan(html, parts: placed, given: [:]))
        #expect(recorded.ids == plain.ids && recorded.links == plain.links && recorded.takenParts == [])
        #expect(recorded.parts.map { $0 != nil } == placed.map { $0 != nil }, "each section with rows is recorded")
        let part = try #require(recorded.parts[1])
        #expect(part.rowPaths.count == 300 && part.rowPaths.first == "1.0" && part.context.isEditing == editing)
        #expect(part.ids.allSatisfy(plain.ids.contains) && !part.links.isEmpty)

        var given: [Int: ContractPart] = [:]
        for (number, part) in recorded.parts.enumerated() { if let part { given[number] = part } }
        let taken = try #require(ContractScanner.scan(html, parts: placed, given: given))
        #expect(taken.takenParts == [1, 2, 4, 5])
        #expect(taken.ids == plain.ids && taken.links == plain.links, "the same ids, and the same links in the same order")
        #expect(taken.parts == recorded.parts)
    }

    @Test("a record that repeats an id or a row path of the rest of the page makes the page unclean (then libxml2 judges it)")
    func repeatsAreCaught() throws {
        let (html, placed) = try Self.page()
        let recorded = try #require(ContractScanner.scan(html, parts: placed, given: [:]))
        // Section 4's record, claiming an id and then a row path section 1 (read before it) has.
        let earlier = try #require(recorded.parts[1])
        var part = try #require(recorded.parts[4])
        part.ids.append(try #require(earlier.ids.first))
        #expect(ContractScanner.scan(html, parts: placed, given: [4: part]) == nil)
        part = try #require(recorded.parts[4])
        part.rowPaths[7] = "1.0"
        #expect(ContractScanner.scan(html, parts: placed, given: [4: part]) == nil)
        // The record as it was is taken.
        #expect(ContractScanner.scan(html, parts: placed, given: [4: try #require(recorded.parts[4])])?.takenParts == [4])
    }

    @Test("a record made where the reading stood otherwise (another kind of table) is not taken: the rows are read again")
    func otherContextsAreRead() throws {
        let (html, placed) = try Self.page()
        let (editingHTML, editingPlaced) = try Self.page(editing: true)
        let editing = try #require(ContractScanner.scan(editingHTML, parts: editingPlaced, given: [:]))
        // The editing page's record of its second section, offered for the plain page's.
        var given = try #require(editing.parts[1])
        given.ids = []
        let read = try #require(ContractScanner.scan(html, parts: placed, given: [1: given]))
        #expect(read.takenParts == [])
        #expect(read.ids == ContractScanner.scan(html)?.ids && read.parts[1]?.context.isEditing == false)
    }

    @Test("a part that does not begin and end between two steps of the reading, or that lies outside the table, is not recorded")
    func onlyWholeParts() throws {
        let (html, placed) = try Self.page()
        let rows = try #require(placed[1])
        // Begun inside a tag; ended inside one; running past the end of the table it began in;
        // the whole page, begun before the table.
        let end = html.utf8.count
        for part in [(rows.lowerBound + 1)..<rows.upperBound, rows.lowerBound..<(rows.upperBound - 2), rows.lowerBound..<(end - 10), 0..<end] {
            let recorded = try #require(ContractScanner.scan(html, parts: [part], given: [:]))
            #expect(recorded.parts == [nil], "\(part)")
            #expect(recorded.ids == ContractScanner.scan(html)?.ids)
        }
        #expect(ContractScanner.scan(html, parts: [rows], given: [:])?.parts.first??.rowPaths.count == 300)
    }

    @Test("a reading with the right place and bytes but another context, or the right context but other bytes, is not taken")
    func onlyTheSameBytesInTheSameContext() throws {
        let (html, placed) = try Self.page()
        let recorded = try #require(ContractScanner.scan(html, parts: placed, given: [:]))
        var deeper = try #require(recorded.parts[1])
        deeper.context.depth += 1
        #expect(ContractScanner.scan(html, parts: placed, given: [1: deeper])?.takenParts == [])
        var other = try #require(recorded.parts[1])
        other.fingerprint = "0"
        #expect(ContractScanner.scan(html, parts: placed, given: [1: other])?.takenParts == [])
        other = try #require(recorded.parts[1])
        other.byteCount -= 1
        #expect(ContractScanner.scan(html, parts: placed, given: [1: other])?.takenParts == [])
    }

    @Test("on randomly broken pages, with every section's reading given, the scanner accepts exactly what it accepts reading every byte, with the same ids and links")
    func randomlyBrokenPages() throws {
        var random = SeededGenerator(seed: 0xC0_FFEE)
        var accepted = 0, refused = 0, taken = 0
        for editing in [false, true] {
            let (html, placed) = try Self.page(editing: editing)
            let recorded = try #require(ContractScanner.scan(html, parts: placed, given: [:]))
            var given: [Int: ContractPart] = [:]
            for (number, part) in recorded.parts.enumerated() { if let part { given[number] = part } }
            let bytes = Array(html.utf8)
            for round in 0..<200 {
                // A snippet written over a few bytes anywhere, the parts' places moved to match:
                // a part it lands in keeps its place and changes its bytes. Every other round a
                // letter is written over a letter, which in a row's text leaves the page clean.
                var mutant = bytes
                var parts = placed
                var start = random.next(below: bytes.count), length = min(random.next(below: 4), bytes.count - start)
                var snippet = Array(Mutation.snippets[random.next(below: Mutation.snippets.count)].utf8)
                if round % 2 == 1 {
                    while !ASCII.isLetter(bytes[start]) { start = random.next(below: bytes.count) }
                    length = 1
                    snippet = [UInt8(ascii: "a") + UInt8(random.next(below: 26))]
                }
                mutant.replaceSubrange(start..<(start + length), with: snippet)
                let shift = snippet.count - length
                parts = parts.map { range in
                    guard let range else { return nil }
                    if start + length <= range.lowerBound { return (range.lowerBound + shift)..<(range.upperBound + shift) }
                    if start >= range.upperBound { return range }
                    return range.lowerBound <= start && start + length <= range.upperBound ? range.lowerBound..<(range.upperBound + shift) : nil
                }
                let text = String(decoding: mutant, as: UTF8.self)
                guard text.utf8.count == mutant.count else { continue }
                let plain = ContractScanner.scan(text)
                let withParts = ContractScanner.scan(text, parts: parts, given: given)
                #expect((plain == nil) == (withParts == nil), "round \(round), editing \(editing): \(String(decoding: snippet, as: UTF8.self)) at \(start)")
                if let plain, let withParts {
                    #expect(plain.ids == withParts.ids && plain.links == withParts.links, "round \(round)")
                    accepted += 1
                    taken += withParts.takenParts.count
                } else {
                    refused += 1
                }
            }
        }
        // Both outcomes must be common, and readings taken, or the test would prove little.
        #expect(accepted > 60 && refused > 60 && taken > 100, "accepted \(accepted), refused \(refused), taken \(taken)")
    }
}

