import Foundation
import TableApp
import TableKit
import TableRender
import TableStore

/// The modal sheets of a page: Add and the detail edit form (an app file's forms), and the Move
/// to… chooser, which offers the places the controller's delegate lets the row go.
public struct Sheets {
    let site: Site
    let page: SitePage
    let csrf: String

    /// Makes the sheets of `page`, posting with the form token `csrf`.
    public init(site: Site, page: SitePage, csrf: String) {
        self.site = site
        self.page = page
        self.csrf = csrf
    }

    private var pageHref: String { site.urls.page(page.path, from: page.path) }

    /// The Add sheet, with what the user typed and the messages for refused fields. A text
    /// field's default is its placeholder, as in iOS's Add sheets: the field starts empty.
    public func add(typed: [String: String], errors: [String: String]) -> SheetContext? {
        guard let form = page.scene?.scene.add else { return nil }
        let fields = form.fields.map { definition in
            definition.kind == .text
                ? field(definition, value: typed[definition.attribute] ?? "", error: errors[definition.attribute],
                        placeholder: definition.defaultValue ?? (definition.isRequired ? "Required" : ""))
                : field(definition, value: typed[definition.attribute] ?? definition.defaultValue ?? "", error: errors[definition.attribute])
        }
        return SheetContext(title: form.title, sectionTitle: nil, action: site.urls.action(.add, on: page.path), csrf: csrf,
                            revision: page.controller.revisionToken, cancelHref: pageHref, saveTitle: "Save",
                            errorSummary: errors.isEmpty ? nil : summary(errors), hiddenFields: [], fields: fields)
    }

    /// The detail scene's fields in a form, filled from the item (or what was typed), carrying
    /// the item's values as they are now: saving changes only the fields the person changed,
    /// and only where no one else changed them first. A form refused for its fields is shown
    /// again `startingFrom` what it was posted from (its `original-` values and revision), so
    /// that a change someone else made meanwhile is still told when it is saved again.
    public func detail(typed: [String: String]?, errors: [String: String],
                       startingFrom posted: (originals: [String: String], revision: String)? = nil) -> SheetContext? {
        guard let scene = page.scene, case let .detail(detail) = scene.scene.content, detail.isEditable else { return nil }
        let definitions = detail.sections.flatMap(\.fields)
        let fields = definitions.map { definition in
            field(definition, value: typed?[definition.attribute] ?? definition.formValue(of: scene.item?[definition.attribute]),
                  error: errors[definition.attribute], offersValue: true)
        }
        let originals = definitions.map {
            HiddenFieldContext(name: FieldDefinition.originalPrefix + $0.attribute,
                               value: posted?.originals[$0.attribute] ?? $0.formValue(of: scene.item?[$0.attribute]))
        }
        return SheetContext(title: "Edit \(page.title)", sectionTitle: detail.sections.first?.headerTitle,
                            action: site.urls.action(.save, on: page.path), csrf: csrf, revision: posted?.revision ?? page.controller.revisionToken,
                            cancelHref: pageHref, saveTitle: "Save", errorSummary: errors.isEmpty ? nil : summary(errors),
                            hiddenFields: originals, fields: fields)
    }

    /// The Move to… sheet's value for the place the row has.
    public static let whereItIs = "here"

    /// The Move to… sheet: every place the delegate lets the row go (its `targetIndexPath`
    /// keeps a proposal there), as a choice named by the row it would stand before (or, at the
    /// end of a section, after), so that the choice still means the same place when other rows
    /// came or went meanwhile.
    public func move(key: String) -> SheetContext? {
        let controller = page.controller
        guard let source = controller.indexPath(forRowWithKey: key), controller.movesRows, controller.canMoveRow(at: source) else {
            return nil
        }
        var options: [OptionContext] = []
        let counts = controller.rowCounts
        var keysBySection: [Int: [String]] = [:]
        for target in controller.movePlaces(for: source) {
            let section = target.section
            // The keys of the section's rows without the one moving.
            let others = keysBySection[section] ?? (0..<counts[section]).filter { !(section == source.section && $0 == source.row) }
                .map { controller.cell(at: IndexPath(row: $0, section: section)).key }
            keysBySection[section] = others
            let place = target.row
            let header = controller.titleForHeader(inSection: section)
            let value = target == source ? Self.whereItIs
                : place < others.count ? "before:" + others[place] : others.last.map { "after:" + $0 } ?? target.textForm
            let label = target == source ? "Where it is now (row \(place + 1))" : "Row \(place + 1)" + (header.map { " of \($0)" } ?? "")
            options.append(OptionContext(value: value, title: label, isSelected: target == source))
        }
        return SheetContext(title: "Move \(controller.cell(at: source).text)", sectionTitle: nil, action: site.urls.action(.move, on: page.path),
                            csrf: csrf, revision: controller.revisionToken, cancelHref: site.urls.editing(page.path, row: key), saveTitle: "Move",
                            errorSummary: nil, hiddenFields: [HiddenFieldContext(name: "key", value: key)],
                            fields: [FieldContext(name: "to", label: "Move to", kind: .choice, options: options)])
    }

    /// A sheet's navigation bar: Cancel at the left, the title, Save at the right.
    public static func bar(for sheet: SheetContext) -> NavigationBarContext {
        NavigationBarContext(title: sheet.title, label: "Sheet", cancel: LinkContext(href: sheet.cancelHref, title: "Cancel"),
                             save: SaveButtonContext(title: sheet.saveTitle, form: "sheet-form"))
    }

    /// A field of a sheet. With `offersValue`, a choice whose value is none of its choices (an
    /// imported value, one the app file no longer lists, or none at all) offers that value first,
    /// selected: otherwise a browser selects the first choice, and saving the form for another
    /// field would replace the item's value with it unasked.
    private func field(_ definition: FieldDefinition, value: String, error: String?, placeholder: String = "",
                       offersValue: Bool = false) -> FieldContext {
        let kind: FieldContext.Kind = switch definition.kind {
        case .text: .text
        case .number: .number
        case .toggle: .toggle
        case .slider: .slider
        case .choice: .choice
        }
        return FieldContext(name: definition.attribute, label: definition.label, kind: kind, value: value, placeholder: placeholder,
                            isRequired: definition.isRequired, isOn: definition.kind == .toggle && FieldDefinition.switchValue(value) == true,
                            minimum: definition.minimum.map(NumberWords.plain) ?? "", maximum: definition.maximum.map(NumberWords.plain) ?? "",
                            maxLength: definition.kind == .text ? String(definition.maximumLength) : nil,
                            unit: definition.kind == .number || definition.kind == .slider ? definition.unit : nil,
                            options: options(of: definition, value: value, offersValue: offersValue), error: error)
    }

    private func options(of definition: FieldDefinition, value: String, offersValue: Bool) -> [OptionContext] {
        let choices = definition.choices.map { OptionContext(value: $0, title: $0, isSelected: $0 == value) }
        guard offersValue, definition.kind == .choice, !definition.choices.contains(value) else { return choices }
        return [OptionContext(value: value, title: value.isEmpty ? "None" : value, isSelected: true)] + choices
    }

    private func summary(_ errors: [String: String]) -> String {
        errors.count == 1 ? "Please correct the field below." : "Please correct the \(errors.count) fields below."
    }
}
