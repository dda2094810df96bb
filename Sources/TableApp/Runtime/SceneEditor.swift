import Foundation
import TableKit
import TableStore

/// Carries out actions on a loaded scene: checks them with TableKit's rules, then writes them
/// through the store in one transaction based on the revision the page showed.
public struct SceneEditor: Sendable {
    public let runtime: AppRuntime
    public let scene: ResolvedScene

    /// Makes an editor for `scene`.
    public init(runtime: AppRuntime, scene: ResolvedScene) {
        self.runtime = runtime
        self.scene = scene
    }

    /// Performs `action`, based on the revisions in `revisionToken` (from the page's form).
    public func perform(_ action: SceneAction, revisionToken: String) async throws -> ActionOutcome {
        let revisions = try Self.parse(revisionToken)
        switch action {
        case let .select(key):
            guard let selection = scene.selection else { throw ActionError.refused("\"\(scene.title)\" is not a selection list") }
            let (row, _) = try located(key)
            guard case let .item(_, list, _) = row.origin else { throw ActionError.badRequest("\"\(key)\" cannot be chosen") }
            let keys = scene.sections.flatMap { $0.rows.compactMap(\.item?.key) }
            let checked = Set(scene.sections.flatMap(\.rows).compactMap { $0.item?[selection.attribute]?.bool == true ? $0.item?.key : nil })
            var choices = try rules { try SelectionList(mode: selection.mode, options: keys, selection: selection.mode == .exclusive ? Set(checked.prefix(1)) : checked) }
            let change = try rules { try choices.choose(key) }
            switch change {
            case .unchanged:
                return ActionOutcome(highlightKey: key, notice: nil)
            case .checked:
                let changes: [ListChange] = selection.mode == .exclusive
                    ? [.checkExclusively(attribute: selection.attribute, key: key)]
                    : [.update(key: key, attributes: [selection.attribute: .bool(true)])]
                try await write(changes, to: list, revisions)
            case .unchecked:
                try await write([.update(key: key, attributes: [selection.attribute: .bool(false)])], to: list, revisions)
            }
            return ActionOutcome(highlightKey: key)

        case let .toggle(key, isOn):
            guard let attribute = try fixedCell(key)?.toggle else { throw ActionError.badRequest("row \"\(key)\" has no switch") }
            try await writeItem([attribute: .bool(isOn)], revisions)
            return ActionOutcome(highlightKey: key)

        case let .slide(key, text):
            guard let binding = try fixedCell(key)?.slider else { throw ActionError.badRequest("row \"\(key)\" has no slider") }
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else {
                throw ActionError.badRequest("the slider value \"\(text)\" is not a number")
            }
            let slider = try rules { try Slider(minimum: binding.minimum, maximum: binding.maximum, value: binding.minimum) }
            _ = try rules { try slider.setting(value) }
            try await writeItem([binding.attribute: .number(value)], revisions)
            return ActionOutcome(highlightKey: key)

        case let .delete(key, isEditing):
            let (row, path) = try located(key)
            guard let rule = scene.scene.editing?.rule, case let .item(item, list, _) = row.origin else {
                throw ActionError.refused("row \"\(key)\" cannot be deleted")
            }
            try rules { try rule.checkCommit(.delete, at: path, rowCounts: itemCounts, isEditing: isEditing) }
            try await write([.delete(key: item.key)], to: list, revisions)
            return ActionOutcome(notice: "Deleted \(row.cell.text).")

        case let .insert(key):
            let (row, path) = try located(key)
            guard let rule = scene.scene.editing?.rule, case let .item(_, list, position) = row.origin else {
                throw ActionError.refused("row \"\(key)\" has no insert control")
            }
            try rules { try rule.checkCommit(.insert, at: path, rowCounts: itemCounts, isEditing: true) }
            var attributes: [String: AttributeValue] = [:]
            for field in scene.scene.add?.fields ?? [] {
                if let value = field.defaultValue, case let .success(stored) = field.validate(value) { attributes[field.attribute] = stored }
            }
            if attributes.isEmpty { attributes["name"] = .string("New Item") }
            let newKey = try await insertWithFreshKey(attributes, at: position, in: list, revisions)
            return ActionOutcome(highlightKey: newKey, notice: "Inserted a new item.")

        case let .move(key, proposed):
            return try await move(key, proposed: proposed, revisions)
        case let .moveUp(key):
            let (_, path) = try located(key)
            return try await move(key, proposed: IndexPath(row: path.row - 1, section: path.section), revisions)
        case let .moveDown(key):
            let (_, path) = try located(key)
            return try await move(key, proposed: IndexPath(row: path.row + 1, section: path.section), revisions)

        case let .add(fields):
            guard let form = scene.scene.add, let list = scene.sections.first?.list ?? scene.listBinding.map({ ListID(parent: scene.item?.key, relationship: $0.relationship) }) else {
                throw ActionError.refused("\"\(scene.title)\" has no Add form")
            }
            let attributes = try validated(form.fields, fields)
            let count = try await runtime.store.list(list).items.count
            let newKey = try await insertWithFreshKey(attributes, at: count, in: list, revisions)
            let name = form.fields.first.flatMap { attributes[$0.attribute]?.description } ?? "an item"
            return ActionOutcome(highlightKey: newKey, notice: "Added \(name).")

        case let .saveDetail(fields):
            guard case let .detail(detail) = scene.scene.content, detail.isEditable else {
                throw ActionError.refused("\"\(scene.title)\" cannot be edited")
            }
            let attributes = try validated(detail.sections.flatMap(\.fields), fields)
            try await writeItem(attributes, revisions)
            return ActionOutcome(notice: "Saved.")

        case let .runBatch(name):
            guard scene.scene.batchActions.contains(name), let batch = runtime.app.batches[name] else {
                throw ActionError.badRequest("\"\(scene.title)\" offers no batch \"\(name)\"")
            }
            switch batch.kind {
            case let .update(deletions, insertions):
                let update = BatchUpdate([.deleteRows(deletions.map { IndexPath(row: $0, section: 0) }),
                                          .insertRows(insertions.map { IndexPath(row: $0.row, section: 0) })])
                let items = Dictionary(insertions.map { (IndexPath(row: $0.row, section: 0), $0.attributes.mapValues(AttributeValue.string)) },
                                       uniquingKeysWith: { first, _ in first })
                return try await applyBatch(update, insertedItems: items, revisions)
            case let .restore(rows):
                guard let list = singleList else { throw ActionError.refused("a restore needs a one-section list") }
                var items: [StoredItem] = []
                var taken: Set<String> = []
                for attributes in rows {
                    let stored = attributes.mapValues(AttributeValue.string)
                    let key = try await freshKey(from: stored, reusingIn: list, excluding: taken)
                    taken.insert(key)
                    items.append(StoredItem(key: key, attributes: stored))
                }
                try await write([.replaceAll(items)], to: list, revisions)
                return ActionOutcome(notice: "Restored \(items.count) rows.")
            }
        case let .batch(update, insertedItems, reloadedItems):
            let (inserted, reloaded) = try checkClientBatch(update, insertedItems: insertedItems, reloadedItems: reloadedItems)
            return try await applyBatch(update, insertedItems: inserted, reloadedItems: reloaded, revisions)
        }
    }

