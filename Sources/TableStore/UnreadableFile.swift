import Foundation

/// Why a file cannot be read, in words rather than Foundation's error domain and codes: the
/// one wording for a data file an import names and a file a command-line option names.
package enum UnreadableFile {
    /// The reason the file at `path` cannot be read, found after a read failed (with `error`,
    /// when the read gave one). Only a regular file is opened to ask the system why: opening a
    /// pipe would wait for a writer.
    package static func reason(_ path: String, after error: (any Error)? = nil) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ENOENT ? "there is no such file" : "it cannot be read (\(String(cString: strerror(errno))))" }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return FilePaths.folderNotFile
        case S_IFREG: break
        default: return "it is not a regular file (a device, a pipe or a socket)"
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return "it cannot be read (\(String(cString: strerror(errno))))" }
        close(descriptor)
        return "it cannot be read" + (error.flatMap(FilePaths.systemReason).map { " (\($0))" } ?? "")
    }
}
