import Foundation
import Testing
@testable import TableExport

@Suite("A file's bytes are read straight into an array")
struct FileBytesTests {
    @Test("a file is read whole, whatever its size; a missing file or a folder is nil")
    func readsFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-bytes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for size in [0, 1, 4_095, 65_536, 65_537, 300_001] {
            let bytes = (0..<size).map { UInt8(97 + $0 % 26) }
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/f\(size)"))
            #expect(FileBytes.read(folder + "/f\(size)") == bytes, "\(size) bytes")
        }
        #expect(FileBytes.read(folder + "/missing") == nil)
        #expect(FileBytes.read(folder) == nil, "a folder is no file to read")
    }

    @Test("a file longer than its size said (as the kernel's files are) is read to its end")
    func readsPastTheSizeGiven() throws {
        // /proc files give their size as 0 and hold more.
        let status = try #require(FileBytes.read("/proc/self/status"))
        #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        #expect(String(decoding: status, as: UTF8.self).contains("\nVmRSS:"))
    }

    @Test("an array is written whole over the file, with nothing left beside it; a failure names the file and leaves nothing")
    func writesFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-bytes-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/.records"
        for size in [300_001, 0, 5] {
            let bytes = (0..<size).map { UInt8(65 + $0 % 26) }
            try FileBytes.write(bytes, to: path)
            #expect(FileBytes.read(path) == bytes, "\(size) bytes")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [".records"])
        // The mode any new file gets here (the user's umask applied), as the pages have.
        #expect(FileManager.default.createFile(atPath: folder + "/plain", contents: Data()))
        let mode = { (name: String) in try FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.posixPermissions] as? Int }
        #expect(try mode(".records") == mode("plain"))
        try FileManager.default.removeItem(atPath: folder + "/plain")

        let error = #expect(throws: ExportError.self) { try FileBytes.write([1], to: folder + "/missing/.records") }
        #expect(error?.description.contains(folder + "/missing/.records") == true)
        #expect(error?.description.contains("No such file or directory") == true)
        // A folder in the way: written, but not renamed over it, and the new file is gone again.
        try FileManager.default.createDirectory(atPath: folder + "/taken/inside", withIntermediateDirectories: true)
        #expect(throws: ExportError.self) { try FileBytes.write([1, 2, 3], to: folder + "/taken") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == [".records", "taken"])
    }
}
