import Foundation
import Glibc

/// The files an export into an existing folder writes, each named on a line of a file in the
/// folder as it is written: an export killed part way (`kill -9`, a power cut) records nothing
/// else, and the next export takes these for its files (removing those its site no longer has)
/// rather than for someone else's. A complete or cleanly stopped export records its files in
/// its state and removes the journal.
final class WrittenJournal: @unchecked Sendable {
    static let fileName = ".tablestack-export-written"
    private let path: String
    private var descriptor: Int32 = -1

    init(folder: String) { path = folder + "/" + Self.fileName }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// Names `file` (relative to the folder) as written. One `write` of a short line: the kernel
    /// keeps it whole at the end of the file. Called under the output folder's lock.
    func append(_ file: String) {
        if descriptor < 0 { descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | O_NOFOLLOW, 0o644) }
        guard descriptor >= 0 else { return }
        let line = Array((file + "\n").utf8)
        _ = line.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count) }
    }

    /// The files the journal in `folder` names, in order, without repeats; none when there is none.
    static func read(from folder: String) -> [String] {
        guard let bytes = FileBytes.read(folder + "/" + fileName) else { return [] }
        var seen: Set<String> = [], files: [String] = []
        // A line cut short by the kill (no line feed after it) names no file for certain.
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).dropLast(bytes.last == UInt8(ascii: "\n") ? 0 : 1) {
            let name = String(decoding: line, as: UTF8.self)
            if seen.insert(name).inserted { files.append(name) }
        }
        return files
    }

    static func remove(from folder: String) { unlink(folder + "/" + fileName) }
}
