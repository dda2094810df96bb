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

    /// The sections of `list`, whose first item stands at `firstPosition` of the whole list (a
    /// window of a long list starts further down).
    func sections(of list: StoredList, firstPosition: Int = 0) async throws
        -> (sections: [SceneSection], sectionIndex: SectionIndexMapping?, revisions: [ListID: Int]) {
        let rows = list.items.enumerated().map { row($0.element, list: list.id, position: firstPosition + $0.offset) }
        if let index = binding.index {
            let collation = index.collation
            let collated = collation.collate(rows, by: { $0.item?[index.attribute]?.description ?? "" }, sortingSections: !isReorderable)
            let sections = collated.enumerated().map { number, rows in
                SceneSection(headerTitle: collation.titleForHeader(inSection: number, rowCount: rows.count),
                             footerTitle: nil, rows: rows, list: list.id, owner: .collation(title: collation.sectionTitles[number]))
            }
            return (sections, index.mapping, [:])
        }
        switch binding.sections {
        case .single:
            return ([withPlaceholder(SceneSection(headerTitle: nil, footerTitle: nil, rows: rows, list: list.id), number: 0)], nil, [:])
        case let .byAttribute(attribute, order):
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
