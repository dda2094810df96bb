import Foundation
import TableKit
import TableStore
import Yams

/// Builds the app's values from YAML nodes, then checks the references between scenes.
struct AppBuilder {
    var reader: YAMLReader
    /// The app's locale, for numbers that text formats show with `{attribute, number}`.
    var locale = Locale(identifier: "en")
    /// The templates the file names, with their places.
    var templateReferences: [AppTemplateReference] = []

    static let sceneKeys = ["title", "style", "header", "footer", "sections", "item", "list", "cell", "sectionBy",
                            "sectionOrder", "nested", "index", "push", "info", "selection", "placeholder", "editing",
                            "moves", "add", "batches", "batchEditing", "alternateRows", "empty", "detail",
                            "allowsSelection", "allowsSelectionDuringEditing", "rows", "sectionFooters", "headerStyle",
                            "prototypes", "sectionHeaderView", "sectionFooterView", "allowsMultipleSelection"]

    /// ISO 639 codes withdrawn long ago that old files still carry, with their language and the
    /// code that replaced them: a page's `lang` and the collation want the current one.
    static let withdrawnLanguages: [String: (name: String, current: String)] = [
        "iw": ("Hebrew", "he"), "in": ("Indonesian", "id"), "ji": ("Yiddish", "yi"), "jw": ("Javanese", "jv"), "mo": ("Moldovan", "ro"),
        "sh": ("Serbo-Croatian", "sr-Latn"),
    ]
    /// Current ISO 639-1 codes Foundation's list leaves out (ICU reads Tagalog's `tl` as `fil`).
    static let languagesBeyondFoundation: Set = ["tl"]

    /// Whether `locale` starts with a language's code. No code at all, as in "" or "_DE", is
    /// none: the collation would silently be the root's.
    static func startsWithLanguageCode(_ locale: Locale) -> Bool {
        guard let code = locale.language.languageCode else { return false }
        return code.isISOLanguage || languagesBeyondFoundation.contains(code.identifier)
    }

    mutating func app(_ root: Node?) -> AppDefinition? {
        guard let root else {
            reader.fail(nil, "the app file is empty")
            return nil
        }
        let fields = reader.mapping(root, "the app", allowed: ["title", "language", "root", "scenes", "batches", "templates"])
        let title = reader.string(reader.required(reader.field(fields, "title"), in: root, "the app's title"), "the app's title") ?? ""
        let languageNode = reader.field(fields, "language")
        let language = reader.string(languageNode, "language") ?? "en"
        locale = Locale(identifier: language)
        if let code = locale.language.languageCode?.identifier, let (name, current) = Self.withdrawnLanguages[code] {
            // The region or script that follows the code stays as written: "iw-IL" is "he-IL".
            let rest = language.lowercased().hasPrefix(code) ? language.dropFirst(code.count) : ""
            let uses = rest.isEmpty ? "is" : "starts with \"\(code)\","
            reader.fail(languageNode, "language \"\(language)\" \(uses) the withdrawn code for \(name); write \"\(current + rest)\" instead")
        } else if !Self.startsWithLanguageCode(locale) {
            reader.fail(languageNode, "language \"\(language)\" does not start with a language's code (ISO 639, such as en, de or pt-BR)")
        }
        let rootNode = reader.required(reader.field(fields, "root"), in: root, "the root scene")
        let rootScene = reader.string(rootNode, "the root scene") ?? ""

        var scenes: [String: SceneDefinition] = [:]
        var sceneNodes: [String: Node] = [:]
        let scenesNode = reader.required(reader.field(fields, "scenes"), in: root, "scenes")
        for entry in reader.mapping(scenesNode, "scenes") ?? [] {
            // A scene with problems of its own is still defined: a reference to it is no problem more.
            sceneNodes[entry.key] = entry.value
            if let scene = scene(named: entry.key, entry.value) { scenes[entry.key] = scene }
        }
        var batches: [String: BatchDefinition] = [:]
        for entry in reader.mapping(reader.field(fields, "batches"), "batches") ?? [] {
            if let batch = batch(entry.value) { batches[entry.key] = batch }
        }

        // References between scenes, checked once everything is read.
        checkReferences(root: (rootNode, rootScene), sceneNodes: sceneNodes, scenes: scenes, batches: batches)
        var app = AppDefinition(title: title, language: language, rootScene: rootScene, scenes: scenes, batches: batches)
        app.templateFolder = templateFolder(reader.field(fields, "templates"))
        app.templateReferences = templateReferences
        return app
    }

