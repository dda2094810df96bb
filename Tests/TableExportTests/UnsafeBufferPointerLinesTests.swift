import Testing
@testable import TableExport

@Suite("The export's files are parted into lines and fields as a split parts them")
struct UnsafeBufferPointerLinesTests {
    @Test("lines: as split(separator:omittingEmptySubsequences: false), empty lines and the last one kept, each where it stands")
    func lines() {
        for text in ["", "\n", "\n\n", "a", "a\n", "a\nb", "a\n\nb\n", "\na", String(repeating: "line of text\n", count: 300) + "end"] {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let split = buffer.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
                #expect(buffer.lines().map { Array($0) } == split.map { Array($0) }, "\(text.debugDescription)")
                #expect(buffer.lines().map(\.startIndex) == split.map(\.startIndex), "\(text.debugDescription)")
            }
        }
    }

    @Test("a byte is found only in the range asked, and the range's end stands for none")
    func index() {
        let bytes = Array("a\tbc\t".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(buffer.index(of: UInt8(ascii: "\t"), in: 0..<5) == 1)
            #expect(buffer.index(of: UInt8(ascii: "\t"), in: 2..<5) == 4)
            #expect(buffer.index(of: UInt8(ascii: "\t"), in: 2..<3) == 3, "the tab after the range is not found")
            #expect(buffer.index(of: UInt8(ascii: "\t"), in: 5..<5) == 5)
            #expect(buffer.contains(byte: UInt8(ascii: "c")))
            #expect(!buffer.contains(byte: UInt8(ascii: "d")))
            #expect(buffer.endOfLine(from: 0) == 5)
            #expect(buffer.endOfLine(from: 7) == 5, "past the end, the end")
        }
        // No bytes at all, and none where they would be.
        let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        #expect(none.index(of: 0, in: 0..<0) == 0)
        #expect(!none.contains(byte: 0))
        #expect(none.endOfLine(from: 0) == 0)
        #expect(none.lines().map(\.count) == [0])
    }
}
