import Foundation
import Mustache
import TableKit

/// A validated template folder, compiled once into a Mustache library.
public struct TemplateSet: Sendable {
    /// The folder the templates came from.
    public let folder: String
    private let library: MustacheLibrary
    /// Changes whenever any template's text changes; part of every page's ETag.
    public let fingerprint: String
    /// The app's own templates, by kind: names without their folder.
    public let customNames: [CustomTemplateKind: Set<String>]
    /// The keys each of the app's templates reads, by library name.
    private let customKeys: [String: Set<String>]
    /// What a later load of the folder may pass as `checkedBefore` (see `TemplateFiles`); `nil`
    /// when it cannot skip the checks.
    public let checksFingerprint: String?
    /// Whether this load checked the folder's own templates (not when `checkedBefore` named them).
    package let hasRunChecks: Bool

    /// Loads and validates every template in `folder`, with the app's own templates from its
    /// `cells`, `accessories` and `sections` subfolders and then from `appFolder`'s (which
    /// replace those of the same name). Any problem refuses the whole set, listing every problem
    /// as `file:line:column: message`.
    ///
    /// `checkedBefore` is the `checksFingerprint` of a set this build loaded earlier: when the
    /// folder's files are still those, its own templates are compiled without their checks (half
    /// of loading them), which would find nothing again. The app's templates are checked always.
    public init(folder: String, appFolder: String? = nil, checkedBefore: String? = nil) throws(RenderError) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw .templateFolderMissing(folder)
        }
        HTMLEscaping.registered
        // The folder's checks and its compilation need nothing of each other, and each is about
        // half of loading the set: they run side by side, on two cores where there are two,
        // unless `checkedBefore` vouches for the same bytes. A folder the checks refuse is
        // refused with their problems, whatever Mustache made of it.
        let templates = TemplateFiles(folder: folder)
        let checksFingerprint = templates.checksFingerprint
        let loaded = FolderLoad()
        let compiling: @Sendable () -> Void = { loaded.compiled = Result { () throws(RenderError) in try Self.compile(templates) } }
        hasRunChecks = checksFingerprint == nil || checksFingerprint != checkedBefore
        if hasRunChecks {
            SideBySide.run({ loaded.diagnostics = TemplateValidator.validate(templates) }, compiling)
        } else {
            compiling()
        }
        guard loaded.diagnostics.isEmpty else { throw .invalidTemplates(loaded.diagnostics) }
        guard let compiled = loaded.compiled else { preconditionFailure("the compile ran") }
        var (library, allText) = try compiled.get()
        var customNames: [CustomTemplateKind: Set<String>] = [:]
        var customKeys: [String: Set<String>] = [:]
        var problems: [XMLDiagnostic] = []
        for base in [folder] + (appFolder.map { [$0] } ?? []) {
            let resolvedBase = FolderLinks.resolved(base)
            for kind in CustomTemplateKind.allCases {
                let subfolder = (base as NSString).appendingPathComponent(kind.rawValue)
                let names = ((try? FileManager.default.contentsOfDirectory(atPath: subfolder)) ?? []).filter { $0.hasSuffix(".mustache") }
                for file in names.sorted() {
                    let path = (subfolder as NSString).appendingPathComponent(file)
                    let name = String(file.dropLast(".mustache".count))
                    guard TemplateView.isValidName(name) else {
                        problems.append(XMLDiagnostic(file: path, line: 1, column: 1, message: "\"\(name)\" cannot name a template (1 to 64 letters, digits, - and _, starting with a letter)"))
                        continue
                    }
                    guard FolderLinks.lies(path, inside: resolvedBase) else {
                        problems.append(XMLDiagnostic(file: path, line: 0, column: 0, message: TemplateFiles.outsideMessage))
                        continue
                    }
                    guard let text = TemplateFiles.text(of: FileManager.default.contents(atPath: path), file: path, problems: &problems) else { continue }
                    let found = CustomTemplateValidator.validate(text: text, file: path)
                    problems += found
                    guard found.isEmpty else { continue }
                    allText += kind.libraryName(name) + "\u{0}" + text
                    do {
                        try library.register(HTMLEscaping.pragma + text, named: kind.libraryName(name))
                    } catch {
                        problems.append(XMLDiagnostic(file: path, line: 1, column: 1, message: "Mustache: \(error)"))
                    }
                    customNames[kind, default: []].insert(name)
                    customKeys[kind.libraryName(name)] = Set(MustacheScanner.tags(in: text).tags.compactMap { tag in
                        [.variable, .sectionOpen, .invertedOpen].contains(tag.kind) && tag.name != "." ? tag.name : nil
                    })
                }
            }
        }
        guard problems.isEmpty else { throw .invalidTemplates(problems) }
        self.folder = folder
        self.library = library
        self.customNames = customNames
        self.customKeys = customKeys
        self.checksFingerprint = checksFingerprint
        self.fingerprint = Fingerprint.hex(of: allText)
    }

    /// The files `templates` compiled into a library, and their names and texts in one string
    /// (what the set's fingerprint is taken of). A file that could not be read is the checks' to
    /// report.
    ///
    /// Each file is parsed by itself, on the cores the checks leave, the longest first (with the
    /// checks skipped, on every core): Mustache's parser looks at all that is left of a file at
    /// each tag, so a file's parse grows with the square of its length, and the longest few are
    /// most of the work.
    private static func compile(_ templates: TemplateFiles) throws(RenderError) -> (MustacheLibrary, String) {
        let texts = templates.files.compactMap { file in
            file.contents.map { (name: file.name, text: String(decoding: $0, as: UTF8.self)) }
        }
        let longestFirst = texts.indices.sorted { texts[$0].text.utf8.count > texts[$1].text.utf8.count }
        let parsed = ConcurrentSlots<Result<MustacheTemplate, any Error>?>(count: texts.count, empty: nil)
        DispatchQueue.concurrentPerform(iterations: texts.count) { step in
            let index = longestFirst[step]
            parsed.set(index, Result { try MustacheTemplate(string: HTMLEscaping.pragma + texts[index].text) })
        }
        var library = MustacheLibrary()
        var allText = ""
        for (file, template) in zip(texts, parsed.all) {
            allText += file.name + ".mustache\u{0}" + file.text
            guard let template else { preconditionFailure("every file was parsed") }
            do {
                try library.register(template.get(), named: file.name)
            } catch {
                let path = (templates.folder as NSString).appendingPathComponent(file.name + ".mustache")
                throw .invalidTemplates([XMLDiagnostic(file: path, line: 1, column: 1, message: "Mustache: \(error)")])
            }
        }
        return (library, allText)
    }

    /// What the two parts of loading a folder found, each written by its own part only and read
    /// once both have ended.
    private final class FolderLoad: @unchecked Sendable {
        var diagnostics: [XMLDiagnostic] = []
        var compiled: Result<(MustacheLibrary, String), RenderError>?
    }

    /// Whether the app's template `name` of `kind` is in the set.
    public func contains(_ name: String, kind: CustomTemplateKind) -> Bool {
        customNames[kind]?.contains(name) ?? false
    }

    /// The values of `view` its template reads: what a custom cell shows, for the JSON twin.
    public func shownValues(of view: TemplateView, kind: CustomTemplateKind) -> [String: String] {
        guard let keys = customKeys[kind.libraryName(view.name)] else { return [:] }
        return view.values.filter { keys.contains($0.key) }
    }

    /// `view` drawn by the app's template of `kind`; `nil` when the set has no such template.
    public func render(_ view: TemplateView, kind: CustomTemplateKind) -> String? {
        guard contains(view.name, kind: kind) else { return nil }
        return library.render(view.values, withTemplate: kind.libraryName(view.name))
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
