import Foundation

import TableKit

/// Decides what a row offers on a page and gathers it into the row template's context.
enum RowContextBuilder {
    static func context(for row: TableRow, on page: TablePage, templates: TemplateSet) -> RowContext {
        let cell = row.cell
        let actions = page.actions
        let isEditing = page.snapshot.isEditing
        let isChecked = cell.accessory == .checkmark
        let name = cell.text
        // Outside a form-capable page a checked row says so in its name, since no control does.
        let accessibleName = actions == nil && page.selectionMode != nil && isChecked
            ? cell.accessibleName + ", selected" : cell.accessibleName

        // A custom cell whose template the set lacks (a Swift data source naming one that is
        // not there) falls back to its style's layout: the row's texts are never lost.
        let customCell = cell.customView.flatMap { templates.render($0, kind: .cell) }
        var context = RowContext(
            key: cell.key, anchor: RowAnchor.id(for: cell.key), indexPath: row.indexPath.textForm,
            style: cell.style.rawValue, text: cell.text, detailText: cell.detailText,
            image: cell.image.map { ImageContext(source: imageURL($0.source, assets: page.assets), alternativeText: $0.alternativeText) },
            indentationLevel: cell.indentationLevel, accessory: (isEditing ? cell.editingAccessory : cell.accessory).kind.rawValue,
            accessibleName: accessibleName, isEditing: isEditing, editingStyle: row.editingStyle.rawValue,
            isMovable: row.isMovable && actions != nil,
            canSwipeToDelete: row.canSwipeToDelete && actions != nil && !isEditing,
            isUnselectable: !row.isSelectable, hasNoHighlight: cell.selectionStyle == .none,
            staysUnindentedWhileEditing: isEditing && !row.indentsWhileEditing,
            deleteTitle: actions != nil && (row.editingStyle == .delete || row.canSwipeToDelete) ? row.deleteConfirmationTitle : nil,
            backgroundHint: cell.backgroundHint, heightClass: RowHeightClass.name(for: cell.rowHeight),
            customTemplate: customCell == nil ? nil : cell.customView?.name, customCell: customCell,
            link: nil, choice: nil, isStatic: false, detailButton: nil, toggle: nil, slider: nil, custom: nil,
            editingControl: nil, confirmDelete: nil, reorder: nil)

        // The main action, as the delegate decides it: none where the table does not select
        // rows (by default in editing mode, as UIKit).
        switch row.isSelectable ? page.links.selection(for: row) : .none {
        case .choice:
            if let role = page.choiceRole, let actions {
                // The post says what the person wants (this checkmark on, or off), not "toggle":
                // sent twice, or crossing someone else's, it cannot flip the choice back.
                let action: PageAction = page.selectionMode == .inclusive && isChecked ? .deselect : .select
                context.choice = ChoiceContext(action: actions.action(action), role: role, isChecked: isChecked)
            } else {
                context.isStatic = true
            }
        case let .page(href):
            context.link = LinkContext(href: href, title: name)
        case .none:
            context.isStatic = true
        }

        let accessory = isEditing ? cell.editingAccessory : cell.accessory
        switch accessory {
        case .detailDisclosureButton, .detailButton:
            if let href = page.links.detailLink(for: row) {
                context.detailButton = DetailButtonContext(href: href, label: "More info about \(name)")
            }
        case let .toggle(isOn):
            context.toggle = ToggleContext(id: "switch-" + context.anchor, label: name, isOn: isOn,
                                           action: actions?.action(.toggle) ?? "", isReadOnly: actions == nil)
        case let .slider(slider):
            context.slider = SliderContext(
                id: "slider-" + context.anchor, label: name, minimum: NumberWords.plain(slider.minimum),
                maximum: NumberWords.plain(slider.maximum), step: "any", value: NumberWords.plain(slider.value),
                action: actions?.action(.slider) ?? "", isReadOnly: actions == nil)
        case let .custom(view):
            context.custom = CustomAccessoryContext(name: view.name, content: templates.render(view, kind: .accessory))
        case .none, .disclosureIndicator, .checkmark:
            break
        }

        guard let actions, isEditing || row.canSwipeToDelete else { return context }
        if isEditing, row.editingStyle != .none {
            context.editingControl = EditingControlContext(
                isDelete: row.editingStyle == .delete, isInsert: row.editingStyle == .insert,
                confirmHref: actions.confirmDeleteHref(for: cell.key), insertAction: actions.action(.insert),
                label: row.editingStyle == .delete ? "Delete \(name)" : cell.backgroundHint == "placeholder" ? name
                    : "Insert \(row.insertionPlacement.rawValue) \(name)")
        }
        if actions.confirmingDeleteKey == cell.key, row.editingStyle == .delete || row.canSwipeToDelete {
            // Cancel goes back to the mode the Delete button was shown in: editing, or a swipe's.
            context.confirmDelete = DeleteConfirmationContext(action: actions.action(.delete),
                                                              cancelHref: isEditing ? actions.editingHref(row: cell.key) : actions.pageHref(row: cell.key),
                                                              title: row.deleteConfirmationTitle)
        }
        if isEditing, row.isMovable {
            // Its place in the section's rows as the page holds them (a window of a long list
            // starts past its first row).
            let section = page.snapshot.sections[row.indexPath.section]
            let rows = section.rows
            let position = row.indexPath.row - (rows.first?.indexPath.row ?? 0)
            let past = { (upward: Bool) in
                MoveNeighbour.beside(position: position, upward: upward, rowCount: rows.count, section: section.headerTitle) { rows[$0].cell.key }
            }
            context.reorder = ReorderContext(canMoveUp: row.canMoveUp, canMoveDown: row.canMoveDown,
                                             upAction: row.canMoveUp ? actions.move(.moveUp, past: past(true)) : "",
                                             downAction: row.canMoveDown ? actions.move(.moveDown, past: past(false)) : "",
                                             moveToHref: actions.moveToHref(for: cell.key))
        }
        return context
    }

    /// An image path relative to the public folder gets the page's asset prefix; URLs and absolute
    /// paths stay as they are.
    static func imageURL(_ source: String, assets: String) -> String {
        source.hasPrefix("/") || TextSplice.contains(source, "://") || source.hasPrefix("data:") ? source : assets + source
    }
}