    // MARK: Moves

    private func move(_ key: String, proposed: IndexPath, _ revisions: [ListID: Int]) async throws -> ActionOutcome {
        let (row, source) = try located(key)
        guard let rule = scene.scene.moves, case let .item(item, list, _) = row.origin else {
            throw ActionError.refused("row \"\(key)\" cannot be moved")
        }
        guard scene.listBinding?.index == nil else { throw ActionError.refused("an indexed list is ordered by its index, not by hand") }
        let target = try rules { try rule.resolveMove(from: source, toProposed: proposed, rowCounts: scene.rowCounts) }
        guard target.section == source.section else {
            throw ActionError.refused("rows of \"\(scene.title)\" stay in their section")
        }
        if target != source {
            // Work out the new place in the stored list (sections grouped by an attribute
            // interleave in it): before the row's new successor, or after its predecessor.
            var keys = scene.sections[source.section].rows.compactMap(\.item?.key)
            keys.remove(at: source.row)
            let destination = min(target.row, keys.count)
            var flat = try await runtime.store.list(list).items.map(\.key)
            flat.removeAll { $0 == item.key }
            let position: Int
            if destination < keys.count, let successor = flat.firstIndex(of: keys[destination]) {
                position = successor
            } else if destination > 0, let predecessor = flat.firstIndex(of: keys[destination - 1]) {
                position = predecessor + 1
            } else {
                position = 0
            }
            try await write([.move(key: item.key, to: position)], to: list, revisions)
        }
        let sectionName = scene.sections[target.section].headerTitle.map { " of \($0)" } ?? ""
        let retargeted = target != proposed ? " (the nearest allowed place)" : ""
        return ActionOutcome(highlightKey: key, notice: "Moved \(row.cell.text) to row \(target.row + 1)\(sectionName)\(retargeted).")
    }

    // MARK: Helpers

    /// The list of a one-section list scene.
    var singleList: ListID? {
        guard let binding = scene.listBinding, case .single = binding.sections, binding.index == nil else { return nil }
        return ListID(parent: scene.item?.key, relationship: binding.relationship)
    }

    /// Row counts without placeholders, for editing rules.
    var itemCounts: [Int] {
        scene.sections.map { $0.rows.filter { if case .placeholder = $0.origin { false } else { true } }.count }
    }

    /// The fixed cell definition behind the row `key`, if the row is a fixed cell.
    func fixedCell(_ key: String) throws -> FixedCell? {
        let (row, _) = try located(key)
        guard case .fixed = row.origin, case let .fixed(sections, _) = scene.scene.content else { return nil }
        return sections.flatMap(\.cells).first { $0.key == key }
    }

