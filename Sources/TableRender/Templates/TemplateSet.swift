import Foundation
import Mustache

/// A validated template folder, compiled once into a Mustache library.
public struct TemplateSet: Sendable {
    /// The folder the templates came from.
    public let folder: String
    private let library: MustacheLibrary
    /// Changes whenever any template's text changes; part of every page's ETag.
    public let fingerprint: String

    /// Loads and validates every template in `folder`; any problem refuses the whole folder,
    /// listing every problem as `file:line:column: message`.
    public init(folder: String) throws(RenderError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .templateFolderMissing(folder)
        }
        let diagnostics = TemplateValidator.validate(folder: folder)
        guard diagnostics.isEmpty else { throw .invalidTemplates(diagnostics) }
        HTMLEscaping.registered
        var library = MustacheLibrary()
        var allText = ""
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for file in files.sorted() where file.hasSuffix(".mustache") {
            let path = (folder as NSString).appendingPathComponent(file)
            guard let data = FileManager.default.contents(atPath: path) else { continue }
            let text = String(decoding: data, as: UTF8.self)
            allText += file + "\u{0}" + text
            do {
                try library.register(HTMLEscaping.pragma + text, named: String(file.dropLast(".mustache".count)))
            } catch {
                throw .invalidTemplates([XMLDiagnostic(file: path, line: 1, column: 1, message: "Mustache: \(error)")])
            }
        }
        self.folder = folder
        self.library = library
        self.fingerprint = Fingerprint.hex(of: allText)
    }

    /// The folder of templates that ships with TableStack, found from the working directory or
    /// next to the source tree.
    public static var bundledFolder: String {
        let candidates = [
            FileManager.default.currentDirectoryPath + "/Templates",
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../Templates").standardized.path,
        ]
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }

    /// Renders `context` with the template `name`.
    public func render(_ context: some RenderContext, with name: TemplateName) -> String {
        library.render(context, withTemplate: name.rawValue) ?? ""
    }
}
