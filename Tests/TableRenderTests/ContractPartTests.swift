import Foundation
import Testing
import TableKit
@testable import TableRender

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
        #expect(recorded.ids == plain.ids && recorded.links == plain.links && recorded.partsTaken == 0)
        #expect(recorded.parts.map { $0 != nil } == placed.map { $0 != nil }, "each section with rows is recorded")
        let part = try #require(recorded.parts[1])
        #expect(part.rowPaths.count == 300 && part.rowPaths.first == "1.0" && part.context.isEditing == editing)
        #expect(part.ids.allSatisfy(plain.ids.contains) && !part.links.isEmpty)

        var given: [Int: ContractPart] = [:]
        for (number, part) in recorded.parts.enumerated() { if let part { given[number] = part } }
        let taken = try #require(ContractScanner.scan(html, parts: placed, given: given))
        #expect(taken.partsTaken == 4)
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
        #expect(ContractScanner.scan(html, parts: placed, given: [4: try #require(recorded.parts[4])])?.partsTaken == 1)
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
        #expect(read.partsTaken == 0)
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
}
