import Foundation
import TableKit
import TableStore

/// One row of a batch's model: its item and the list it stands in before the batch (`nil` for
/// a row the batch inserts).
private struct BatchRow {
    var item: StoredItem
    var origin: ListID?
}

/// What a section after a batch stands for.
private enum BatchOwner {
    /// The one section of a list.
    case whole
    /// A value of the grouping attribute (`nil`: not set).
    case value(AttributeValue?)
    /// An item of a nested list, whose own list the section shows.
    case parent(StoredItem)
}

extension SceneEditor {
    /// Applies a checked batch as UIKit would (TableKit's rules), then writes the lists as they
    /// come out in one transaction based on the revisions the page showed: a batch names rows by
    /// index path, which mean something only against what the page showed. Before writing, the
    /// sections the data will form are worked out as the page will form them, and checked with
    /// UIKit's consistency rule against the counts before: a list grouped by an attribute has no
    /// empty section and no two sections of one value, so a batch that would leave one is refused.
    func applyBatch(_ batch: CheckedBatch, revisionToken: String) async throws -> ActionOutcome {
        let shape = try batchShape()
        let shown = try ResolvedScene.parse(revisionToken)
        let model: [[BatchRow]] = scene.sections.map { section in
            section.rows.compactMap { row in
                guard case let .item(item, list, _) = row.origin else { return nil }
                return BatchRow(item: item, origin: list)
            }
        }
        let counts = model.map(\.count)
        let origins = try rules { try batch.update.sectionOrigins(rowCountsBefore: counts, namingOperations: true) }

        // What each section after the batch stands for, and the list its rows go in.
        // A new key is none another list on the page shows (read once a list), nor one this batch
        // handed out to any list.
        var keyMakers: [ListID: KeyMaker] = [:]
        var handedOut = Set<String>()
        func newKey(for attributes: [String: AttributeValue], in list: ListID) async throws -> String {
            var maker = keyMakers[list] ?? KeyMaker(store: runtime.store, list: list, taken: scene.keysShown(besides: list))
            let key = try await maker.key(for: attributes, avoiding: handedOut)
            keyMakers[list] = maker
            handedOut.insert(key)
            return key
        }
        var owners: [BatchOwner] = []
        for (index, origin) in origins.enumerated() {
            switch (origin, shape) {
            case (_, .single):
                owners.append(.whole)
            case let (.inserted, .byAttribute(_, attribute, _)):
                owners.append(.value(batch.insertedSections[index]?.header[attribute]))
            case let (.inserted, .nested(list, _, _)):
                let header = batch.insertedSections[index]?.header ?? [:]
                owners.append(.parent(StoredItem(key: try await newKey(for: header, in: list), attributes: header)))
            case let (.existing(source, _), .byAttribute(_, attribute, _)):
                guard case let .value(_, value)? = scene.sections[source].owner else { throw ActionError.refused("section \(source) has no value") }
                owners.append(.value(batch.reloadedSections[source]?[attribute] ?? value))
            case let (.existing(source, _), .nested):
                guard case var .item(item, _)? = scene.sections[source].owner else { throw ActionError.refused("section \(source) has no item") }
                item.attributes.merge(batch.reloadedSections[source] ?? [:]) { $1 }
                owners.append(.parent(item))
            }
        }
        func list(ofSection index: Int) -> ListID {
            switch (shape, owners[index]) {
            case let (.nested(list, _, relationship), .parent(item)): list.child(of: item.key, relationship: relationship)
            case let (.single(list), _), let (.byAttribute(list, _, _), _), let (.nested(list, _, _), _): list
            }
        }

        // New rows get keys in the list they go in; reloaded rows keep theirs.
        var insertedRows: [IndexPath: BatchRow] = [:]
        for (path, attributes) in batch.insertedRows.sorted(by: { $0.key < $1.key }) where origins.indices.contains(path.section) {
            insertedRows[path] = BatchRow(item: StoredItem(key: try await newKey(for: attributes, in: list(ofSection: path.section)),
                                                           attributes: attributes), origin: nil)
        }
        var insertedSections: [Int: [BatchRow]] = [:]
        for (number, section) in batch.insertedSections.sorted(by: { $0.key < $1.key }) where origins.indices.contains(number) {
            var rows: [BatchRow] = []
            for attributes in section.rows {
                rows.append(BatchRow(item: StoredItem(key: try await newKey(for: attributes, in: list(ofSection: number)), attributes: attributes),
                                     origin: nil))
            }
            insertedSections[number] = rows
        }
        var reloadedRows: [IndexPath: BatchRow] = [:]
        for (path, attributes) in batch.reloadedRows where counts.indices.contains(path.section) && (0..<counts[path.section]).contains(path.row) {
            var row = model[path.section][path.row]
            row.item.attributes.merge(attributes) { $1 }
            reloadedRows[path] = row
        }
        let result = try rules {
            try batch.update.apply(to: model, insertedRows: insertedRows, insertedSections: insertedSections, reloadedRows: reloadedRows)
        }

        // Every list the page showed must still be as it showed it.
        var writes: [ListWrite] = []
        for list in scene.revisions.keys.sorted(by: { $0.description < $1.description }) {
            writes.append(ListWrite([], to: list, basedOn: try ResolvedScene.revision(of: list, in: shown)))
        }
        let countsAfter: [Int]
        var misplaced: String?
        switch shape {
        case let .single(list):
            writes.append(ListWrite([.replaceAll(result.first?.map(\.item) ?? [])], to: list, basedOn: nil))
            countsAfter = result.map(\.count)
        case let .byAttribute(list, attribute, order):
            var items: [StoredItem] = []
            var intended: [(title: String, keys: [String])] = []
            for (rows, owner) in zip(result, owners) {
                guard case let .value(value) = owner else { continue }
                intended.append((value?.description ?? "", rows.map(\.item.key)))
                for row in rows {
                    var item = row.item
                    item.attributes[attribute] = value
                    items.append(item)
                }
            }
            let formed = AttributeGrouping(attribute: attribute, order: order).groups(of: items) { $0 }
            countsAfter = formed.map(\.members.count)
            // Counts that match can still come in another order than the batch meant.
            let mismatch = zip(formed, intended).enumerated().first { $0.element.0.title != $0.element.1.title
                || $0.element.0.members.map(\.key) != $0.element.1.keys }
            misplaced = mismatch.map { number, pair in
                "the sections of \"\(scene.title)\" are the values of \(attribute)" + (order.isEmpty ? "" : ", \(order.joined(separator: ", ")) first")
                    + ": section \(number) would be \"\(pair.0.title)\", not \"\(pair.1.title)\""
            }
            writes.append(ListWrite([.replaceAll(items)], to: list, basedOn: nil))
        case let .nested(parentList, _, _):
            // Rows that change lists move in first, with what is below them (a key the new list
            // has takes a number); then each list is written in its new order, and the sections'
            // items last, which deletes the deleted sections with their rows.
            var moves: [ListWrite] = []
            var lists: [ListWrite] = []
            // The keys each list holds now: an item moved in must not take one of them either.
            let keysBefore = Dictionary(grouping: model.joined(), by: \.origin).mapValues { Set($0.map(\.item.key)) }
            for (index, rows) in result.enumerated() {
                let target = list(ofSection: index)
                var taken = Set(rows.filter { $0.origin == nil || $0.origin == target }.map(\.item.key))
                taken.formUnion(keysBefore[target] ?? [])
                var items: [StoredItem] = []
                for row in rows {
                    var item = row.item
                    if let origin = row.origin, origin != target {
                        var number = 1
                        while taken.contains(item.key) {
                            number += 1
                            item.key = "\(row.item.key.prefix(190))-\(number)"
                        }
                        taken.insert(item.key)
                        moves.append(ListWrite([.moveIn(key: row.item.key, from: origin, at: 0, renamedTo: item.key == row.item.key ? nil : item.key)],
                                               to: target, basedOn: nil))
                    }
                    items.append(item)
                }
                lists.append(ListWrite([.replaceAll(items)], to: target, basedOn: nil))
            }
            let parents = owners.compactMap { owner -> StoredItem? in
                if case let .parent(item) = owner { return item }
                return nil
            }
            writes += moves + lists + [ListWrite([.replaceAll(parents)], to: parentList, basedOn: nil)]
            countsAfter = result.map(\.count)
        }
        // Sections the values regroup otherwise than the batch meant come first: their counts
        // differ too, and that would be said without the reason.
        if let misplaced { throw ActionError.refused(misplaced) }
        try rules { try batch.update.validate(rowCountsBefore: counts, rowCountsAfter: countsAfter) }
        do {
            try await runtime.store.apply(writes)
        } catch let error as StoreError {
            // Any change to what the page showed since is a conflict: the batch's index paths
            // would name other rows.
            if case let .staleRevision(_, expected, current) = error { throw staleConflict(expected: expected, current: current) }
            throw ResolvedScene.actionError(error)
        }
        return ActionOutcome(notice: "Applied the batch: \(Self.describe(counts)) before, \(Self.describe(countsAfter)) after.")
    }

