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

    /// The lines that say what is wrong with an app's templates, the last a summary.
    struct Problems: Error {
        let lines: [String]
    }

    /// The template set, or its problems, printed by nobody yet: a command may check the
    /// templates while it does something else, and print their problems only once it needs them.
    static func checked(folder: String, for definition: AppDefinition) -> Result<TemplateSet, Problems> {
        let templates: TemplateSet
        do {
            templates = try TemplateSet(folder: folder, appFolder: definition.templateFolder)
        } catch {
            return .failure(Problems(lines: [error.description, "tablestack: the templates in \(folder)"
                + (definition.templateFolder.map { " and \($0)" } ?? "") + " are invalid; fix the problems above"]))
        }
        let missing = AppTemplateCheck.problems(definition, templates: templates)
        guard missing.isEmpty else {
            return .failure(Problems(lines: missing.map(\.description)
                + ["tablestack: the app file names templates that are not there; fix the problems above"]))
        }
        return .success(templates)
    }

    /// The template set of `checked`, or its problems printed and a failure.
    static func report(_ checked: Result<TemplateSet, Problems>) throws -> TemplateSet {
        switch checked {
        case let .success(templates):
            return templates
        case let .failure(problems):
            for line in problems.lines { printError(line) }
            throw ExitCode.failure
        }
    }
}
