import Foundation

/// Whether a file of a folder shipped with an app (its templates, its public assets) lies inside
/// that folder once links are followed: a link inside it is followed, one out of it is not, so
/// the folder cannot show any other file of the machine it runs on. Serving, exporting and
/// validating decide alike.
public enum FolderLinks {
    /// The folder at `path` with its links followed, ending in a slash (so that a file's path
    /// inside it begins with it); `nil` when it cannot be resolved.
    public static func resolved(_ path: String) -> String? {
        target(of: path).map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// `path` with its links followed; `nil` when it cannot be resolved.
    public static func target(of path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether the file at `path`, its links followed, lies inside `folder` (as `resolved` gives
    /// it, once for all its files). A path that cannot be resolved (no such file) is left to the
    /// read, which says so.
    public static func lies(_ path: String, inside folder: String?) -> Bool {
        guard let file = target(of: path) else { return true }
        guard let folder else { return false }
        return file.hasPrefix(folder)
    }
}
