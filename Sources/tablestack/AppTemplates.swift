import ArgumentParser
import TableApp
import TableRender
import TableSite

/// The template set for an app: TableStack's templates with the app's own, every problem and
/// every template the app names but lacks printed as file:line:column, then a failure.
enum AppTemplates {
    static func load(folder: String, for definition: AppDefinition) throws -> TemplateSet {
        try report(checked(folder: folder, for: definition))
    }

    /// An app's templates, checked: ready, or the lines that say what is wrong, the last a summary.
    enum Checked: Sendable {
        case ready(TemplateSet)
        case failed([String])
    }

    /// The template set, or its problems, printed by nobody yet: a command may check the
    /// templates while it does something else, and print their problems only once it needs them.
    static func checked(folder: String, for definition: AppDefinition) -> Checked {
        let templates: TemplateSet
        do {
            templates = try TemplateSet(folder: folder, appFolder: definition.templateFolder)
        } catch {
            return .failed([error.description, "tablestack: the templates in \(folder)"
                + (definition.templateFolder.map { " and \($0)" } ?? "") + " are invalid; fix the problems above"])
        }
        let missing = AppTemplateCheck.problems(definition, templates: templates)
        guard missing.isEmpty else {
            return .failed(missing.map(\.description) + ["tablestack: the app file names templates that are not there; fix the problems above"])
        }
        return .ready(templates)
    }

    /// The template set of `checked`, or its problems printed and a failure.
    static func report(_ checked: Checked) throws -> TemplateSet {
        switch checked {
        case let .ready(templates):
            return templates
        case let .failed(lines):
            for line in lines { printError(line) }
            throw ExitCode.failure
        }
    }
}
