import Foundation
import TableKit
import TableStore

/// A batch whose attributes are validated and typed, ready to be written.
struct CheckedBatch {
    struct Section {
        var header: [String: AttributeValue]
        var rows: [[String: AttributeValue]]
    }

    var update: BatchUpdate
    var insertedRows: [IndexPath: [String: AttributeValue]] = [:]
    var reloadedRows: [IndexPath: [String: AttributeValue]] = [:]
    var insertedSections: [Int: Section] = [:]
    var reloadedSections: [Int: [String: AttributeValue]] = [:]
}

/// How a list scene's rows form sections, as batches see it.
enum BatchShape {
    /// One section: the list's rows.
    case single(ListID)
    /// Sections by the values of `attribute` of the list's items.
    case byAttribute(ListID, attribute: String, order: [String])
    /// Each item of `list` is a section showing its list `relationship`.
    case nested(ListID, title: TextFormat, relationship: String)
}

extension SceneEditor {
    /// The shape of the scene's list, or a refusal saying why it takes no batches.
    func batchShape() throws -> BatchShape {
        guard let binding = scene.listBinding, scene.window == nil else {
            throw ActionError.refused("\"\(scene.title)\" shows no list of rows to update")
        }
        guard binding.index == nil else {
            throw ActionError.refused("the rows of \"\(scene.title)\" stand where the index's collation puts them, so a batch cannot place them; add rows with the Add form")
        }
        let list = AppRuntime.list(binding, of: scene.item, in: scene.itemList)
        switch binding.sections {
        case .single: return .single(list)
        case let .byAttribute(attribute, order): return .byAttribute(list, attribute: attribute, order: order)
        case let .nested(title, relationship): return .nested(list, title: title, relationship: relationship)
        }
    }

