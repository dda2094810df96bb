import Foundation
import TableKit
import TableStore

/// Turns a stored list into a scene's sections: single, grouped by an attribute, collated for an
/// index, or nested (each item a section with its own list of rows).
struct ListLoader {
    let store: any DataStore
    let binding: ListBinding
    let selection: SelectionDefinition?
    /// Whether people reorder the rows: an indexed list then keeps each section's rows in their
    /// stored order instead of sorting them.
    var isReorderable = false
    /// Where the rows built last time for this scene are kept, to be updated rather than built again.
    var memory: (cache: SceneRowCache, scene: String)?

    /// The sections of `list`, whose first item stands at `firstPosition` of the whole list (a
    /// window of a long list starts further down).
    func sections(of list: StoredList, firstPosition: Int = 0) async throws
        -> (sections: [SceneSection], sectionIndex: SectionIndexMapping?, revisions: [ListID: Int]) {
        if let index = binding.index {
            let collation = index.collation
            let sections = collatedSections(of: list, firstPosition: firstPosition, index: index).enumerated().map { number, rows in
                SceneSection(headerTitle: collation.titleForHeader(inSection: number, rowCount: rows.count),
                             footerTitle: nil, rows: rows, list: list.id, owner: .collation(title: collation.sectionTitles[number]))
            }
            return (sections, index.mapping, [:])
        }
        switch binding.sections {
        case .single:
            let rows = plainRows(of: list, firstPosition: firstPosition)
            return ([withPlaceholder(SceneSection(headerTitle: nil, footerTitle: nil, rows: rows, list: list.id), number: 0)], nil, [:])
        case let .byAttribute(attribute, order):
            let rows = plainRows(of: list, firstPosition: firstPosition)
            let groups = AttributeGrouping(attribute: attribute, order: order).groups(of: rows) { $0.item }
            let sections = groups.map { group in
                SceneSection(headerTitle: group.title.isEmpty ? nil : group.title, footerTitle: binding.sectionFooters[group.title],
                             rows: group.members, list: list.id,
                             owner: .value(attribute: attribute, group.value))
            }
            return (sections.enumerated().map { withPlaceholder($0.element, number: $0.offset) }, nil, [:])
        case let .nested(title, relationship):
            var sections: [SceneSection] = []
            var revisions: [ListID: Int] = [:]
            for (number, sectionItem) in list.items.enumerated() {
                let childID = list.id.child(of: sectionItem.key, relationship: relationship)
                let child = try await store.list(childID)
                revisions[childID] = child.revision
                let childRows = child.items.enumerated().map { row($0.element, list: childID, position: $0.offset) }
                let footer = binding.nestedFooter?.render(sectionItem.attributes)
                sections.append(withPlaceholder(SceneSection(headerTitle: title.render(sectionItem.attributes),
                                                             footerTitle: footer?.isEmpty == false ? footer : nil,
                                                             rows: childRows, list: childID, owner: .item(sectionItem, list: list.id)),
                                                number: number))
            }
            return (sections, nil, revisions)
        }
    }

    /// The rows of an indexed list by section: updated from the last build by the rows the
    /// commits since touched, or built whole.
    private func collatedSections(of list: StoredList, firstPosition: Int, index: IndexDefinition) -> [[SceneRow]] {
        if firstPosition == 0, let current = unchangedBuild(of: list), case let .collated(sections, _) = current.rows { return sections }
        let string = { (item: StoredItem) in item[index.attribute]?.description ?? "" }
        if firstPosition == 0, let (previous, touched) = lastBuild(of: list), case let .collated(sections, collated) = previous.rows,
           let updated = rowsUpdated(of: list, previous: previous.items, sections: sections, collated: collated, touched: touched,
                           index: index, string: string) {
            remember(list, rows: .collated(updated.sections, updated.collated), isUpdate: true)
            return updated.sections
        }
        let rows = newRows(of: list, firstPosition: firstPosition)
        let collated = index.collation.collatedPositions(of: list.items.map(string), sortingSections: !isReorderable)
        let sections = collated.sections.map { $0.map { rows[$0] } }
        remember(list, rows: .collated(sections, collated), isUpdate: false)
        return sections
    }

    /// The rows this scene built of `list` last, when nothing changed since (the same revision:
    /// a revision never comes back for other contents). A list above the page, which every
    /// action on the page resolves on its way, is mostly unchanged, and is then taken as it was,
    /// without comparing its items or keeping it again.
    private func unchangedBuild(of list: StoredList) -> SceneRowCache.Entry? {
        guard let memory else { return nil }
        return memory.cache.current(scene: memory.scene, list: list.id, revision: list.revision)
    }

    /// The rows this scene built of `list` last, with the keys the commits since touched; `nil`
    /// when there is no last build or the store cannot say what changed.
    private func lastBuild(of list: StoredList) -> (entry: SceneRowCache.Entry, touched: TouchedKeys)? {
        guard let memory, let previous = memory.cache.entry(scene: memory.scene, list: list.id),
              let touched = store.changedKeys(of: list.id, from: previous.revision, to: list.revision) else { return nil }
        return (previous, TouchedKeys(touched))
    }

