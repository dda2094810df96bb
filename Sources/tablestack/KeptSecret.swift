import Foundation
import TableExport
import Glibc

/// The key that signs cookies, for a server started without `--secret-file` on a SQLite
/// database: made once and kept beside the database (`DB-secret`, readable by its owner alone).
/// A restart then leaves open pages' forms and signed-in editors valid, where a key made afresh
/// at every start refused each form posted from a page shown before (403, "reload"); servers
/// sharing the file share the key.
enum KeptSecret {
    static let byteCount = 32

    static func path(beside database: String) -> String { database + "-secret" }

    /// The key kept at `path`, made there first when there is none; `nil` (and why) when it
    /// can be neither read nor made, or holds something else.
    static func readOrMake(at path: String) -> Result<[UInt8], Refusal> {
        // Two servers starting at once: one makes the file, the other waits for its bytes.
        for _ in 0..<100 {
            if let bytes = FileBytes.read(path), !bytes.isEmpty || !isFreshlyMade(path) {
                guard bytes.count >= byteCount else {
                    return .failure(Refusal(path: path, reason: "it holds \(bytes.count) bytes, not a key of \(byteCount)"))
                }
                return .success(bytes)
            }
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if descriptor >= 0 {
                defer { close(descriptor) }
                var generator = SystemRandomNumberGenerator()
                let key = (0..<byteCount).map { _ in UInt8.random(in: 0...255, using: &generator) }
                let written = key.withUnsafeBufferPointer { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                guard written == byteCount, fsync(descriptor) == 0 else {
                    let reason = String(cString: strerror(errno))
                    unlink(path)
                    return .failure(Refusal(path: path, reason: reason))
                }
                return .success(key)
            }
            guard errno == EEXIST else { return .failure(Refusal(path: path, reason: String(cString: strerror(errno)))) }
            usleep(20_000)
        }
        return .failure(Refusal(path: path, reason: "another server began making it and has not finished"))
    }

    /// An empty file made in the last few seconds: another server is writing its key.
    private static func isFreshlyMade(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && time(nil) - info.st_mtim.tv_sec < 5
    }

    struct Refusal: Error {
        let path: String
        let reason: String
    }
}
