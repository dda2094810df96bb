import Glibc

/// A file's bytes read straight into an array. `FileManager.contents` reads into `Data`, and an
/// array made from that is a second copy: the export's records and manifest run to megabytes,
/// and each fresh megabyte is 256 pages for the kernel to fault in and zero.
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
}
