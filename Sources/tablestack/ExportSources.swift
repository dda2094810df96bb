import Foundation
import TableRender

/// The fingerprint of what an export's pages are made from besides their data: the app file,
/// the template folders, this build of TableStack (`BuildIdentity`, which says what to remove
/// after upgrading a shared library alone) and the database's name. An export into a folder
/// whose last export had the same sources and data has nothing to do.
enum ExportSources {
    static func fingerprint(app: String?, templateFolders: [String], database: String) -> String {
        var parts = ["app " + (app.map { Fingerprint.hex(bytes: FileManager.default.contents(atPath: $0) ?? Data()) } ?? "built-in demo"),
                     "database " + database, "build " + BuildIdentity.current]
        parts += templateFolders.map { "templates " + folderFingerprint($0) }
        return Fingerprint.hex(of: parts.joined(separator: "\n"))
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
