import Foundation

/// One row, with everything its templates show. It is `Hashable` because it is the row cache's
/// key: two rows with equal contexts render to the same HTML.
public struct RowContext: RenderContext, Hashable {
    public var key: String
    public var anchor: String
    public var indexPath: String
    public var style: String
    public var text: String
    public var detailText: String?
    public var image: ImageContext?
    public var indentationLevel: Int
    public var accessory: String
    public var accessibleName: String
    public var isEditing: Bool
    public var editingStyle: String
    public var isMovable: Bool
    /// Whether a swipe may reveal the row's Delete button (outside editing mode).
    public var canSwipeToDelete: Bool
    /// Whether tapping the row selects nothing (the table or the delegate refuses it).
    public var isUnselectable: Bool
    /// Whether the row shows no highlight when tapped (`selectionStyle = .none`); it may still
    /// be selectable.
    public var hasNoHighlight: Bool
    /// Whether the row keeps its content where it is in editing mode (`shouldIndentWhileEditing`).
    public var staysUnindentedWhileEditing: Bool
    /// The title of the row's delete confirmation button, when the row can be deleted.
    public var deleteTitle: String?
    public var backgroundHint: String?
    /// The class giving the row its height (`row-heights.css`); `nil` sizes it to its content.
    public var heightClass: String?
    /// The app's template that draws the cell, when it is a custom cell.
    public var customTemplate: String?
    /// That template's HTML, made from the item's values; raw because the template made it.
    public var customCell: String?
    /// The row's main action: a link (push or detail) …
    public var link: LinkContext?
    /// … or a post that checks it in a selection list …
    public var choice: ChoiceContext?
    /// … or nothing (editing mode, static rows).
    public var isStatic: Bool
    public var detailButton: DetailButtonContext?
    public var toggle: ToggleContext?
    public var slider: SliderContext?
    public var custom: CustomAccessoryContext?
    public var editingControl: EditingControlContext?
    public var confirmDelete: DeleteConfirmationContext?
    public var reorder: ReorderContext?

    /// A disclosure indicator, or a detail disclosure button's chevron beside its ⓘ.
    var hasChevron: Bool { accessory == "disclosure-indicator" || accessory == "detail-disclosure-button" }
    var hasCheckmark: Bool { accessory == "checkmark" }

    public static let fields: [TemplateField<Self>] = [
        .init("key") { $0.key }, .init("anchor") { $0.anchor }, .init("indexPath") { $0.indexPath },
        .init("style") { $0.style }, .init("isDefault") { $0.style == "default" },
        .init("isSubtitle") { $0.style == "subtitle" }, .init("isValue1") { $0.style == "value1" },
        .init("isValue2") { $0.style == "value2" }, .init("text") { $0.text },
        .init("detailText") { $0.detailText }, .init("image") { $0.image },
        .init("indentationLevel") { $0.indentationLevel }, .init("accessory") { $0.accessory },
        .init("accessibleName") { $0.accessibleName }, .init("name") { $0.text },
        .init("isEditing") { $0.isEditing }, .init("editingStyle") { $0.editingStyle },
        .init("isMovable") { $0.isMovable }, .init("canSwipeToDelete") { $0.canSwipeToDelete },
        .init("isUnselectable") { $0.isUnselectable }, .init("hasNoHighlight") { $0.hasNoHighlight },
        .init("staysUnindentedWhileEditing") { $0.staysUnindentedWhileEditing }, .init("deleteTitle") { $0.deleteTitle },
        .init("backgroundHint") { $0.backgroundHint }, .init("heightClass") { $0.heightClass },
        .init("customTemplate") { $0.customTemplate }, .init("customCell") { $0.customCell }, .init("link") { $0.link },
        .init("choice") { $0.choice }, .init("isStatic") { $0.isStatic },
        .init("hasChevron") { $0.hasChevron }, .init("hasCheckmark") { $0.hasCheckmark },
        .init("detailButton") { $0.detailButton }, .init("toggle") { $0.toggle },
        .init("slider") { $0.slider }, .init("custom") { $0.custom },
        .init("editingControl") { $0.editingControl }, .init("confirmDelete") { $0.confirmDelete },
        .init("reorder") { $0.reorder },
    ]
}

