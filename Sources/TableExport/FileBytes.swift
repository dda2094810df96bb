import Foundation
import Glibc

/// A file's bytes read straight into an array, and an array written straight to a file.
/// `FileManager.contents` reads into `Data`, and an array made from that is a second copy, as is
/// the `Data` made from an array to write it: the export's state, records and manifest run to
/// megabytes, and each fresh megabyte is 256 pages for the kernel to fault in and zero.
enum FileBytes {
    /// The bytes of the file at `path`; `nil` when it cannot be opened or read.
    static func read(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        // One byte more than the file holds, so that one read sees its end.
        let size = max(Int(info.st_size), 0) + 1
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            failed = !readAll(descriptor, into: buffer, count: &count)
        }
        // A file that grew since it was measured is read on to its end.
        var isFull = bytes.count == size
        while !failed, isFull {
            let more = [UInt8](unsafeUninitializedCapacity: 64 * 1024) { buffer, count in
                failed = !readAll(descriptor, into: buffer, count: &count)
            }
            bytes += more
            isFull = more.count == 64 * 1024
        }
        return failed ? nil : bytes
    }

    /// Fills `buffer` from `descriptor` until it is full or the file ends; `false` on an error.
    private static func readAll(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, count: inout Int) -> Bool {
        while count < buffer.count {
            let got = Glibc.read(descriptor, buffer.baseAddress! + count, buffer.count - count)
            if got < 0 {
                if errno == EINTR { continue }
                return false
            }
            if got == 0 { break }
            count += got
        }
        return true
    }

    /// Writes `bytes` to `path` whole or not at all: into a new file beside it (named as the
    /// output folder names its own), renamed over it once written.
    static func write(_ bytes: [UInt8], to path: String) throws(ExportError) {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.utf8.index(after: $0) } ?? path.startIndex
        let temporary = path[..<slash] + ".tablestack-" + UUID().uuidString
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { throw .cannotWrite(path, String(cString: strerror(errno))) }
        var failure: Int32 = 0
        bytes.withUnsafeBufferPointer { buffer in
            var written = 0
            while written < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                written += count
            }
        }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        guard failure == 0 else {
            unlink(temporary)
            throw .cannotWrite(path, String(cString: strerror(failure)))
        }
    }
}
