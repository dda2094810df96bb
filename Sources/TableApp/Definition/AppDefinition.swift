import TableKit
import TableStore

/// An app: scenes (table view controllers) joined by segues, as read from an app file.
public struct AppDefinition: Sendable {
    /// The app's name, shown as the root scene's back-button title below it.
    public var title: String
    /// The language of the pages (`lang`).
    public var language: String
    /// The scene at the root of the navigation stack.
    public var rootScene: String
    /// Every scene by name.
    public var scenes: [String: SceneDefinition]
    /// Named batch updates scenes can offer.
    public var batches: [String: BatchDefinition]
    /// What the file does that the guide advises against (a disclosure accessory in an indexed
    /// list), each as `file:line:column: warning: …`; the app still loads.
    public var warnings: [AppDiagnostic] = []
    /// The folder of the app's own templates (`templates:`, relative to the app file), with
    /// `cells`, `accessories` and `sections` subfolders.
    public var templateFolder: String?
    /// Every template the file names, with its place, checked against the templates at start.
    public var templateReferences: [AppTemplateReference] = []

    /// The scene named `name`.
    public func scene(_ name: String) -> SceneDefinition? { scenes[name] }
}

/// A template an app file names for a custom cell, accessory view or section view.
public struct AppTemplateReference: Sendable, Hashable {
    /// The subfolder of a template folder the template lives in.
    public enum Kind: String, Sendable {
        case cell = "cells", accessory = "accessories", section = "sections"
    }

    public var kind: Kind
    public var name: String
    /// Where the file names it (the message is empty).
    public var place: AppDiagnostic
}

/// One scene: a table view controller's table and behaviour.
public struct SceneDefinition: Sendable {
    public var name: String
    /// A fixed title, or a format read from the item the scene shows ("{name}").
    public var title: TextFormat
    public var style: TableStyle
    public var headerTitle: TextFormat?
    public var footerTitle: TextFormat?
    public var content: SceneContent
    /// Whether the delegate alternates row backgrounds (Listing 5-2).
    public var alternatesRows: Bool
    public var editing: EditingDefinition?
    public var moves: MoveRule?
    public var add: FormDefinition?
    /// Named batch updates offered as actions on this scene.
    public var batchActions: [String]
    /// Whether clients may send batch updates of their own (the JSON endpoint), each operation
    /// checked by the same rules as the scene's forms.
    public var takesBatchUpdates: Bool
    /// The message an empty table shows.
    public var emptyMessage: String
    /// Whether rows can be selected outside editing mode (`allowsSelection`).
    public var allowsSelection: Bool = true
    /// Whether rows can be selected in editing mode (`allowsSelectionDuringEditing`).
    public var allowsSelectionDuringEditing: Bool = false
    /// Per-row indentation, editing style and whether rows can be edited, moved and selected.
    public var rowRules: RowRules = .none
    /// How the table header shows (`headerStyle: title` for Listing 4-10's label).
    public var headerStyle: TableHeaderStyle = .text
}

/// What fills a scene's table.
public enum SceneContent: Sendable {
    /// Fixed sections and cells (a storyboard's static cells), optionally bound to one item's
    /// attributes for switches, sliders and `{attribute}` texts.
    case fixed(sections: [FixedSection], item: ItemReference?)
    /// A list of items shown with a prototype cell.
    case list(ListBinding)
    /// The fields of the scene's item, as value1 rows, editable in a form.
    case detail(DetailDefinition)
}

/// Where a scene finds its item for fixed cells: a root list and a key in it.
public struct ItemReference: Sendable, Hashable {
    public var list: String
    public var key: String
}

/// A fixed section.
public struct FixedSection: Sendable {
    public var headerTitle: String?
    public var footerTitle: String?
    public var cells: [FixedCell]
}

/// A fixed cell.
public struct FixedCell: Sendable {
    public var key: String
    public var prototype: CellPrototype
    /// The scene selecting the cell pushes.
    public var push: String?
    /// An attribute of the scene's item shown as a switch.
    public var toggle: String?
    /// An attribute of the scene's item shown as a slider.
    public var slider: SliderBinding?
}

/// A slider bound to an attribute.
public struct SliderBinding: Sendable, Hashable {
    public var attribute: String
    public var minimum: Double
    public var maximum: Double
    public var initial: Double

    /// The slider showing `stored` as an accessory: the initial value when there is none, and a
    /// value stored outside the range shown at the nearer end (the data stays as it is until
    /// someone moves it). `.none` only for a range the loader would have refused.
    func accessory(showing stored: Double?) -> Accessory {
        let value = min(max(stored.flatMap { $0.isFinite ? $0 : nil } ?? initial, minimum), maximum)
        return (try? Slider(minimum: minimum, maximum: maximum, value: value)).map(Accessory.slider) ?? .none
    }
}

