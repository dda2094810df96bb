import Foundation
import Glibc

/// A file's bytes read straight into an array, and an array written straight to a file.
/// `FileManager.contents` reads into `Data`, and an array made from that is a second copy, as is
/// the `Data` made from an array to write it: the export's state, records and manifest run to
/// megabytes, and each fresh megabyte is 256 pages for the kernel to fault in and zero.
package enum FileBytes {
    /// The bytes of the file at `path`; `nil` when it cannot be opened or read.
    package static func read(_ path: String) -> [UInt8]? {
        opened(path) { descriptor, size in
            // One byte more than the file holds, so that one read sees its end.
            var failed = false
            var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
                failed = !readAll(descriptor, into: buffer, count: &count)
            }
            // A file that grew since it was measured is read on to its end.
            var isFull = bytes.count == size + 1
            while !failed, isFull {
                let more = [UInt8](unsafeUninitializedCapacity: 64 * 1024) { buffer, count in
                    failed = !readAll(descriptor, into: buffer, count: &count)
                }
                bytes += more
                isFull = more.count == 64 * 1024
            }
            return failed ? nil : bytes
        }
    }

    /// The first `count` bytes of the file at `path`, fewer when it is shorter; `nil` when it
    /// cannot be opened or read. For a file's head line or lines, its rest left unread.
    private static func head(_ path: String, count: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: count)
        let read = pread(descriptor, &bytes, count, 0)
        guard read >= 0 else { return nil }
        bytes.removeLast(count - read)
        return bytes
    }

    /// The rest of the line that `prefix` begins at the start of the file at `path`, read from
    /// its first 512 bytes alone (a file's head line, its many other lines left unread); `nil`
    /// when the file does not begin with `prefix` or the line does not end within them.
    static func headLine(of path: String, after prefix: [UInt8]) -> String? {
        guard let head = head(path, count: 512), head.starts(with: prefix),
              let end = head[prefix.count...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
        return String(decoding: head[prefix.count..<end], as: UTF8.self)
    }

    /// The text of the file at `path`, read straight into a string, which mends bytes that are not
    /// UTF-8; `nil` when it cannot be opened or read, or mending changed its length (what follows
    /// would not stand where it stood in the file).
    static func readText(_ path: String) -> String? {
        opened(path) { descriptor, size in
            var failed = false, read = 0
            let text = String(unsafeUninitializedCapacity: size) { buffer in
                failed = !readAll(descriptor, into: buffer, count: &read)
                return read
            }
            return failed || text.utf8.count != read ? nil : text
        }
    }

    /// `body` with the file at `path` open for reading and its size; `nil` when it cannot be
    /// opened or measured.
    private static func opened<Value>(_ path: String, _ body: (Int32, Int) -> Value?) -> Value? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return body(descriptor, max(Int(info.st_size), 0))
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

    /// Writes `bytes` to `path` whole or not at all (see `write(_:to:in:replacing:)`).
    static func write(_ bytes: [UInt8], to path: String) throws(ExportError) {
        guard let failure = bytes.withUnsafeBufferPointer({ write([$0], to: path) }) else { return }
        throw .cannotWrite(path, String(cString: strerror(failure)))
    }

    /// Writes `pieces`, one after another, to `name` in the folder open as `folder` (a path of its
    /// own with `AT_FDCWD`), whole or not at all: into a new file beside it, named
    /// `.tablestack-<UUID>`, renamed over it once written. Not `replacing` (nothing stands there,
    /// and no one looks before the whole is done), in place. Returns the system's error number
    /// when it fails, with nothing left behind.
    static func write(_ pieces: [UnsafeBufferPointer<UInt8>], to name: String, in folder: Int32 = AT_FDCWD,
                      replacing: Bool = true) -> Int32? {
        let slash = name.utf8.lastIndex(of: UInt8(ascii: "/")).map { name.utf8.index(after: $0) } ?? name.startIndex
        let temporary = replacing ? name[..<slash] + ".tablestack-" + UUID().uuidString : name
        let file = openat(folder, temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard file >= 0 else { return errno }
        var failure: Int32 = 0
        for piece in pieces {
            if let failed = writeAll(piece, to: file) {
                failure = failed
                break
            }
        }
        if close(file) != 0, failure == 0 { failure = errno }
        // A large file replaced is held open across the rename and let go of in the background:
        // when `renameat` drops a file's last link, the kernel frees its cached pages right there,
        // in the writer's way (docs/performance.md).
        let replaced = failure == 0 && replacing ? openedIfLarge(name, in: folder) : nil
        if failure == 0, replacing, renameat(folder, temporary, folder, name) != 0 { failure = errno }
        if let replaced { BackgroundRelease.close(replaced) }
        guard failure == 0 else {
            unlinkat(folder, temporary, 0)
            return failure
        }
        return nil
    }

    /// Writes all of `bytes` to `descriptor`, again after a short write or an interruption; the
    /// system's error number when a write fails, `nil` when all is written.
    package static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            written += count
        }
        return nil
    }

    /// The regular file `name` in `folder`, open, when it is at least `minimumSizeReleasedApart`
    /// long (not following a symbolic link, nor waiting on a pipe); `nil` otherwise.
    private static func openedIfLarge(_ name: String, in folder: Int32) -> Int32? {
        let descriptor = openat(folder, name, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) >= minimumSizeReleasedApart else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// The size (in bytes) from which a file written over lets its old contents go apart.
    static let minimumSizeReleasedApart = 256 * 1024
}
