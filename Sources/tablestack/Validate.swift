import ArgumentParser
import Foundation
import TableApp
import TableKit
import TableRender

/// `tablestack validate`: checks a template folder and prints every problem as file:line:column.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a template folder (well-formed XHTML, balanced sections, known partials and keys) and, with --app, an app file.",
        discussion: """
            Prints every problem as file:line:column: message and exits with status 1 when there is one; \
            warnings (advice the guide gives, such as no disclosure accessory in an indexed list) are printed too \
            and leave the status 0.
            """
    )

    @Option(name: .long, help: "The template folder to check.")
    var templates: String = TemplateSet.bundledFolder

    @Option(name: .long, help: "An app file (YAML) to check as well.")
    var app: String?

    func run() throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: templates, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw ValidationError(RenderError.templateFolderMissing(templates).description)
        }
        let diagnostics = TemplateValidator.validate(folder: templates)
        for diagnostic in diagnostics { printError(diagnostic.description) }
        guard diagnostics.isEmpty else {
            printError("\(diagnostics.count) problem\(diagnostics.count == 1 ? "" : "s") in \(templates)")
            throw ExitCode(1)
        }
        print("\(templates): every template is valid")
        guard let app else { return }
        do {
            let definition = try AppFileLoader.load(path: app)
            for warning in definition.warnings { printError(warning.description) }
            _ = try AppTemplates.load(folder: templates, for: definition)
            print("\(app): the app file is valid" + (definition.warnings.isEmpty ? "" : " (with \(definition.warnings.count) warning\(definition.warnings.count == 1 ? "" : "s"))"))
        } catch let error as AppError {
            printError(error.description)
            printError("tablestack: the app file \(app) is invalid")
            throw ExitCode(1)
        }
    }
}

/// Writes a line to standard error, its control characters escaped: a message may repeat a
/// name from a data or app file, which must not drive the terminal.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((DocumentText.escapingControls(line, keepingLineBreaks: true) + "\n").utf8))
}