    /// Replaces the scene's list with `items` (in a nested list, the sections' items and each
    /// one's rows), reusing the keys of items of the same names, based on the page's revisions.
    func restore(_ items: [RestoreItem], revisionToken: String) async throws -> ActionOutcome {
        let shape = try batchShape()
        let shown = try ResolvedScene.parse(revisionToken)
        let list: ListID
        switch shape {
        case let .single(id), let .byAttribute(id, _, _), let .nested(id, _, _): list = id
        }
        let revision = try ResolvedScene.revision(of: list, in: shown)
        var keys = KeyMaker(store: runtime.store, list: list)
        var stored: [StoredItem] = []
        var writes: [ListWrite] = []
        var childKeysGiven = Set<String>()
        for item in items {
            let attributes = item.attributes.mapValues(AttributeValue.string)
            let parent = StoredItem(key: try await keys.key(for: attributes, reusingKeys: true), attributes: attributes)
            stored.append(parent)
            if case let .nested(_, _, relationship) = shape {
                let childList = list.child(of: parent.key, relationship: relationship)
                // Keys unique across the child lists too, which the page shows together.
                var childKeys = KeyMaker(store: runtime.store, list: childList, taken: childKeysGiven)
                var rows: [StoredItem] = []
                for row in item.rows {
                    let values = row.mapValues(AttributeValue.string)
                    rows.append(StoredItem(key: try await childKeys.key(for: values, reusingKeys: true), attributes: values))
                }
                childKeysGiven = childKeys.taken
                writes.append(ListWrite([.replaceAll(rows)], to: childList, basedOn: nil))
            }
        }
        writes.insert(ListWrite([.replaceAll(stored)], to: list, basedOn: revision), at: 0)
        do {
            try await runtime.store.apply(writes)
        } catch let error as StoreError {
            if case let .staleRevision(_, expected, current) = error { throw staleConflict(expected: expected, current: current) }
            throw ResolvedScene.actionError(error)
        }
        let rowCount = items.reduce(0) { $0 + $1.rows.count }
        if case .nested = shape {
            return ActionOutcome(notice: "Restored \(NumberWords.counted(items.count, "section")) and \(NumberWords.counted(rowCount, "row")).")
        }
        return ActionOutcome(notice: "Restored \(NumberWords.counted(items.count, "row")).")
    }