    /// Checks a batch against the scene, operation by operation, and types its attributes. A
    /// client's batch (the JSON endpoint) must also keep to the rules the page's own controls
    /// follow; an app file's named batch is the app's own. The first operation that breaks a
    /// rule refuses the whole batch, named by its number and what it asked for; a batch from a
    /// page shown before another change is refused first, as a conflict.
    func check(_ script: BatchScript, fromClient: Bool, revisionToken: String) throws -> CheckedBatch {
        if fromClient { try refuseUnlessTakingBatches() }
        try refuseIfStale(revisionToken)
        let shape = try batchShape()
        let source = scene
        let counts = scene.itemCounts
        // Where each section after the batch comes from; a batch TableKit refuses is named
        // when it is applied.
        let sectionOrigins = try? script.update.sectionOrigins(rowCountsBefore: counts)
        // Worked out only for a client's batch that moves rows: its moves are judged by them.
        let movesRows = fromClient && script.update.operations.contains { if case .moveRow = $0 { true } else { false } }
        let rowsAfter = movesRows ? try? script.update.rowsAfter(rowCountsBefore: counts) : nil
        var checked = CheckedBatch(update: script.update)
        // In a list grouped by an attribute, a new row takes its section's value of it: one the
        // client gives otherwise contradicts where the batch puts the row, and would be dropped.
        func checkSectionValue(of input: [String: String], in section: Int, _ refusal: (String) -> ActionError) throws {
            guard fromClient, case let .byAttribute(_, attribute, _) = shape, let given = input[attribute],
                  let sectionOrigins, sectionOrigins.indices.contains(section) else { return }
            let value: String?
            switch sectionOrigins[section] {
            case .inserted:
                value = script.insertedSections[section]?.header[attribute]
            case let .existing(source, _):
                guard case let .value(_, stored)? = scene.sections[source].owner else { return }
                value = script.reloadedSections[source]?[attribute] ?? stored?.description
            }
            guard let value, given != value, Double(given).map({ $0 != Double(value) }) ?? true else { return }
            throw refusal("the new row gives \(attribute) \"\(DocumentText.shortened(given, to: 60))\", but its section \(section) is \(attribute) \"\(value)\"; "
                          + "leave \(attribute) out, or insert the row in the section of that value")
        }
        for (number, operation) in script.update.operations.enumerated() {
            let label = "operation \(number + 1) (\(operation.summary))"
            func refusal(_ reason: String) -> ActionError { .refused("\(label): \(reason)") }
            func checkExists(_ path: IndexPath) throws {
                guard counts.indices.contains(path.section), (0..<counts[path.section]).contains(path.row) else {
                    throw refusal("row \(path.textForm) does not exist in the list before the batch")
                }
            }
            func checkSections() throws {
                if case .single = shape {
                    throw refusal("\"\(scene.title)\" is one list of rows; it has no sections to insert, delete, reload or move")
                }
            }
            switch operation {
            case let .deleteRows(paths):
                for path in paths where fromClient {
                    guard source.commitsEditing else { throw refusal("\"\(scene.title)\" does not delete rows") }
                    try checkExists(path)
                    guard source.canEditRow(at: path), source.editingStyle(forRowAt: path) == .delete else {
                        throw refusal("row \(path.textForm) shows no delete control")
                    }
                }
            case let .insertRows(paths):
                for path in paths {
                    try checkSectionValue(of: script.insertedRows[path] ?? [:], in: path.section, refusal)
                    checked.insertedRows[path] = try rowAttributes(script.insertedRows[path] ?? [:], fromClient: fromClient, label: label)
                }
            case let .reloadRows(paths):
                // A row's values change where its own form changes them: the editable detail
                // scene it leads to.
                let fields = rowFormFields
                if fromClient, fields == nil { throw refusal("the rows of \"\(scene.title)\" have no form that edits them") }
                for path in paths {
                    try checkExists(path)
                    guard source.canEditRow(at: path), source.readRow(at: path, { $0.isItem }) else {
                        throw refusal("row \(path.textForm) cannot be edited")
                    }
                    let input = script.reloadedRows[path] ?? [:]
                    checked.reloadedRows[path] = try fields.map { try checkedAttributes(input, fields: $0, isWhole: false, label: label) }
                        ?? input.mapValues(AttributeValue.string)
                }
            case let .moveRow(from, to):
                guard !fromClient || source.movesRows else { throw refusal("\"\(scene.title)\" does not reorder its rows") }
                try checkExists(from)
                guard fromClient else { continue }
                guard source.canMoveRow(at: from) else { throw refusal("row \(from.textForm) cannot be moved") }
                // The destination addresses the table after the batch. The rules are asked of
                // the same place in the list as it is: beside the rows that were there before and
                // stay (rows inserted or deleted around it change its number, not its place).
                guard let sectionOrigins, let rowsAfter, sectionOrigins.indices.contains(to.section),
                      case let .existing(section, _) = sectionOrigins[to.section] else { continue }
                if let proposal = rowsAfter.proposal(movingFrom: from, to: to) {
                    let target = source.targetIndexPath(forMoveFrom: from, toProposed: proposal.place)
                    guard target == proposal.place else {
                        if proposal.place == to { throw refusal("the list's rules put row \(from.textForm) at \(target.textForm), not \(to.textForm)") }
                        throw refusal("the list's rules do not let row \(from.textForm) stand at \(to.textForm) after the batch: just "
                                      + "\(proposal.isAfter ? "after" : "before") row \(proposal.beside.textForm) of the list as it is, they put it at \(target.textForm)")
                    }
                } else {
                    // No row that stays beside it (the section is reloaded, or holds only new and
                    // moved rows): the rules must at least let it into that section.
                    let places = counts[section] - (section == from.section ? 1 : 0)
                    let proposal = IndexPath(row: min(to.row, max(0, places)), section: section)
                    guard source.targetIndexPath(forMoveFrom: from, toProposed: proposal).section == section else {
                        throw refusal("the list's rules keep row \(from.textForm) out of the section it is moved to")
                    }
                }
            case let .insertSections(numbers):
                try checkSections()
                for number in numbers {
                    guard let content = script.insertedSections[number] else {
                        throw refusal("section \(number) is inserted but its header and rows are not given")
                    }
                    let header = try sectionHeader(content.header, shape: shape, label: label)
                    for row in content.rows { try checkSectionValue(of: row, in: number, refusal) }
                    let rows = try content.rows.map { try rowAttributes($0, fromClient: fromClient, label: label) }
                    checked.insertedSections[number] = CheckedBatch.Section(header: header, rows: rows)
                }
            case let .reloadSections(numbers):
                try checkSections()
                for number in numbers {
                    if let header = script.reloadedSections[number] {
                        checked.reloadedSections[number] = try sectionHeader(header, shape: shape, label: label)
                    }
                }
            case .deleteSections, .moveSection:
                try checkSections()
            }
        }
        return checked
    }

