import ArgumentParser
import Foundation
import TableRender

/// `tablestack validate`: checks a template folder and prints every problem as file:line:column.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a template folder: well-formed XHTML, balanced sections, known partials and keys.",
        discussion: "Prints every problem as file:line:column: message and exits with status 1 when there is one."
    )

    @Option(name: .long, help: "The template folder to check.")
    var templates: String = TemplateSet.bundledFolder

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
    }
}

/// Writes a line to standard error.
func printError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
