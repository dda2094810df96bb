import Foundation
import Testing
@testable import TableExport
import TableRender

@Suite("The export state says what the last export was made from and left")
struct ExportStateTests {
    @Test("saved and read back: problems with newlines and backslashes, pages with any key, stamps")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-state-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let paths: [[String]] = [[], ["a/b c", "ünï"], ["\\n", "100%"]]
        let files = paths.map { ($0.map(URLBuilder.encodeSegment) + ["index.html"]).joined(separator: "/") }
        #expect(files.map(ExportState.path(ofPage:)) == paths.map { Optional($0) })
        #expect(ExportState.path(ofPage: "a%zz/index.html") == nil, "not a name the export makes")
        #expect(ExportState.path(ofPage: "a/%zz") == ["a"], "the file's own name is no segment, so it is not decoded")
        // Names the export does not make are read as splitting them at slashes would: empty names
        // between slashes are none, and a trailing slash does not make the file's name a segment.
        for (file, path) in [("a//b/index.html", ["a", "b"]), ("a/b/", ["a"]), ("/a/index.html", ["a"]), ("index.html", []),
                             ("", []), ("a%2Fb/c/index.html", ["a/b", "c"]), ("%C3%BC/x", ["ü"])] as [(String, [String])] {
            #expect(ExportState.path(ofPage: file) == path, "\(file)")
        }
        let state = ExportState(inputs: "abc", problems: ["line one\nline two \\ end", ""], warnings: ["a\\nb"],
                                pages: files.enumerated().map {
                                    ($1, .init(size: Int64($0), modified: 1_800_000_000_123_456_789, changed: 1_800_000_001_000_000_000, inode: 42 + Int64($0)))
                                },
                                files: [("sitemap.xml", .init(size: 9, modified: 1, changed: 2, inode: 3)),
                                        // The longest numbers read without a check on each digit, and the longest of all.
                                        ("a", .init(size: 999_999_999_999_999_999, modified: 100_000_000_000_000_000, changed: Int64.max, inode: 0))])
        try state.save(to: folder)
        #expect(ExportState.load(from: folder) == state)
        #expect(ExportState.savedInputs(in: folder) == "abc")
        ExportState.remove(from: folder)
        #expect(ExportState.load(from: folder) == nil)
        #expect(ExportState.savedInputs(in: folder) == nil)
    }

    @Test("a number written with leading zeros past eighteen digits is read as its value")
    func leadingZeros() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-state-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "TableStack export state 2\ninputs abc\npage 0000000000000000000000000042 2 3 4 a b/index.html\n"
            .write(toFile: folder + "/" + ExportState.fileName, atomically: true, encoding: .utf8)
        let state = try #require(ExportState.load(from: folder))
        #expect(state.pages.map(\.file) == ["a b/index.html"])
        #expect(state.pages.map(\.stamp) == [.init(size: 42, modified: 2, changed: 3, inode: 4)])
        let numbers: [(String, Int64?)] = [("0009223372036854775807", .max), ("7", 7), ("", nil), ("1 2", nil), ("-1", nil),
                                           ("9223372036854775808", nil)]
        for (digits, value) in numbers {
            #expect(Array(digits.utf8).withUnsafeBufferPointer { ExportState.number($0) } == value, "\(digits)")
        }
    }

    @Test("numbers are written in decimal digits, as String writes them")
    func decimals() {
        for number: Int64 in [0, 7, 10, 99, 100, 1_800_000_000_123_456_789, Int64.max, -1, Int64.min] {
            var out: [UInt8] = [UInt8(ascii: "x")]
            ExportState.appendDecimal(number, to: &out)
            #expect(String(decoding: out, as: UTF8.self) == "x" + String(number))
        }
    }

    @Test("a state file from elsewhere or cut short is not taken as one")
    func unreadable() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-state-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for text in ["{\"inputs\": \"abc\"}", "TableStack export state 2\n", "TableStack export state 2\ninputs abc\npage 12 x 1 2 index.html\n",
                     "TableStack export state 2\ninputs abc\nsomething else\n",
                     "TableStack export state 2\ninputs abc\npage 1 99999999999999999999 1 2 index.html\n",
                     "TableStack export state 2\ninputs abc\npage 1 9223372036854775808 1 2 index.html\n",
                     "TableStack export state 2\ninputs abc\npage 1 2 3 4/ index.html\n", "TableStack export state 2\ninputs abc\npage 1 2 3 -4 index.html\n",
                     "TableStack export state 2\ninputs abc\npage 1 2 3 index.html\n",
                     // An empty number, a number at the line's end; no kind, a kind alone, kinds that
                     // only begin or end as one does, one that is not ASCII.
                     "TableStack export state 2\ninputs abc\npage 1  3 4 index.html\n", "TableStack export state 2\ninputs abc\nfile 1 2 3 4",
                     "TableStack export state 2\ninputs abc\n 1 2 3 4 index.html\n", "TableStack export state 2\ninputs abc\npage\n",
                     "TableStack export state 2\ninputs abc\npages 1 2 3 4 index.html\n", "TableStack export state 2\ninputs abc\npag 1 2 3 4 x\n",
                     "TableStack export state 2\ninputs abc\npäge 1 2 3 4 index.html\n",
                     // An earlier TableStack's state: size and modification time only.
                     "TableStack export state 1\ninputs abc\npage 1 2 index.html\n"] {
            try text.write(toFile: folder + "/" + ExportState.fileName, atomically: true, encoding: .utf8)
            #expect(ExportState.load(from: folder) == nil, "\(text.debugDescription)")
            // The inputs alone are read from a file that begins as a state does.
            #expect(ExportState.savedInputs(in: folder) == (text.hasPrefix("TableStack export state 2\ninputs abc\n") ? "abc" : nil))
        }
    }
}