    func located(_ key: String) throws -> (SceneRow, IndexPath) {
        guard let found = scene.row(forKey: key) else {
            throw ActionError.badRequest("\"\(scene.title)\" has no row \"\(key)\"")
        }
        return found
    }

    func validated(_ fields: [FieldDefinition], _ input: [String: String]) throws -> [String: AttributeValue] {
        var attributes: [String: AttributeValue] = [:]
        var messages: [String: String] = [:]
        for field in fields {
            switch field.validate(input[field.attribute]) {
            case let .success(value): attributes[field.attribute] = value
            case let .failure(error): messages[field.attribute] = error.message
            }
        }
        guard messages.isEmpty else { throw ActionError.invalidFields(messages, typed: input) }
        return attributes
    }

    /// Writes attribute changes to the scene's own item.
    func writeItem(_ attributes: [String: AttributeValue], _ revisions: [ListID: Int]) async throws {
        guard let item = scene.item, let list = scene.itemList else { throw ActionError.refused("\"\(scene.title)\" shows no item to change") }
        try await write([.update(key: item.key, attributes: attributes)], to: list, revisions)
    }

    func write(_ changes: [ListChange], to list: ListID, _ revisions: [ListID: Int]) async throws {
        let revision = try revision(of: list, revisions)
        do {
            try await runtime.store.apply(changes, to: list, basedOn: revision)
        } catch let error as StoreError {
            throw Self.actionError(error)
        }
    }

    func revision(of list: ListID, _ revisions: [ListID: Int]) throws -> Int {
        guard let revision = revisions[list] else {
            throw ActionError.badRequest("the form carries no revision for list \(list); reload the page")
        }
        return revision
    }

    /// A store refusal as the person sees it: stale data is a conflict, a bad key a refusal.
    static func actionError(_ error: StoreError) -> any Error {
        switch error {
        case .staleRevision, .itemNotFound, .positionOutOfRange: ActionError.stale(error.description)
        case .duplicateKey, .invalidKey: ActionError.refused(error.description)
        default: error
        }
    }

    /// Inserts a new item under a key made from its name. Two people adding "Milk" at the same
    /// moment may pick the same free key; the one who loses tries again with another.
    func insertWithFreshKey(_ attributes: [String: AttributeValue], at position: Int, in list: ListID,
                                    _ revisions: [ListID: Int]) async throws -> String {
        var taken: Set<String> = []
        for _ in 0..<8 {
            let key = try await freshKey(from: attributes, excluding: taken, afterLostRace: !taken.isEmpty)
            do {
                try await runtime.store.apply([.insert(StoredItem(key: key, attributes: attributes), at: position)],
                                              to: list, basedOn: try revision(of: list, revisions))
                return key
            } catch StoreError.duplicateKey {
                taken.insert(key)
            } catch let error as StoreError {
                throw Self.actionError(error)
            }
        }
        throw ActionError.refused("no free key for the new item; try again")
    }

    /// A key for a new item made from its name, not used anywhere in the store nor in `taken`: the
    /// name, then the name with 2, 3, …. After a key was lost to someone adding at the same moment
    /// (`afterLostRace`), the name with a random number: trying 2, 3, … again would send every one
    /// of several people adding the same name to the same next key, round after round.
    func freshKey(from attributes: [String: AttributeValue], reusingIn list: ListID? = nil, excluding taken: Set<String> = [],
                          afterLostRace: Bool = false) async throws -> String {
        let name = attributes["name"]?.description ?? attributes.values.first?.description ?? "item"
        let base = ItemKey.slug(name)
        var candidate = base, suffix = 2
        while true {
            if !taken.contains(candidate) {
                guard let existing = try await runtime.store.item(candidate) else { return candidate }
                if let list, existing.list == list { return candidate }
            }
            candidate = "\(base)-\(afterLostRace ? Int.random(in: 1_000...999_999) : suffix)"
            suffix += 1
        }
    }

    /// Runs a TableKit rule; a refusal becomes a 422 with the rule's own message.
    func rules<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as TableKitError { throw ActionError.refused(error.description) }
    }

    /// Parses a revision token ("regions=3;north.trails=7").
    static func parse(_ token: String) throws -> [ListID: Int] {
        var revisions: [ListID: Int] = [:]
        for part in token.split(separator: ";") where !part.isEmpty {
            let pieces = part.split(separator: "=", maxSplits: 1)
            guard pieces.count == 2, let revision = Int(pieces[1]), revision >= 0 else {
                throw ActionError.badRequest("the revision \"\(token)\" is malformed; reload the page")
            }
            let name = String(pieces[0])
            if let dot = name.lastIndex(of: ".") {
                revisions[ListID(parent: String(name[..<dot]), relationship: String(name[name.index(after: dot)...]))] = revision
            } else {
                revisions[.root(name)] = revision
            }
        }
        return revisions
    }
}