    /// "5 rows" or "7 rows in 3 sections".
    private static func describe(_ counts: [Int]) -> String {
        let rows = counts.reduce(0, +)
        let rowText = NumberWords.counted(rows, "row")
        return counts.count == 1 ? rowText : "\(rowText) in \(NumberWords.counted(counts.count, "section"))"
    }

    /// Refuses a batch from a page shown before another change to the lists it names by index
    /// path (they would name other rows) before they are checked against rows they do not name.
    func refuseIfStale(_ revisionToken: String) throws {
        let shown = try ResolvedScene.parse(revisionToken)
        for (list, revision) in scene.revisions.sorted(by: { $0.key.description < $1.key.description }) {
            if let expected = shown[list], expected != revision { throw staleConflict(expected: expected, current: revision) }
        }
    }

    /// A batch's refusal when the lists it names by index path changed since its page (its index
    /// paths would name other rows): in the person's words, with the revisions for a client. A
    /// page ahead of the list is no one else's change but older data (`revisionAheadReason`).
    private func staleConflict(expected: Int, current: Int) -> SaveConflict {
        guard expected < current else { return SaveConflict(ResolvedScene.revisionAheadReason + " (revision \(expected), now \(current))") }
        return SaveConflict("someone else changed “\(scene.title)” since this page was shown (revision \(expected), now \(current))")
    }
}
