import Foundation

/// What the command line asks of a path before it reads or writes there.
package enum FilePaths {
    /// The folder part of `path`, as `NSString.deletingLastPathComponent` gives it, which
    /// crashes on Linux for "." and "./" (swift-corelibs-foundation): "" for a name in the
    /// working folder, "/" for one in the root.
    package static func folder(of path: String) -> String {
        var name = Substring(path)
        while name.count > 1, name.hasSuffix("/") { name.removeLast() }
        guard let slash = name.lastIndex(of: "/") else { return "" }
        var folder = name[..<slash]
        while folder.count > 1, folder.hasSuffix("/") { folder.removeLast() }
        return folder.isEmpty ? "/" : String(folder)
    }

    /// What is said of a folder named where a file must be.
    package static let folderNotFile = "it is a folder, not a file"

    /// The system's words for why Foundation could not read or write a file ("Permission
    /// denied"), when its error carries them.
    package static func systemReason(_ error: any Error) -> String? {
        ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).map { String(cString: strerror(Int32($0.code))) }
    }

    /// Whether a folder stands at `path` (following a link to one).
    package static func isFolder(_ path: String) -> Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
    }

    /// When the file at `path` was last written (its modification time, in seconds since 1970);
    /// `nil` when there is none.
    package static func modified(_ path: String) -> Double? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1_000_000_000
    }

    /// The size in bytes of the file at `path` (following a link); `nil` when there is none.
    package static func size(_ path: String) -> Int64? {
        var info = stat()
        return stat(path, &info) == 0 ? Int64(info.st_size) : nil
    }
}
