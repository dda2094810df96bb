import ArgumentParser
import TableApp
import TableRender
import TableSite

/// The template set for an app: TableStack's templates with the app's own, every problem and
/// every template the app names but lacks printed as file:line:column, then a failure.
enum AppTemplates {
    static func load(folder: String, for definition: AppDefinition, checkedBefore: String? = nil) throws -> TemplateSet {
        try printing(loaded(folder: folder, for: definition, checkedBefore: checkedBefore))
    }

    /// The set, or the lines that say why there is none (the last a summary), printed by no one
    /// yet: an export may load the templates before it knows it needs them. `checkedBefore` as
    /// `TemplateSet` takes it: an export passes what its folder's last export loaded.
    static func loaded(folder: String, for definition: AppDefinition, checkedBefore: String? = nil) -> Result<TemplateSet, Problems> {
        let templates: TemplateSet
        do {
            templates = try TemplateSet(folder: folder, appFolder: definition.templateFolder, checkedBefore: checkedBefore)
        } catch {
            return .failure(Problems(lines: [error.description, "tablestack: the templates in \(folder)"
                + (definition.templateFolder.map { " and \($0)" } ?? "") + " are invalid; fix the problems above"]))
        }
        let missing = AppTemplateCheck.problems(definition, templates: templates)
        guard missing.isEmpty else {
            return .failure(Problems(lines: missing.map(\.description) + ["tablestack: the app file names templates that are not there; fix the problems above"]))
        }
        return .success(templates)
    }

    /// The set `loaded` gave; otherwise its problems printed and the command's failure.
    static func printing(_ loaded: Result<TemplateSet, Problems>) throws -> TemplateSet {
        switch loaded {
        case let .success(templates):
            return templates
        case let .failure(problems):
            for line in problems.lines { printError(line) }
            throw ExitCode.failure
        }
    }

    /// Why a folder gave no template set, in lines to print.
    struct Problems: Error {
        var lines: [String]
    }
}
