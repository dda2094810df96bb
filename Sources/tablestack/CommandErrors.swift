import ArgumentParser
import Foundation
import Glibc
import TableExport
import TableServer
import TableStore

/// Where the command line puts its files by default.
enum DefaultPaths {
    static let database = "data/tablestack.sqlite"

    /// The Public folder: in the working directory, or the one beside the sources.
    static var publicFolder: String { ServerConfiguration.bundledPublicFolder }
}

/// Turns the modules' errors into one message on standard error and exit status 1 — the only
/// place the command line decides how errors look.
enum CommandErrors {
    /// A refusal the command line words itself (printed as it is, after "tablestack: ").
    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    static func reporting<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch { throw fail(error) }
    }

    static func reporting<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch { throw fail(error) }
    }

    private static func fail(_ error: any Error) -> ExitCode {
        if error is ExitCode { return error as? ExitCode ?? .failure }
        printError("tablestack: \((error as? StoreError)?.detailedDescription ?? "\(error)")")
        return .failure
    }
}

extension CommandErrors {
    /// The bytes of the file an option names, or a message saying why they cannot be read (in
    /// place of Foundation's error domain and codes) and exit status 1.
    static func contents(of path: String, for option: String) throws -> Data {
        var failure: (any Error)?
        // A folder, which Foundation may read as an empty file, is refused as one.
        if !FilePaths.isFolder(path) {
            do { return try Data(contentsOf: URL(fileURLWithPath: path)) } catch { failure = error }
        }
        printError("tablestack: \(option) \(path): \(UnreadableFile.reason(path, after: failure))")
        throw ExitCode.failure
    }

    /// Writes `data` to the file an option names, beside it and renamed into place (a write that
    /// fails halfway leaves the old file); a message saying why it cannot (in place of
    /// Foundation's error domain and codes) and exit status 1.
    /// A path that is a device, a pipe or a socket (`/dev/null`, `/dev/stdout`, a FIFO) is
    /// written into as it is: renaming a file over it would replace the device with a file.
    static func write(_ data: Data, to path: String, for option: String) throws {
        // `x/` names a folder: written as it is, the path would make or replace a file `x`.
        if path.hasSuffix("/") {
            printError("tablestack: \(option) \(path): it ends in '/', which names a folder, not a file")
            throw ExitCode.failure
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT != S_IFREG, info.st_mode & S_IFMT != S_IFDIR {
            let descriptor = open(path, O_WRONLY | O_CLOEXEC)
            let failure = descriptor < 0 ? errno : writeAll(data, to: descriptor)
            if descriptor >= 0 { close(descriptor) }
            guard let failure else { return }
            printError("tablestack: \(option) \(path): it cannot be written (\(String(cString: strerror(failure))))")
            throw ExitCode.failure
        }
        do {
            try data.write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            let folder = FilePaths.folder(of: path)
            let reason = FilePaths.isFolder(path) ? FilePaths.folderNotFile
                : !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) ? "its folder \(folder) does not exist"
                : "it cannot be written" + (FilePaths.systemReason(error).map { " (\($0))" } ?? "")
            printError("tablestack: \(option) \(path): \(reason)")
            throw ExitCode.failure
        }
    }

    /// Writes `data` to standard output; a message saying why it cannot (a full disk, a closed
    /// pipe) and exit status 1, so a script never takes a cut-off output for the whole.
    static func writeToStandardOutput(_ data: Data, what: String) throws {
        guard let failure = writeAll(data, to: STDOUT_FILENO) else { return }
        printError("tablestack: the \(what) could not be written to standard output (\(String(cString: strerror(failure))))")
        throw ExitCode.failure
    }

    /// Writes all of `data` to `descriptor` (`FileBytes.writeAll`); the error number of a write
    /// that fails, `nil` when all is written.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32? {
        data.withUnsafeBytes { FileBytes.writeAll($0.bindMemory(to: UInt8.self), to: descriptor) }
    }
}
