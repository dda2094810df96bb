import Foundation
import TableKit
import TableStore

/// Carries out a scene's form and batch actions: validates them by the scene's fields and
/// TableKit's batch rules, then writes them through the store in one transaction, refused only
/// where they conflict with what the page showed (a batch by the lists' revisions, a detail
/// save by the values its form showed). The table's own actions (select, delete, insert, move,
/// controls) go through the scene as a `TableViewController` instead.
public struct SceneEditor: Sendable {
    public let runtime: AppRuntime
    public let scene: ResolvedScene

    /// Makes an editor for `scene`.
    public init(runtime: AppRuntime, scene: ResolvedScene) {
        self.runtime = runtime
        self.scene = scene
    }

    /// Performs `action`, posted from a page whose lists stood at `revisionToken` (its form's).
    public func perform(_ action: SceneAction, revisionToken: String) async throws -> ActionOutcome {
        switch action {
        case let .add(fields):
            guard let form = scene.scene.add, let list = scene.sections.first?.list ?? scene.listBinding.map({ AppRuntime.list($0, of: scene.item, in: scene.itemList) }) else {
                throw ActionError.refused("\"\(scene.title)\" has no Add form")
            }
            let attributes = try validated(form.fields, FieldDefinition.withDefaults(fields, for: form.fields))
            var writer = scene
            writer.pendingWrites = [.insert(attributes, after: nil, list: list)]
            try await writer.save(basedOn: revisionToken)
            let name = form.fields.first.flatMap { attributes[$0.attribute]?.description } ?? "an item"
            return ActionOutcome(highlightKey: writer.insertedKeys.first, notice: "Added \(name).")

        case let .saveDetail(fields, originals):
            guard case let .detail(detail) = scene.scene.content, detail.isEditable else {
                throw ActionError.refused("\"\(scene.title)\" cannot be edited")
            }
            guard let item = scene.item, let list = scene.itemList else { throw ActionError.refused("\"\(scene.title)\" shows no item to change") }
            let definitions = detail.sections.flatMap(\.fields)
            // A field the person left as the form showed it is not written; one they changed is
            // refused only if someone else changed it first. A post that says nothing of a field,
            // neither its value nor what the form showed (a script's), leaves it as it is; a
            // browser's form always says what it showed, and an unchecked box sends no value.
            let edited = definitions.filter { $0.isChanged(in: fields, originals: originals) }
            var attributes = try validated(edited, fields)
            // Someone else who made the very change the person made is no conflict: that value
            // is what both want, and it is stored already.
            let alreadyStored = Set(edited.filter { field in
                // A switch never set reads as off.
                let stored = item[field.attribute] ?? (field.kind == .toggle ? .bool(false) : nil)
                return originals[field.attribute] != nil && stored == attributes[field.attribute]
            }.map(\.attribute))
            let moved = Dictionary(uniqueKeysWithValues: edited.compactMap { field -> (String, String)? in
                guard let original = originals[field.attribute], !alreadyStored.contains(field.attribute) else { return nil }
                return field.isUnchanged(since: original, storedNow: item[field.attribute]) ? nil : (field.attribute, field.formValue(of: item[field.attribute]))
            })
            guard moved.isEmpty else {
                // The form again starts each field the person left as it was shown from its value
                // now: saving again must not put back what someone else saved there meanwhile.
                var typed = fields
                for field in definitions where originals[field.attribute] != nil && !edited.contains(where: { $0.attribute == field.attribute }) {
                    typed[field.attribute] = field.formValue(of: item[field.attribute])
                }
                throw ActionError.fieldsChanged(moved, typed: typed)
            }
            guard !edited.isEmpty else { return ActionOutcome(notice: "Nothing to save: no field was changed.") }
            for attribute in alreadyStored { attributes[attribute] = nil }
            guard !attributes.isEmpty else { return ActionOutcome(notice: "Saved.") }
            let expected = Dictionary(uniqueKeysWithValues: attributes.keys.map { ($0, item[$0]) })
            // A field sent without the value the form showed (a script's post, not a browser's)
            // cannot tell a change of its own from someone else's: it is saved only if nobody
            // changed the item since the revision the post was based on.
            let since = attributes.keys.contains { originals[$0] == nil }
                ? try ResolvedScene.revision(of: list, in: ResolvedScene.parse(revisionToken)) : nil
            do {
                // Not based on the list's revision: the change names its item by key and holds
                // the values it was read with, which the store compares as it writes, so other
                // rows added, moved or changed meanwhile leave it alone.
                try await runtime.store.apply([.updateIfUnchanged(key: item.key, expected: expected, attributes: attributes, since: since)],
                                              to: list, basedOn: nil)
            } catch let error as StoreError {
                throw ResolvedScene.actionError(error)
            }
            return ActionOutcome(notice: "Saved.")

        case let .runBatch(name):
            guard scene.scene.batchActions.contains(name), let batch = runtime.app.batches[name] else {
                throw ActionError.badRequest("\"\(scene.title)\" offers no batch \"\(name)\"")
            }
            switch batch.kind {
            case let .update(script):
                return try await applyBatch(try check(script, fromClient: false, revisionToken: revisionToken), revisionToken: revisionToken)
            case let .restore(items):
                return try await restore(items, revisionToken: revisionToken)
            }
        case let .batch(script) where script.update.isEmpty:
            return try emptyBatch(revisionToken: revisionToken)
        case let .batch(script):
            return try await applyBatch(try check(script, fromClient: true, revisionToken: revisionToken), revisionToken: revisionToken)
        }
    }

    // MARK: Helpers

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

    /// Runs a TableKit rule; a refusal becomes a 422 with the rule's own message.
    func rules<T>(_ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as TableKitError { throw ActionError.refused(error.description) }
    }
}