    /// The app's template folder, relative to the app file; it must exist.
    private mutating func templateFolder(_ node: Node?) -> String? {
        guard let path = reader.string(node, "templates") else { return nil }
        let base = URL(fileURLWithPath: reader.file).deletingLastPathComponent()
        let folder = path.hasPrefix("/") ? URL(fileURLWithPath: path) : base.appendingPathComponent(path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            reader.fail(node, "no template folder at \(folder.standardized.path)")
            return nil
        }
        return folder.standardized.path
    }

    /// Notes a template the file names at `node`, checking that the name can name a file.
    mutating func templateName(_ node: Node?, kind: AppTemplateReference.Kind) -> String? {
        guard let node, let name = reader.string(node, "a template name") else { return nil }
        guard TemplateView.isValidName(name) else {
            reader.fail(node, "\"\(name)\" cannot name a template (1 to 64 letters, digits, - and _, starting with a letter)")
            return nil
        }
        let mark = node.mark
        templateReferences.append(AppTemplateReference(kind: kind, name: name, place: AppDiagnostic(
            file: reader.file, line: mark?.line ?? 1, column: mark?.column ?? 1, message: "")))
        return name
    }

    // MARK: Scenes

    mutating func scene(named name: String, _ node: Node) -> SceneDefinition? {
        let what = "scene \"\(name)\""
        guard let fields = reader.mapping(node, what, allowed: Self.sceneKeys) else { return nil }
        let style = reader.choice(reader.field(fields, "style"), "table style", TableStyle.allCases.map { ($0.rawValue, $0) }) ?? .plain
        let title = format(reader.required(reader.field(fields, "title"), in: node, "the title of \(what)")) ?? TextFormat.empty
        let content = sceneContent(fields, node: node, style: style, what: what)

        var editing: EditingDefinition?
        if let editingNode = reader.field(fields, "editing") {
            let editingFields = reader.mapping(editingNode, "editing", allowed: ["rows", "lastRow", "swipe", "deleteTitle", "indent"])
            let styles = EditingStyle.allCases.map { ($0.rawValue, $0) }
            let rows = reader.choice(reader.field(editingFields, "rows"), "editing style", styles) ?? .delete
            let lastRow = reader.choice(reader.field(editingFields, "lastRow"), "editing style", styles)
            let swipe = reader.bool(reader.field(editingFields, "swipe"), "swipe") ?? true
            editing = EditingDefinition(rule: EditingRule(rowStyle: rows, lastRowStyle: lastRow, allowsSwipeToDelete: swipe),
                                        deleteTitle: format(reader.field(editingFields, "deleteTitle")),
                                        indentsWhileEditing: reader.bool(reader.field(editingFields, "indent"), "indent") ?? true)
        }
        var moves: MoveRule?
        if let movesNode = reader.field(fields, "moves") {
            let moveFields = reader.mapping(movesNode, "moves", allowed: ["fixedFirstRows", "reservedLastRows", "keepInSection"])
            moves = MoveRule(fixedLeadingRows: reader.integer(reader.field(moveFields, "fixedFirstRows"), "fixedFirstRows", range: 0...100) ?? 0,
                             reservedTrailingRows: reader.integer(reader.field(moveFields, "reservedLastRows"), "reservedLastRows", range: 0...100) ?? 0,
                             keepsRowsInSection: reader.bool(reader.field(moveFields, "keepInSection"), "keepInSection") ?? false)
            if case .fixed = content { reader.fail(movesNode, "fixed cells cannot be moved; moves need a list") }
        }
        var add: FormDefinition?
        if let addNode = reader.field(fields, "add") {
            let addFields = reader.mapping(addNode, "add", allowed: ["title", "fields"])
            var attributes = Set<String>()
            let formFields = formFields(reader.sequence(reader.required(reader.field(addFields, "fields"), in: addNode, "the fields of add"), "fields") ?? [],
                                        attributes: &attributes)
            add = FormDefinition(title: reader.string(reader.field(addFields, "title"), "title") ?? "Add", fields: formFields)
            if case .list = content {} else { reader.fail(addNode, "only a scene showing a list can add items") }
        }
        if (editing != nil || moves != nil), case .list = content {} else if let node = reader.field(fields, "editing") ?? reader.field(fields, "moves") {
            reader.fail(node, "only a scene showing a list can be edited or reordered")
        }
        let batchNames = (reader.sequence(reader.field(fields, "batches"), "batches") ?? []).compactMap { reader.string($0, "a batch name") }
        let takesBatchUpdates = reader.bool(reader.field(fields, "batchEditing"), "batchEditing") ?? false
        guard let content else { return nil }
        return SceneDefinition(
            name: name, title: title, style: style,
            headerTitle: format(reader.field(fields, "header")), footerTitle: format(reader.field(fields, "footer")),
            content: content, alternatesRows: reader.bool(reader.field(fields, "alternateRows"), "alternateRows") ?? false,
            editing: editing, moves: moves, add: add, batchActions: batchNames, takesBatchUpdates: takesBatchUpdates,
            emptyMessage: reader.string(reader.field(fields, "empty"), "empty") ?? "No Items",
            allowsSelection: reader.bool(reader.field(fields, "allowsSelection"), "allowsSelection") ?? true,
            allowsSelectionDuringEditing: reader.bool(reader.field(fields, "allowsSelectionDuringEditing"), "allowsSelectionDuringEditing") ?? false,
            rowRules: rowRules(reader.field(fields, "rows")),
            headerStyle: reader.choice(reader.field(fields, "headerStyle"), "header style",
                                       TableHeaderStyle.allCases.map { ($0.rawValue, $0) }) ?? .text)
    }

