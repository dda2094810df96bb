import Foundation
import TableApp
import TableKit
import TableRender
import TableStore

/// The modal sheets of a scene: Add, the detail edit form, and the Move to… chooser.
struct Sheets {
    let site: Site
    let scene: ResolvedScene
    let csrf: String

    private var pageHref: String { site.urls.page(scene.path, from: scene.path) }
    private var editingHref: String { site.urls.page(scene.path, from: scene.path, query: [("editing", "1")]) }

    /// The Add sheet, with what the user typed and the messages for refused fields.
    func add(typed: [String: String], errors: [String: String]) -> SheetContext? {
        guard let form = scene.scene.add else { return nil }
        return SheetContext(title: form.title, sectionTitle: nil, action: site.urls.action("add", on: scene.path), csrf: csrf,
                            revision: scene.revisionToken, cancelHref: pageHref, saveTitle: "Save",
                            errorSummary: errors.isEmpty ? nil : summary(errors), hiddenFields: [],
                            fields: form.fields.map { field($0, value: typed[$0.attribute] ?? $0.defaultValue ?? "", error: errors[$0.attribute]) })
    }

    /// The detail scene's fields in a form, filled from the item (or what was typed).
    func detail(typed: [String: String]?, errors: [String: String]) -> SheetContext? {
        guard case let .detail(detail) = scene.scene.content, detail.isEditable else { return nil }
        let fields = detail.sections.flatMap(\.fields).map { definition in
            let stored = scene.item?[definition.attribute]
            let value = typed?[definition.attribute] ?? (definition.kind == .toggle ? (stored?.bool == true ? "on" : "") : stored?.description ?? "")
            return field(definition, value: value, error: errors[definition.attribute])
        }
        return SheetContext(title: "Edit \(scene.title)", sectionTitle: detail.sections.first?.headerTitle,
                            action: site.urls.action("save", on: scene.path), csrf: csrf, revision: scene.revisionToken,
                            cancelHref: pageHref, saveTitle: "Save", errorSummary: errors.isEmpty ? nil : summary(errors),
                            hiddenFields: [], fields: fields)
    }

    /// The Move to… sheet: every place the scene's rule lets the row go, as a choice.
    func move(key: String) -> SheetContext? {
        guard let rule = scene.scene.moves, let (row, source) = scene.row(forKey: key),
              rule.canMoveRow(at: source, rowCounts: scene.rowCounts) else { return nil }
        var options: [OptionContext] = []
        for (sectionIndex, section) in scene.sections.enumerated() where !rule.keepsRowsInSection || sectionIndex == source.section {
            let count = section.rows.count + (sectionIndex == source.section ? 0 : 1)
            for place in rule.movableRows(inSectionOf: count) {
                let target = IndexPath(row: place, section: sectionIndex)
                let label = place == source.row && sectionIndex == source.section
                    ? "Where it is now (row \(place + 1))" : "Row \(place + 1)" + (section.headerTitle.map { " of \($0)" } ?? "")
                options.append(OptionContext(value: target.textForm, title: label, isSelected: target == source))
            }
        }
        return SheetContext(title: "Move \(row.cell.text)", sectionTitle: nil, action: site.urls.action("move", on: scene.path),
                            csrf: csrf, revision: scene.revisionToken, cancelHref: editingHref, saveTitle: "Move",
                            errorSummary: nil, hiddenFields: [HiddenFieldContext(name: "key", value: key)],
                            fields: [FieldContext(name: "to", label: "Move to", kind: .choice, options: options)])
    }

    /// The sheet's navigation bar: Cancel at the left, the title, Save at the right.
    func bar(for sheet: SheetContext) -> NavigationBarContext {
        NavigationBarContext(title: sheet.title, label: "Sheet", cancel: LinkContext(href: sheet.cancelHref, title: "Cancel"),
                             save: SaveButtonContext(title: sheet.saveTitle, form: "sheet-form"))
    }

    private func field(_ definition: FieldDefinition, value: String, error: String?) -> FieldContext {
        let kind: FieldContext.Kind = switch definition.kind {
        case .text: .text
        case .number: .number
        case .toggle: .toggle
        case .slider: .slider
        case .choice: .choice
        }
        return FieldContext(name: definition.attribute, label: definition.label, kind: kind, value: value,
                            isRequired: definition.isRequired, isOn: value == "on" || value == "true",
                            minimum: definition.minimum.map(NumberText.format) ?? "", maximum: definition.maximum.map(NumberText.format) ?? "",
                            options: definition.choices.map { OptionContext(value: $0, title: $0, isSelected: $0 == value) }, error: error)
    }

    private func summary(_ errors: [String: String]) -> String {
        errors.count == 1 ? "Please correct the field below." : "Please correct the \(errors.count) fields below."
    }
}