    /// The last build's sections moved on by the commits since, as UIKit applies a batch update:
    /// the collation updated by the rows the commits touched, each section whose members are
    /// the same rows at the same positions kept as its very array, the others put together from
    /// the last build's rows (at their new positions) and new rows for the touched items. The
    /// kept arrays let a snapshot, the rows' links and their HTML take those sections over whole.
    /// `nil` when what the store says changed does not describe the lists.
    private func rowsUpdated(of list: StoredList, previous: [StoredItem], sections before: [[SceneRow]], collated collatedBefore: CollatedPositions,
                             touched: TouchedKeys, index: IndexDefinition, string: (StoredItem) -> String)
        -> (sections: [[SceneRow]], collated: CollatedPositions)? {
        guard collatedBefore.count == previous.count,
              let update = SceneRowCache.Update(old: previous, current: list.items, touched: touched),
              let collated = collatedBefore.updated(newPosition: update.newPosition, count: list.items.count,
                                                    placed: update.placed.map { ($0, string(list.items[$0])) },
                                                    collation: index.collation) else { return nil }
        // Where each row of the last build stands in its section.
        var place = [Int](repeating: 0, count: previous.count)
        for members in collatedBefore.sections { for (offset, position) in members.enumerated() { place[position] = offset } }
        let sections = collated.sections.enumerated().map { number, members -> [SceneRow] in
            if number < collatedBefore.sections.count, collatedBefore.sections[number] == members,
               members.allSatisfy({ update.oldPosition[$0] == $0 }) {
                return before[number]
            }
            return members.map { position in
                guard let old = update.oldPosition[position] else { return row(list.items[position], list: list.id, position: position) }
                return SceneRow(carrying: before[collatedBefore.section(ofPosition: old)][place[old]], toPosition: position)
            }
        }
        return (sections, collated)
    }

    /// The rows of a list that is not indexed, in its order, kept for the next build: the last
    /// build's rows where the commits since did not touch their items (at their new positions),
    /// new rows where they did; all new when the last build is unknown or the store cannot say
    /// what changed.
    private func plainRows(of list: StoredList, firstPosition: Int) -> [SceneRow] {
        if firstPosition == 0, let current = unchangedBuild(of: list), case let .inOrder(rows) = current.rows { return rows }
        if firstPosition == 0, let (previous, touched) = lastBuild(of: list), case let .inOrder(previousRows) = previous.rows,
           let update = SceneRowCache.Update(old: previous.items, current: list.items, touched: touched) {
            // A row whose item stands where it stood is the last build's very row (its item, list
            // and place are the ones it holds), so the rows are the last build's, copied once, with
            // the others made again: after an edit in place, one row of 10,000.
            var rows = previousRows
            if rows.count > list.items.count { rows.removeLast(rows.count - list.items.count) }
            for position in list.items.indices where update.oldPosition[position] != position {
                let made = update.oldPosition[position].map { SceneRow(carrying: previousRows[$0], toPosition: position) }
                    ?? row(list.items[position], list: list.id, position: position)
                if position < rows.count { rows[position] = made } else { rows.append(made) }
            }
            remember(list, rows: .inOrder(rows), isUpdate: true)
            return rows
        }
        let rows = newRows(of: list, firstPosition: firstPosition)
        remember(list, rows: .inOrder(rows), isUpdate: false)
        return rows
    }

    /// A row for every item of `list`, whose first item stands at `firstPosition`.
    private func newRows(of list: StoredList, firstPosition: Int) -> [SceneRow] {
        list.items.enumerated().map { row($0.element, list: list.id, position: firstPosition + $0.offset) }
    }

    /// Keeps the rows built of `list` for the next build.
    private func remember(_ list: StoredList, rows: SceneRowCache.Entry.Rows, isUpdate: Bool) {
        guard let memory else { return }
        memory.cache.store(SceneRowCache.Entry(revision: list.revision, items: list.items, rows: rows),
                           scene: memory.scene, list: list.id, isUpdate: isUpdate)
    }

    private func row(_ item: StoredItem, list: ListID, position: Int) -> SceneRow {
        var accessory: Accessory?
        if let selection {
            accessory = item[selection.attribute]?.bool == true ? .checkmark : Accessory.none
        }
        let prototype = binding.prototype(for: item)
        return SceneRow(cell: prototype.cell(key: item.key, item: item, accessory: accessory),
                        origin: .item(item, list: list, position: position), push: binding.push,
                        isSelectable: prototype.isSelectable)
    }

    private func withPlaceholder(_ section: SceneSection, number: Int) -> SceneSection {
        guard let placeholder = binding.placeholder else { return section }
        var section = section
        // Shown as a placeholder (grey), with the green plus that adds an item in editing mode.
        let cell = Cell(key: "placeholder-\(number)", text: placeholder, selectionStyle: .none, backgroundHint: "placeholder")
        section.rows.append(SceneRow(cell: cell, origin: .placeholder(section: number), push: nil, isSelectable: false))
        return section
    }
}
