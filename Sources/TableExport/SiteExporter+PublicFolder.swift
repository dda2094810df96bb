import Foundation
import TableRender

/// The public folder (CSS, scripts, icons) copied into the export's `_assets/`.
extension SiteExporter {
    /// Copies the public folder's files into `_assets/` (those not there already) and returns a
    /// fingerprint of their names and contents.
    static func copyPublicFolder(_ options: ExportOptions) throws -> String {
        let files = try publicFiles(options)
        try copy(files, options)
        return fingerprint(of: files)
    }

    /// The public folder's files (dot files left out), by path inside it, with their contents.
    static func publicFiles(_ options: ExportOptions) throws -> [(name: String, data: Data)] {
        let source = URL(fileURLWithPath: options.publicFolder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: source.path, isDirectory: &isFolder), isFolder.boolValue,
              let names = FileManager.default.enumerator(atPath: source.path) else {
            throw ExportError.cannotWrite(options.outputFolder + "/_assets", "the public folder \(source.path) cannot be read")
        }
        var files: [(name: String, data: Data)] = []
        let inside = FolderLinks.resolved(source.path)
        for case let name as String in names where !(name as NSString).lastPathComponent.hasPrefix(".") {
            var isDirectory: ObjCBool = false
            let path = source.appendingPathComponent(name).path
            // A link out of the folder is not copied, as the server does not serve it.
            guard FolderLinks.lies(path, inside: inside), FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                  let data = FileManager.default.contents(atPath: path) else { continue }
            files.append((name, data))
        }
        return files
    }

    static func fingerprint(of files: [(name: String, data: Data)]) -> String {
        Fingerprint.hex(of: files.map { $0.name + "\u{0}" + Fingerprint.hex(bytes: $0.data) }.sorted().joined(separator: "\n"))
    }

    /// Writes each of `files` into `_assets/` where it is not there as it is.
    static func copy(_ files: [(name: String, data: Data)], _ options: ExportOptions) throws {
        let target = URL(fileURLWithPath: options.outputFolder).appendingPathComponent("_assets")
        for (name, data) in files {
            let to = target.appendingPathComponent(name)
            if FileManager.default.contents(atPath: to.path) == data { continue }
            do {
                try FileManager.default.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: to, options: .atomic)
            } catch {
                throw ExportError.cannotWrite(to.path, error.localizedDescription)
            }
        }
    }
}