    /// A client's batch without operations, as UIKit's `performBatchUpdates` with an empty
    /// block: nothing is applied and nothing it names can have changed, so whatever revision it
    /// was based on it is answered with the list as it is now (a malformed revision is still
    /// refused, and so is a list that takes no batches).
    func emptyBatch(revisionToken: String) throws -> ActionOutcome {
        try refuseUnlessTakingBatches()
        _ = try batchShape()
        _ = try ResolvedScene.parse(revisionToken)
        return ActionOutcome(notice: "The batch holds no operations; nothing was changed.")
    }

    private func refuseUnlessTakingBatches() throws {
        guard scene.scene.takesBatchUpdates else {
            throw ActionError.refused("\"\(scene.title)\" does not take batch updates; its rows change only through its own controls")
        }
    }

    /// The attributes of a row the batch inserts: validated by the Add form's fields, or, for an
    /// app file's own batch on a scene without one, taken as text.
    private func rowAttributes(_ input: [String: String], fromClient: Bool, label: String) throws -> [String: AttributeValue] {
        if let form = scene.scene.add { return try checkedAttributes(input, fields: form.fields, isWhole: true, label: label) }
        guard !fromClient else {
            throw ActionError.refused("\(label): \"\(scene.title)\" has no Add form, so nothing can be inserted")
        }
        return input.mapValues(AttributeValue.string)
    }

    /// A section's header item: in a list grouped by an attribute, that attribute's (non-empty)
    /// value; in a nested list, the attributes its title shows.
    private func sectionHeader(_ input: [String: String], shape: BatchShape, label: String) throws -> [String: AttributeValue] {
        let allowed: [String]
        switch shape {
        case .single: allowed = []
        case let .byAttribute(_, attribute, _): allowed = [attribute]
        case let .nested(_, title, _): allowed = title.attributes
        }
        if let unknown = input.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw ActionError.refused("\(label): a section header has no attribute \"\(DocumentText.cleaned(String(unknown.prefix(60))))\" "
                                      + "(its attributes: \(allowed.joined(separator: ", ")))")
        }
        let values = input.filter { !$0.value.trimmingCharacters(in: .whitespaces).isEmpty }
        guard !values.isEmpty else {
            throw ActionError.refused("\(label): a section header needs a value for \(allowed.joined(separator: " or "))")
        }
        for (name, value) in values where value.count > Self.headerLimit {
            throw ActionError.refused("\(label): the header's \(name) is longer than \(Self.headerLimit) characters")
        }
        return values.mapValues(AttributeValue.string)
    }

    /// The longest text a section header's attribute may hold, as a text field's default.
    static let headerLimit = 200

    /// The fields of the editable detail scene the scene's rows lead to, if they lead to one.
    private var rowFormFields: [FieldDefinition]? {
        guard let push = scene.listBinding?.push, case let .detail(detail)? = runtime.app.scene(push)?.content, detail.isEditable else {
            return nil
        }
        return detail.sections.flatMap(\.fields)
    }

    /// A client's attributes for a row, validated by the scene's fields: every attribute must be
    /// a field's, and with `isWhole` (an inserted row) every field is checked, present or not.
    private func checkedAttributes(_ input: [String: String], fields: [FieldDefinition], isWhole: Bool,
                                   label: String) throws -> [String: AttributeValue] {
        let known = Set(fields.map(\.attribute))
        if let unknown = input.keys.sorted().first(where: { !known.contains($0) }) {
            throw ActionError.refused("\(label): unknown attribute \"\(DocumentText.cleaned(String(unknown.prefix(60))))\" "
                                      + "(the rows have \(fields.map(\.attribute).joined(separator: ", ")))")
        }
        var attributes: [String: AttributeValue] = [:]
        let input = isWhole ? FieldDefinition.withDefaults(input, for: fields) : input
        for field in fields where isWhole || input[field.attribute] != nil {
            switch field.validate(input[field.attribute]) {
            case let .success(value): attributes[field.attribute] = value
            case let .failure(error): throw ActionError.refused("\(label): \(error.message)")
            }
        }
        return attributes
    }
}
