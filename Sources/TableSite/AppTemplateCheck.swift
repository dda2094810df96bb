import TableApp
import TableRender

/// Whether every template an app file names is in the template set, each missing one reported
/// where the file names it, with the names that are there.
public enum AppTemplateCheck {
    public static func problems(_ definition: AppDefinition, templates: TemplateSet) -> [AppDiagnostic] {
        definition.templateReferences.compactMap { reference in
            guard let kind = CustomTemplateKind(rawValue: reference.kind.rawValue),
                  !templates.contains(reference.name, kind: kind) else { return nil }
            let known = (templates.customNames[kind] ?? []).sorted()
            var problem = reference.place
            let folders = [templates.folder] + (definition.templateFolder.map { [$0] } ?? [])
            problem.message = "no \(kind.noun) \"\(reference.name)\" (looked for \(kind.rawValue)/\(reference.name).mustache in "
                + folders.joined(separator: " and ") + "; "
                + (known.isEmpty ? "there are none" : "there are \(known.joined(separator: ", "))") + ")"
            return problem
        }
    }
}