    private mutating func sceneContent(_ fields: [(key: String, keyNode: Node, value: Node)], node: Node,
                                       style: TableStyle, what: String) -> SceneContent? {
        let sources = ["sections", "list", "detail"].filter { reader.field(fields, $0) != nil }
        guard sources.count == 1 else {
            reader.fail(node, sources.isEmpty ? "\(what) needs sections, a list or a detail" : "\(what) has both \(sources.joined(separator: " and ")); choose one")
            return nil
        }
        switch sources[0] {
        case "sections":
            var item: ItemReference?
            if let itemNode = reader.field(fields, "item") {
                let itemFields = reader.mapping(itemNode, "item", allowed: ["list", "key"])
                item = ItemReference(list: listName(reader.required(reader.field(itemFields, "list"), in: itemNode, "the item's list")),
                                     key: reader.string(reader.required(reader.field(itemFields, "key"), in: itemNode, "the item's key"), "key") ?? "")
            }
            let sections = (reader.sequence(reader.field(fields, "sections"), "sections") ?? []).map { fixedSection($0) }
            checkUniqueKeys(sections.flatMap(\.cells), at: reader.field(fields, "sections") ?? node)
            return .fixed(sections: sections, item: item)
        case "detail":
            let detailNode = reader.field(fields, "detail")
            let detailFields = reader.mapping(detailNode, "detail", allowed: ["editable", "sections"])
            // The sections' fields are one form.
            var attributes = Set<String>()
            let sections = (reader.sequence(reader.required(reader.field(detailFields, "sections"), in: detailNode, "the detail's sections"), "sections") ?? []).map { section -> DetailSection in
                let sectionFields = reader.mapping(section, "a detail section", allowed: ["header", "fields", "cells"])
                return DetailSection(headerTitle: reader.string(reader.field(sectionFields, "header"), "header"),
                                     fields: formFields(reader.sequence(reader.field(sectionFields, "fields"), "fields") ?? [], attributes: &attributes),
                                     cells: (reader.sequence(reader.field(sectionFields, "cells"), "cells") ?? []).compactMap { fixedCell($0) })
            }
            checkUniqueKeys(sections.flatMap(\.cells), at: reader.field(detailFields, "sections") ?? node)
            if style != .grouped { reader.fail(reader.field(fields, "style") ?? node, "a detail scene is grouped, as the guide shows a leaf item") }
            return .detail(DetailDefinition(sections: sections, isEditable: reader.bool(reader.field(detailFields, "editable"), "editable") ?? false))
        default:
            return .list(listBinding(fields, node: node, style: style))
        }
    }