/// A cell's image.
public struct ImageContext: RenderContext, Hashable {
    public var source: String
    public var alternativeText: String

    public static let fields: [TemplateField<Self>] = [
        .init("source") { $0.source }, .init("alternativeText") { $0.alternativeText },
    ]
}

/// Checking a row in a selection list: a post through the page's action form.
public struct ChoiceContext: RenderContext, Hashable {
    public var action: String
    /// `radio` in an exclusive list, `checkbox` in an inclusive one.
    public var role: String
    public var isChecked: Bool

    public static let fields: [TemplateField<Self>] = [
        .init("action") { $0.action }, .init("role") { $0.role }, .init("isChecked") { $0.isChecked },
    ]
}

/// The detail disclosure button: its own link, apart from the row's main action.
public struct DetailButtonContext: RenderContext, Hashable {
    public var href: String
    public var label: String

    public static let fields: [TemplateField<Self>] = [
        .init("href") { $0.href }, .init("label") { $0.label },
    ]
}

/// A switch in a row.
public struct ToggleContext: RenderContext, Hashable {
    public var id: String
    public var label: String
    public var isOn: Bool
    public var action: String
    public var isReadOnly: Bool

    public static let fields: [TemplateField<Self>] = [
        .init("id") { $0.id }, .init("label") { $0.label }, .init("isOn") { $0.isOn },
        .init("action") { $0.action }, .init("isReadOnly") { $0.isReadOnly },
    ]
}

/// A slider in a row; numbers are formatted before they reach the template.
public struct SliderContext: RenderContext, Hashable {
    public var id: String
    public var label: String
    public var minimum: String
    public var maximum: String
    public var step: String
    public var value: String
    public var action: String
    public var isReadOnly: Bool

    public static let fields: [TemplateField<Self>] = [
        .init("id") { $0.id }, .init("label") { $0.label }, .init("minimum") { $0.minimum },
        .init("maximum") { $0.maximum }, .init("step") { $0.step }, .init("value") { $0.value },
        .init("action") { $0.action }, .init("isReadOnly") { $0.isReadOnly },
    ]
}

/// An app-defined accessory view, named for styling and scripts.
public struct CustomAccessoryContext: RenderContext, Hashable {
    public var name: String
    /// The app's template's HTML; raw because the template made it.
    public var content: String?

    public static let fields: [TemplateField<Self>] = [
        .init("name") { $0.name }, .init("content") { $0.content },
    ]
}

/// The red minus or green plus at the left of a row in editing mode.
public struct EditingControlContext: RenderContext, Hashable {
    public var isDelete: Bool
    public var isInsert: Bool
    /// The page that reveals the Delete button for this row (the no-JavaScript confirmation step).
    public var confirmHref: String
    public var insertAction: String
    /// What the control does, for assistive technology ("Delete Milk", "Insert after Milk", or a
    /// placeholder row's own text, "Add Item").
    public var label: String

    public static let fields: [TemplateField<Self>] = [
        .init("isDelete") { $0.isDelete }, .init("isInsert") { $0.isInsert },
        .init("confirmHref") { $0.confirmHref }, .init("insertAction") { $0.insertAction },
        .init("label") { $0.label },
    ]
}

/// The red Delete button that confirms a deletion, with a way back.
public struct DeleteConfirmationContext: RenderContext, Hashable {
    public var action: String
    public var cancelHref: String
    /// The button's title (`titleForDeleteConfirmationButton`).
    public var title: String

    public static let fields: [TemplateField<Self>] = [
        .init("action") { $0.action }, .init("cancelHref") { $0.cancelHref }, .init("title") { $0.title },
    ]
}

/// The reorder grip and its no-JavaScript menu: up, down, and a page to pick any allowed place.
public struct ReorderContext: RenderContext, Hashable {
    public var canMoveUp: Bool
    public var canMoveDown: Bool
    public var upAction: String
    public var downAction: String
    public var moveToHref: String

    public static let fields: [TemplateField<Self>] = [
        .init("canMoveUp") { $0.canMoveUp }, .init("canMoveDown") { $0.canMoveDown },
        .init("upAction") { $0.upAction }, .init("downAction") { $0.downAction },
        .init("moveToHref") { $0.moveToHref },
    ]
}
