import Foundation
import TableKit
import TableStore

extension SceneEditor {
    /// Checks a batch a client sent (the JSON endpoint) against the rules the scene's forms
    /// follow, operation by operation, and returns the validated attributes of the rows it inserts
    /// and reloads. The first operation that breaks a rule refuses the whole batch, named by its
    /// number and what it asked for.
    func checkClientBatch(_ update: BatchUpdate, insertedItems: [IndexPath: [String: String]],
                          reloadedItems: [IndexPath: [String: String]]) throws
        -> (inserted: [IndexPath: [String: AttributeValue]], reloaded: [IndexPath: [String: AttributeValue]]) {
        guard scene.scene.takesBatchUpdates else {
            throw ActionError.refused("\"\(scene.title)\" does not take batch updates; its rows change only through its own controls")
        }
        let source = scene
        let counts = scene.rowCounts
        var inserted: [IndexPath: [String: AttributeValue]] = [:]
        var reloaded: [IndexPath: [String: AttributeValue]] = [:]
        for (number, operation) in update.operations.enumerated() {
            let label = "operation \(number + 1) (\(operation.summary))"
            func refusal(_ reason: String) -> ActionError { .refused("\(label): \(reason)") }
            func checkExists(_ path: IndexPath) throws {
                guard counts.indices.contains(path.section), (0..<counts[path.section]).contains(path.row) else {
                    throw refusal("row \(path.textForm) does not exist in the list before the batch")
                }
            }
            switch operation {
            case let .deleteRows(paths):
                guard source.commitsEditing else { throw refusal("\"\(scene.title)\" does not delete rows") }
                for path in paths {
                    try checkExists(path)
                    guard source.canEditRow(at: path), source.editingStyle(forRowAt: path) == .delete else {
                        throw refusal("row \(path.textForm) shows no delete control")
                    }
                }
            case let .insertRows(paths):
                guard let form = scene.scene.add else { throw refusal("\"\(scene.title)\" has no Add form, so nothing can be inserted") }
                for path in paths {
                    inserted[path] = try checkedAttributes(insertedItems[path] ?? [:], fields: form.fields, isWhole: true, label: label)
                }
            case let .reloadRows(paths):
                // A row's values change where its own form changes them: the editable detail
                // scene it leads to.
                guard let fields = rowFormFields else { throw refusal("the rows of \"\(scene.title)\" have no form that edits them") }
                for path in paths {
                    try checkExists(path)
                    guard source.canEditRow(at: path), scene.sections[path.section].rows[path.row].item != nil else {
                        throw refusal("row \(path.textForm) cannot be edited")
                    }
                    reloaded[path] = try checkedAttributes(reloadedItems[path] ?? [:], fields: fields, isWhole: false, label: label)
                }
            case let .moveRow(from, to):
                guard source.movesRows else { throw refusal("\"\(scene.title)\" does not reorder its rows") }
                try checkExists(from)
                guard source.canMoveRow(at: from) else { throw refusal("row \(from.textForm) cannot be moved") }
                let target = source.targetIndexPath(forMoveFrom: from, toProposed: to)
                guard target == to else {
                    throw refusal("the list's rules put row \(from.textForm) at \(target.textForm), not \(to.textForm)")
                }
            case .insertSections, .deleteSections, .reloadSections:
                throw refusal("\"\(scene.title)\" is one list of rows; its section cannot be inserted, deleted or reloaded")
            }
        }
        return (inserted, reloaded)
    }

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
        for field in fields where isWhole || input[field.attribute] != nil {
            switch field.validate(input[field.attribute]) {
            case let .success(value): attributes[field.attribute] = value
            case let .failure(error): throw ActionError.refused("\(label): \(error.message)")
            }
        }
        return attributes
    }

    /// Applies a batch to a one-section list in one transaction, based on the page's revision.
    func applyBatch(_ update: BatchUpdate, insertedItems: [IndexPath: [String: AttributeValue]],
                    reloadedItems: [IndexPath: [String: AttributeValue]] = [:], _ revisions: [ListID: Int]) async throws -> ActionOutcome {
        guard let list = singleList else { throw ActionError.refused("batch updates need a one-section list") }
        let current = try await runtime.store.list(list)
        var newItems: [IndexPath: StoredItem] = [:]
        var keys = KeyMaker(store: runtime.store, list: list)
        for (path, attributes) in insertedItems.sorted(by: { $0.key < $1.key }) {
            newItems[path] = StoredItem(key: try await keys.key(for: attributes), attributes: attributes)
        }
        // A reloaded row keeps its key and takes the new values of its attributes.
        var reloads: [IndexPath: StoredItem] = [:]
        for (path, attributes) in reloadedItems where path.section == 0 && current.items.indices.contains(path.row) {
            var item = current.items[path.row]
            item.attributes.merge(attributes) { $1 }
            reloads[path] = item
        }
        let result = try rules { try update.apply(to: [current.items], insertedRows: newItems, reloadedRows: reloads) }
        try rules { try update.validate(rowCountsBefore: [current.items.count], rowCountsAfter: result.map(\.count)) }
        try await write([.replaceAll(result.first ?? [])], to: list, revisions)
        return ActionOutcome(notice: "Applied the batch: \(current.items.count) rows before, \(result.first?.count ?? 0) after.")
    }
}

extension BatchUpdate.Operation {
    /// The operation as a person would write it: `delete 0.2, 0.4`, `move 0.1 to 0.3`.
    var summary: String {
        func rows(_ paths: [IndexPath]) -> String { paths.prefix(5).map(\.textForm).joined(separator: ", ") + (paths.count > 5 ? ", …" : "") }
        func sections(_ numbers: [Int]) -> String { numbers.prefix(5).map(String.init).joined(separator: ", ") + (numbers.count > 5 ? ", …" : "") }
        switch self {
        case let .insertRows(paths): return "insert \(rows(paths))"
        case let .deleteRows(paths): return "delete \(rows(paths))"
        case let .reloadRows(paths): return "reload \(rows(paths))"
        case let .moveRow(from, to): return "move \(from.textForm) to \(to.textForm)"
        case let .insertSections(numbers): return "insertSections \(sections(numbers))"
        case let .deleteSections(numbers): return "deleteSections \(sections(numbers))"
        case let .reloadSections(numbers): return "reloadSections \(sections(numbers))"
        }
    }
}