    private mutating func listBinding(_ fields: [(key: String, keyNode: Node, value: Node)], node: Node, style: TableStyle) -> ListBinding {
        let relationship = listName(reader.field(fields, "list"))
        let cellNode = reader.required(reader.field(fields, "cell"), in: node, "the prototype cell")
        let cell = listCell(cellNode)
        var prototypes: PrototypeChoice?
        if let prototypesNode = reader.field(fields, "prototypes") {
            let choiceFields = reader.mapping(prototypesNode, "prototypes", allowed: ["by", "cells"])
            let cellsNode = reader.required(reader.field(choiceFields, "cells"), in: prototypesNode, "the prototypes' cells")
            var cells: [String: CellPrototype] = [:]
            for entry in reader.mapping(cellsNode, "the prototypes' cells") ?? [] { cells[entry.key] = listCell(entry.value) }
            prototypes = PrototypeChoice(
                attribute: reader.string(reader.required(reader.field(choiceFields, "by"), in: prototypesNode, "the attribute that picks a prototype"), "by") ?? "",
                cells: cells)
        }
        var grouping = SectionGrouping.single
        if let attribute = reader.string(reader.field(fields, "sectionBy"), "sectionBy") {
            let order = reader.distinctStrings(reader.field(fields, "sectionOrder"), "sectionOrder", each: "section").map(\.text)
            grouping = .byAttribute(attribute, order: order)
        }
        var nestedFooter: TextFormat?
        if let nestedNode = reader.field(fields, "nested") {
            let nestedFields = reader.mapping(nestedNode, "nested", allowed: ["title", "rows", "footer"])
            nestedFooter = format(reader.field(nestedFields, "footer"))
            grouping = .nested(title: format(reader.field(nestedFields, "title")) ?? .empty,
                               rows: listName(reader.required(reader.field(nestedFields, "rows"), in: nestedNode, "the rows of nested sections"), "rows"))
        }
        var index: IndexDefinition?
        if let indexNode = reader.field(fields, "index") {
            index = self.index(indexNode, style: style)
            if cell.accessory.sitsUnderIndexBar || prototypes?.cells.values.contains(where: { $0.accessory.sitsUnderIndexBar }) == true {
                reader.warn(reader.field(reader.mapping(cellNode, "a cell"), "accessory") ?? cellNode,
                            TableWarning.accessoryUnderIndexBar(cell.accessory))
            }
        }
        var selection: SelectionDefinition?
        if let selectionNode = reader.field(fields, "selection") {
            let selectionFields = reader.mapping(selectionNode, "selection", allowed: ["mode", "attribute"])
            selection = SelectionDefinition(
                mode: reader.choice(reader.required(reader.field(selectionFields, "mode"), in: selectionNode, "the selection mode"), "selection mode",
                                    SelectionList.Mode.allCases.map { ($0.rawValue, $0) }) ?? .exclusive,
                attribute: reader.string(reader.field(selectionFields, "attribute"), "attribute") ?? "checked")
        }
        // UIKit's allowsMultipleSelection, with a checkmark on each selected row: here the
        // selection is kept in the items (`selected`, or the selection's attribute), so it is an
        // inclusive selection list.
        if let multipleNode = reader.field(fields, "allowsMultipleSelection"), reader.bool(multipleNode, "allowsMultipleSelection") == true {
            if selection?.mode == .exclusive {
                reader.fail(multipleNode, "an exclusive selection list selects one row; allowsMultipleSelection needs mode inclusive or no selection")
            }
            selection = selection ?? SelectionDefinition(mode: .inclusive, attribute: "selected")
        }
        var sectionFooters: [String: String] = [:]
        if let footersNode = reader.field(fields, "sectionFooters") {
            for entry in reader.mapping(footersNode, "sectionFooters") ?? [] {
                if let text = reader.string(entry.value, "a section footer") { sectionFooters[entry.key] = text }
            }
            if case .byAttribute = grouping {} else { reader.fail(footersNode, "sectionFooters name sections made by sectionBy") }
        }
        return ListBinding(relationship: relationship, cell: cell, sections: grouping, index: index,
                           push: reader.string(reader.field(fields, "push"), "push"),
                           detail: reader.string(reader.field(fields, "info"), "info"),
                           selection: selection, placeholder: reader.string(reader.field(fields, "placeholder"), "placeholder"),
                           sectionFooters: sectionFooters, nestedFooter: nestedFooter, prototypes: prototypes,
                           sectionHeaderView: templateName(reader.field(fields, "sectionHeaderView"), kind: .section),
                           sectionFooterView: templateName(reader.field(fields, "sectionFooterView"), kind: .section))
    }

