import Foundation
import Glibc

/// The folder an export writes into, opened once: page folders and files are made relative to
/// it (`mkdirat`, `openat`), so the kernel walks only the page's own path for each.
///
/// In an existing folder a changed file is written beside its place and renamed into it, so a
/// reader never sees half a page, and a file that already holds the bytes is left alone. In a
/// fresh folder (`isFresh`), which no one sees before the export is complete, files are written
/// in their places. Files are not synced one by one: an interrupted export is simply run again.
final class OutputFolder: @unchecked Sendable {
    let path: String
    let isFresh: Bool
    /// The stamp the last complete export left each page file with, by name.
    let leftAs: [String: ExportState.Stamp]
    private let descriptor: Int32
    private let lock = NSLock()
    private var madeFolders: Set<String> = []

    init(path: String, isFresh: Bool, leftAs: [String: ExportState.Stamp] = [:]) throws {
        self.path = path
        self.isFresh = isFresh
        self.leftAs = leftAs
        descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ExportError.cannotWrite(path, String(cString: strerror(errno))) }
    }

    deinit { close(descriptor) }

    /// Writes `bytes` to `name` (relative to the folder) unless the file already holds exactly
    /// these bytes; returns whether it wrote. `wereLastWritten` says the last complete export
    /// wrote these very bytes to `name`: a file still as that export left it is not read to compare.
    func write(_ bytes: [UInt8], to name: String, wereLastWritten: Bool = false) throws -> Bool {
        let fullPath = path + "/" + name
        if !isFresh, wereLastWritten, let stamp = leftAs[name], ExportState.stamp(of: name, in: descriptor) == stamp { return false }
        if !isFresh, let existing = FileManager.default.contents(atPath: fullPath), Self.same(existing, bytes) { return false }
        let folder = name.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(name[..<$0]) }
        if let folder { try make(folder) }
        let temporary = isFresh ? name : (folder.map { $0 + "/" } ?? "") + ".tablestack-" + UUID().uuidString
        let file = openat(descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw ExportError.cannotWrite(fullPath, String(cString: strerror(errno))) }
        var written = 0
        var failure: Int32 = 0
        bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let count = Glibc.write(file, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += count
            }
        }
        if close(file) != 0, failure == 0 { failure = errno }
        if failure == 0, temporary != name, renameat(descriptor, temporary, descriptor, name) != 0 { failure = errno }
        guard failure == 0 else {
            unlinkat(descriptor, temporary, 0)
            throw ExportError.cannotWrite(fullPath, String(cString: strerror(failure)))
        }
        return true
    }

    /// Whether a file's contents are `bytes`, compared as memory (an iterator over `Data` goes a
    /// byte at a time).
    private static func same(_ data: Data, _ bytes: [UInt8]) -> Bool {
        guard data.count == bytes.count else { return false }
        return data.withUnsafeBytes { file in
            bytes.withUnsafeBytes { page in
                guard let file = file.baseAddress, let page = page.baseAddress else { return true }  // both empty
                return memcmp(file, page, bytes.count) == 0
            }
        }
    }

    /// Makes the folder `name` once. Pages come level by level, so its parent is nearly always
    /// there already: one `mkdirat`, and FileManager's walk up the path only when it is not.
    private func make(_ name: String) throws {
        guard lock.withLock({ madeFolders.insert(name).inserted }) else { return }
        guard mkdirat(descriptor, name, 0o755) != 0, errno != EEXIST else { return }
        do {
            try FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
        } catch {
            throw ExportError.cannotWrite(path + "/" + name, error.localizedDescription)
        }
    }
}
