import Foundation
import TableKit

/// The `.mustache` files of a template folder, read once: what its checks look at is what its
/// library is compiled from, even should a file change meanwhile.
public struct TemplateFiles: Sendable {
    public let folder: String
    /// Each file's name without `.mustache` and its bytes (`nil` when it could not be read), in
    /// the order of their names.
    let files: [(name: String, contents: Data?)]
    /// Why the folder could not be listed, if it could not.
    let listingError: String?
    /// The names of files that are links to files outside the folder, which are not read.
    let outside: Set<String>

    public init(folder: String) {
        self.folder = folder
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".mustache") }.sorted()
            var outside: Set<String> = []
            let resolved = FolderLinks.resolved(folder)
            files = names.map { file in
                let name = String(file.dropLast(".mustache".count)), path = (folder as NSString).appendingPathComponent(file)
                guard FolderLinks.lies(path, inside: resolved) else {
                    outside.insert(name)
                    return (name, nil)
                }
                return (name, FileManager.default.contents(atPath: path))
            }
            self.outside = outside
            listingError = nil
        } catch {
            files = []
            outside = []
            listingError = error.localizedDescription
        }
    }

    /// The fingerprint of the files' names and bytes and of this build (`BuildIdentity`): a set
    /// loaded from them leaves it (`TemplateSet.checksFingerprint`) for a later load to compare,
    /// and the checks, which look at nothing else, need not run again on the same. `nil` when
    /// they would look at more than the bytes: a folder not listed, a file not read, a link out.
    var checksFingerprint: String? {
        guard listingError == nil, outside.isEmpty else { return nil }
        var text = "build " + BuildIdentity.current
        for (name, contents) in files {
            guard let contents else { return nil }
            // The name's length first: a name holding the separators cannot pass for two files.
            text += "\n\(name.utf8.count) " + name + " " + Fingerprint.hex(bytes: contents)
        }
        return Fingerprint.hex(of: text)
    }

    /// A template's text; `nil` when it has none to check, and then `problems` says where its
    /// bytes stop being UTF-8 (a file saved as UTF-16 stops on its first line) or that it could
    /// not be read (`contents` is `nil`).
    static func text(of contents: Data?, file: String, problems: inout [XMLDiagnostic]) -> String? {
        guard let contents else {
            // Of the whole file, as a link out of the folder is (0:0).
            problems.append(XMLDiagnostic(file: file, line: 0, column: 0, message: "cannot read the file"))
            return nil
        }
        if let place = DocumentText.firstInvalidUTF8(in: contents) {
            problems.append(XMLDiagnostic(file: file, line: place.line, column: place.column, message: "the file is not valid UTF-8 here; save it as UTF-8"))
            return nil
        }
        return String(decoding: contents, as: UTF8.self)
    }

    /// What is said of a template that is a link to a file outside its folder.
    package static let outsideMessage = "the file is a link to a file outside the template folder; templates are read only from inside it"
}