    /// A list's prototype cell: a fixed cell's keys, with a switch or a slider bound to each
    /// row's own item.
    private mutating func listCell(_ node: Node?) -> CellPrototype {
        var cell = prototype(node, allowed: Self.prototypeKeys + ["switch", "slider"]) ?? CellPrototype(text: .empty)
        let fields = reader.mapping(node, "a cell")
        let switchNode = reader.field(fields, "switch")
        let sliderNode = reader.field(fields, "slider")
        cell.toggleAttribute = reader.string(switchNode, "switch")
        cell.slider = sliderBinding(sliderNode)
        let controls = [("a switch", switchNode), ("a slider", sliderNode)].filter { $0.1 != nil }
        if let (name, controlNode) = controls.first {
            if controls.count > 1 {
                reader.fail(sliderNode, "a row has one accessory: a switch or a slider, not both")
            } else if cell.accessory != .none || cell.accessoryView != nil {
                reader.fail(controlNode, "a row has one accessory: \(name) or \(cell.accessoryView.map { "accessory view \($0)" } ?? cell.accessory.rawValue), not both")
            }
        }
        return cell
    }

    /// A slider bound to an attribute, with its range.
    private mutating func sliderBinding(_ node: Node?) -> SliderBinding? {
        guard let node else { return nil }
        let sliderFields = reader.mapping(node, "slider", allowed: ["attribute", "min", "max", "initial"])
        let minimum = reader.number(reader.field(sliderFields, "min"), "min") ?? 0
        let maximum = reader.number(reader.field(sliderFields, "max"), "max") ?? 1
        let initial = reader.number(reader.field(sliderFields, "initial"), "initial") ?? minimum
        if !(minimum < maximum) || !(minimum...maximum).contains(initial) {
            reader.fail(node, "a slider needs min below max and its initial value between them")
        }
        return SliderBinding(attribute: reader.string(reader.required(reader.field(sliderFields, "attribute"), in: node, "the slider's attribute"), "attribute") ?? "",
                             minimum: minimum, maximum: maximum, initial: initial)
    }

    // MARK: Cells and fields

    static let prototypeKeys = ["style", "text", "detail", "image", "accessory", "editingAccessory", "indentation", "selectable",
                                "selectionStyle", "template", "accessoryView", "height", "estimatedHeight"]

