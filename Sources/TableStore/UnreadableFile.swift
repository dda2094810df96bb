import Foundation

/// Why a file cannot be read, in words rather than Foundation's error domain and codes: the
/// one wording for a data file an import names and a file a command-line option names.
package enum UnreadableFile {
    /// The reason the file at `path` cannot be read, found after a read failed.
    package static func reason(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT ? "there is no such file" : "it cannot be read (\(String(cString: strerror(errno))))" }
        if info.st_mode & S_IFMT == S_IFDIR { return "it is a folder, not a file" }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "it cannot be read (\(String(cString: strerror(errno))))" }
        close(descriptor)
        return info.st_mode & S_IFMT == S_IFREG ? "it cannot be read" : "it is not a regular file (a device, a pipe or a socket)"
    }
}
