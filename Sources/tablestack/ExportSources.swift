import Foundation
import Glibc
import TableRender

/// The fingerprint of what an export's pages are made from besides their data: the app file,
/// the template folders, this build of TableStack and the database's name. An export into a
/// folder whose last export had the same sources and data has nothing to do.
enum ExportSources {
    static func fingerprint(app: String?, templateFolders: [String], database: String) -> String {
        var parts = ["app " + (app.map { Fingerprint.hex(bytes: FileManager.default.contents(atPath: $0) ?? Data()) } ?? "built-in demo"),
                     "database " + database, "build " + executableIdentity()]
        parts += templateFolders.map { "templates " + folderFingerprint($0) }
        return Fingerprint.hex(of: parts.joined(separator: "\n"))
    }

    /// This executable's size and modification time: another build is another executable (the
    /// built-in demo and the page logic live in it, and in a release build Swift's runtime and
    /// Foundation too). The shared libraries it loads (ICU's collation, libxml2, SQLite, and in a
    /// debug build Swift's own) are not looked at: after upgrading those alone, remove
    /// `.tablestack-export-state` from the folder to have every page made again.
    private static func executableIdentity() -> String {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return UUID().uuidString }  // unknown: never equal
        return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The names and contents of every file below `folder`, sorted.
    private static func folderFingerprint(_ folder: String) -> String {
        guard let names = FileManager.default.subpaths(atPath: folder) else { return "missing " + folder }
        let files = names.sorted().compactMap { name -> String? in
            var isFolder: ObjCBool = false
            let path = folder + "/" + name
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else { return nil }
            return name + "\u{0}" + Fingerprint.hex(bytes: FileManager.default.contents(atPath: path) ?? Data())
        }
        return Fingerprint.hex(of: files.joined(separator: "\n"))
    }
}
