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
}