/// A list of items with its prototype cell and what selecting a row does.
public struct ListBinding: Sendable {
    /// The list: a relationship of the scene's item, or a root list when the scene has none.
    public var relationship: String
    public var cell: CellPrototype
    /// How rows are grouped into sections.
    public var sections: SectionGrouping
    /// The index of an indexed list.
    public var index: IndexDefinition?
    /// The scene a selected row pushes, with the row's item.
    public var push: String?
    /// The scene the detail disclosure button opens.
    public var detail: String?
    /// A selection list bound to a truth-valued attribute of the items.
    public var selection: SelectionDefinition?
    /// A placeholder row after each section's items (the add-item row of Listing 8-3).
    public var placeholder: String?
    /// The footer of each section grouped by an attribute, by the section's title.
    public var sectionFooters: [String: String] = [:]
    /// The footer of each section of a nested list, filled from the section's item; an empty
    /// result shows none.
    public var nestedFooter: TextFormat?
    /// Prototypes chosen per row by an attribute's value (several reuse identifiers); rows
    /// whose value names none use `cell`.
    public var prototypes: PrototypeChoice?
    /// The app's templates drawing each section's header and footer (`sections/NAME`).
    public var sectionHeaderView: String?
    public var sectionFooterView: String?

    /// The prototype that shows `item`.
    public func prototype(for item: StoredItem?) -> CellPrototype {
        guard let prototypes, let value = item?[prototypes.attribute]?.description else { return cell }
        return prototypes.cells[value] ?? cell
    }
}

/// Several prototype cells in one list, as several reuse identifiers: the value of `attribute`
/// picks the prototype of each row.
public struct PrototypeChoice: Sendable {
    public var attribute: String
    /// The prototypes by attribute value.
    public var cells: [String: CellPrototype]
}

/// How a list's rows form sections.
public enum SectionGrouping: Sendable {
    /// One section.
    case single
    /// Sections by an attribute's value, in the order given (unknown values follow, in order of appearance).
    case byAttribute(String, order: [String])
    /// Each item of the list is a section titled by `title`; its rows are its list `rows`.
    case nested(title: TextFormat, rows: String)
}

/// An indexed list: the attribute to collate by, the locale, and the index bar's own titles if
/// the app gives them (otherwise the collation's, one per section).
public struct IndexDefinition: Sendable {
    public var attribute: String
    public var collation: IndexedCollation
    public var titles: SectionIndexMapping?

    /// Makes an index definition.
    public init(attribute: String, collation: IndexedCollation, titles: SectionIndexMapping? = nil) {
        self.attribute = attribute
        self.collation = collation
        self.titles = titles
    }

    /// The index bar: the app's titles, or one per section of the collation.
    public var mapping: SectionIndexMapping { titles ?? SectionIndexMapping(oneTitlePerSection: collation.indexTitles) }
}

/// A selection list.
public struct SelectionDefinition: Sendable {
    public var mode: SelectionList.Mode
    public var attribute: String
}

/// Which rows show which editing control.
public struct EditingDefinition: Sendable {
    public var rule: EditingRule
    /// The title of a row's delete confirmation button, filled from its item; "Delete" when unset.
    public var deleteTitle: TextFormat?
    /// Whether rows without an editing control keep their content in place (`shouldIndentWhileEditing`).
    public var indentsWhileEditing: Bool = true
}

/// A detail scene: sections of fields.
public struct DetailDefinition: Sendable {
    public var sections: [DetailSection]
    /// Whether Edit opens the fields in a form.
    public var isEditable: Bool
}

/// A section of a detail scene.
public struct DetailSection: Sendable {
    public var headerTitle: String?
    public var fields: [FieldDefinition]
    /// Extra fixed cells after the fields (the trail's map row).
    public var cells: [FixedCell]
}

/// A named batch update (Listing 7-8, Figure 7-2) or a restore of a list's contents.
public struct BatchDefinition: Sendable {
    public var title: String
    public var kind: Kind

    public enum Kind: Sendable {
        /// UIKit's operations on the table as the page shows it.
        case update(BatchScript)
        /// Replaces the list with these items (in a nested list, the sections with their rows).
        case restore([RestoreItem])
    }
}

extension SceneDefinition {
    /// The scene the fixed cell at `row` of `section` pushes when selected, if it leads
    /// anywhere: a scene whose rows cannot be selected, or a cell that cannot, leads nowhere
    /// (as `willSelectRow` answers for it at run time).
    /// `inDetail`: among a detail scene's extra cells (after its fields), not a fixed scene's.
    func fixedCellPush(section: Int, row: Int, inDetail: Bool = false) -> String? {
        guard allowsSelection else { return nil }
        let cells: [FixedCell]? = switch content {
        case let .fixed(sections, _) where !inDetail: sections.indices.contains(section) ? sections[section].cells : nil
        case let .detail(detail) where inDetail: detail.sections.indices.contains(section) ? detail.sections[section].cells : nil
        default: nil
        }
        guard let cells, cells.indices.contains(row) else { return nil }
        return cells[row].prototype.isSelectable ? cells[row].push : nil
    }
}