    mutating func prototype(_ node: Node?, allowed: [String]) -> CellPrototype? {
        guard let node, let fields = reader.mapping(node, "a cell", allowed: allowed) else { return nil }
        let style = reader.choice(reader.field(fields, "style"), "cell style", CellStyle.allCases.map { ($0.rawValue, $0) }) ?? .default
        let imageNode = reader.field(fields, "image")
        if imageNode != nil, !style.allowsImage {
            reader.fail(imageNode, "the \(style.rawValue) cell style has no place for an image (only default and subtitle do)")
        }
        let accessories = [AccessoryKind.none, .disclosureIndicator, .detailDisclosureButton, .detailButton, .checkmark].map { ($0.rawValue, $0) }
        var prototype = CellPrototype(
            style: style, text: format(reader.required(reader.field(fields, "text"), in: node, "the cell's text")) ?? .empty,
            detail: format(reader.field(fields, "detail")), image: format(imageNode),
            accessory: reader.choice(reader.field(fields, "accessory"), "accessory", accessories) ?? .none,
            indentationLevel: reader.integer(reader.field(fields, "indentation"), "indentation", range: 0...Cell.maximumIndentationLevel) ?? 0,
            selectionStyle: reader.choice(reader.field(fields, "selectionStyle"), "selection style",
                                          SelectionStyle.allCases.map { ($0.rawValue, $0) }) ?? .default,
            isSelectable: reader.bool(reader.field(fields, "selectable"), "selectable") ?? true)
        prototype.editingAccessory = reader.choice(reader.field(fields, "editingAccessory"), "accessory", accessories) ?? .none
        prototype.template = templateName(reader.field(fields, "template"), kind: .cell)
        let accessoryViewNode = reader.field(fields, "accessoryView")
        prototype.accessoryView = templateName(accessoryViewNode, kind: .accessory)
        if accessoryViewNode != nil, prototype.accessory != .none {
            reader.fail(accessoryViewNode, "a row has one accessory: accessory view or \(prototype.accessory.rawValue), not both")
        }
        let heightNode = reader.field(fields, "height"), estimateNode = reader.field(fields, "estimatedHeight")
        if let fixed = reader.integer(heightNode, "height", range: RowHeight.allowedPoints) {
            prototype.rowHeight = .fixed(fixed)
        }
        if let estimate = reader.integer(estimateNode, "estimatedHeight", range: RowHeight.allowedPoints) {
            if heightNode != nil { reader.fail(estimateNode, "a row has a fixed height or an estimated one, not both") }
            prototype.rowHeight = .estimated(estimate)
        }
        return prototype
    }

    mutating func fixedSection(_ node: Node) -> FixedSection {
        let fields = reader.mapping(node, "a section", allowed: ["header", "footer", "cells"])
        return FixedSection(headerTitle: reader.string(reader.field(fields, "header"), "header"),
                            footerTitle: reader.string(reader.field(fields, "footer"), "footer"),
                            cells: (reader.sequence(reader.required(reader.field(fields, "cells"), in: node, "the section's cells"), "cells") ?? []).compactMap { fixedCell($0) })
    }

    /// A scene's rows are known by their keys (their ids, links and forms): two cells of one
    /// scene with one key, given or made from the same text, are reported at its sections.
    private mutating func checkUniqueKeys(_ cells: [FixedCell], at node: Node) {
        var seen: Set<String> = []
        for cell in cells where !seen.insert(cell.key).inserted {
            reader.fail(node, "two cells of this scene have the key \"\(cell.key)\"; give one a key of its own (key: …)")
        }
    }

    mutating func fixedCell(_ node: Node) -> FixedCell? {
        let allowed = Self.prototypeKeys + ["key", "push", "switch", "slider"]
        guard let prototype = prototype(node, allowed: allowed) else { return nil }
        let fields = reader.mapping(node, "a cell", allowed: allowed)
        let slider = sliderBinding(reader.field(fields, "slider"))
        let key = reader.string(reader.field(fields, "key"), "key") ?? ItemKey.slug(prototype.text.description)
        if ItemKey.isReserved(key) {
            reader.fail(reader.field(fields, "key"), "a cell's key cannot be \"\(key)\": an export writes a file of that name beside the cells' pages")
        }
        return FixedCell(key: key, prototype: prototype, push: reader.string(reader.field(fields, "push"), "push"),
                         toggle: reader.string(reader.field(fields, "switch"), "switch"), slider: slider)
    }

    // MARK: Helpers

    /// A list's name at `node` (`""` when missing), refused at its place when no list can bear it.
    mutating func listName(_ node: Node?, _ what: String = "list") -> String {
        let name = reader.string(node, what) ?? ""
        if let problem = ListID.nameProblem(name) { reader.fail(node, problem) }
        return name
    }

    mutating func format(_ node: Node?) -> TextFormat? {
        guard let text = reader.string(node, "text") else { return nil }
        do {
            return try TextFormat(text, locale: locale)
        } catch {
            reader.fail(node, "\(error.message) at character \(error.column + 1) of \"\(text)\"")
            return nil
        }
    }
}

extension TextFormat {
    /// The empty format.
    static let empty: TextFormat = {
        do { return try TextFormat("") } catch { preconditionFailure("the empty format parses") }
    }()
}
