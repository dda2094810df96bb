import Foundation
import Glibc
import Testing
@testable import TableExport

@Suite("The output folder writes a page only when its file does not hold it already")
struct OutputFolderTests {
    /// A new folder with `files` in it, and the stamps they were left with.
    private static func folder(_ files: [String: String]) throws -> (path: String, stamps: [String: ExportState.Stamp]) {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-output-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path + "/page", withIntermediateDirectories: true)
        var stamps: [String: ExportState.Stamp] = [:]
        let descriptor = open(path, O_RDONLY | O_DIRECTORY)
        defer { close(descriptor) }
        for (name, text) in files {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))
            let stamp = try #require(ExportState.stamp(of: name, in: descriptor))
            stamps[name] = stamp
        }
        return (path, stamps)
    }

    private static func write(_ pieces: [String], to name: String, in output: OutputFolder,
                              lastWritten: LastWritten = .unknown) throws -> Bool {
        let bytes = pieces.map { Array($0.utf8) }
        func nested(_ index: Int, _ buffers: [UnsafeBufferPointer<UInt8>]) throws -> Bool {
            guard index < bytes.count else { return try output.write(buffers, to: name, lastWritten: lastWritten) }
            return try bytes[index].withUnsafeBufferPointer { try nested(index + 1, buffers + [$0]) }
        }
        return try nested(0, [])
    }

    private static func contents(_ path: String) -> String? {
        FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
    }

    @Test("pieces are written one after another; a file that holds them already is left, one that differs is replaced")
    func comparesPieces() throws {
        let (path, _) = try Self.folder(["page/index.html": "<p>before</p><footer>1 May</footer>"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try OutputFolder(path: path, isFresh: false)
        #expect(try !Self.write(["<p>before</p>", "<footer>1 May", "</footer>"], to: "page/index.html", in: output))
        #expect(try Self.write(["<p>after</p>", "<footer>2 May", "</footer>"], to: "page/index.html", in: output))
        #expect(Self.contents(path + "/page/index.html") == "<p>after</p><footer>2 May</footer>")
        #expect(try Self.write(["", "new", ""], to: "new/index.html", in: output))
        #expect(Self.contents(path + "/new/index.html") == "new")
        #expect(try Self.write([], to: "page/empty.html", in: output))
        #expect(Self.contents(path + "/page/empty.html") == "")
    }

    @Test("a file as the last export left it is taken to hold what the manifest says: not read when it tells")
    func trustsTheManifestForFilesAsLeft() throws {
        let (path, stamps) = try Self.folder(["page/index.html": "same"])
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try OutputFolder(path: path, isFresh: false, leftAs: stamps)
        // These bytes, as left: nothing to write.
        #expect(try !Self.write(["same"], to: "page/index.html", in: output, lastWritten: .these))
        // Other bytes, as left: written without reading the file. (It holds these very bytes
        // here, which only a file the manifest does not describe can: reading would leave it.)
        #expect(try Self.write(["same"], to: "page/index.html", in: output, lastWritten: .others))
        // Not as left (the write above gave it a new inode): read and compared, whatever the manifest says.
        #expect(try !Self.write(["same"], to: "page/index.html", in: output, lastWritten: .others))
        #expect(try Self.write(["changed"], to: "page/index.html", in: output, lastWritten: .these))
        #expect(Self.contents(path + "/page/index.html") == "changed")
        // Unknown to the manifest: read and compared.
        let again = try OutputFolder(path: path, isFresh: false, leftAs: stamps)
        #expect(try !Self.write(["changed"], to: "page/index.html", in: again, lastWritten: .unknown))
        // Unknown, on a file still as left: read and compared too (`.these` would leave it).
        let (untouched, left) = try Self.folder(["page/index.html": "same"])
        defer { try? FileManager.default.removeItem(atPath: untouched) }
        let output2 = try OutputFolder(path: untouched, isFresh: false, leftAs: left)
        #expect(try Self.write(["other"], to: "page/index.html", in: output2, lastWritten: .unknown))
        #expect(Self.contents(untouched + "/page/index.html") == "other")
    }
}
