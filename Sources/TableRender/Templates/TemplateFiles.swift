import Foundation

/// The `.mustache` files of a template folder, read once: what its checks look at is what its
/// library is compiled from, even should a file change meanwhile.
public struct TemplateFiles: Sendable {
    public let folder: String
    /// Each file's name without `.mustache` and its bytes (`nil` when it could not be read), in
    /// the order of their names.
    let files: [(name: String, contents: Data?)]
    /// Why the folder could not be listed, if it could not.
    let listingError: String?

    public init(folder: String) {
        self.folder = folder
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".mustache") }.sorted()
            files = names.map { file in
                (String(file.dropLast(".mustache".count)), FileManager.default.contents(atPath: (folder as NSString).appendingPathComponent(file)))
            }
            listingError = nil
        } catch {
            files = []
            listingError = error.localizedDescription
        }
    }
}
