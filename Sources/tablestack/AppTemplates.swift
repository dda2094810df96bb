import ArgumentParser
import TableApp
import TableRender
import TableSite

/// The template set for an app: TableStack's templates with the app's own, every problem and
/// every template the app names but lacks printed as file:line:column, then a failure.
enum AppTemplates {
    static func load(folder: String, for definition: AppDefinition) throws -> TemplateSet {
        let templates: TemplateSet
        do {
            templates = try TemplateSet(folder: folder, appFolder: definition.templateFolder)
        } catch {
            throw printedFailure([error.description, "tablestack: the templates in \(folder)"
                + (definition.templateFolder.map { " and \($0)" } ?? "") + " are invalid; fix the problems above"])
        }
        let missing = AppTemplateCheck.problems(definition, templates: templates)
        guard missing.isEmpty else {
            throw printedFailure(missing.map(\.description) + ["tablestack: the app file names templates that are not there; fix the problems above"])
        }
        return templates
    }

    /// Prints `lines`, the last a summary; the failure to throw.
    private static func printedFailure(_ lines: [String]) -> ExitCode {
        for line in lines { printError(line) }
        return .failure
    }
}
