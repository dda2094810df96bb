import Foundation
import TableApp
import TableKit
import TableRender

/// The JSON twin of a page: the same snapshot as data, with the navigation stack and revision.
/// Written by `encoded()` (`SceneJSON+Text`) as JSONEncoder writes its `Encodable` form.
public struct SceneJSON: Encodable {
    struct Level: Encodable { var scene: String; var key: String?; var title: String }
    public struct Row: Encodable {
        var indexPath: String
        var key: String
        var text: String
        var detailText: String?
        var style: String
        var indentationLevel: Int
        var accessory: String
        /// Editing mode: what the row shows at its right edge instead of its accessory.
        var editingAccessory: String?
        var editingStyle: String?
        var isMovable: Bool
        var isChecked: Bool?
        var value: Double?
        var isOn: Bool?
        /// Whether tapping the row selects it, in the mode the page is in.
        var isSelectable: Bool
        var canSwipeToDelete: Bool
        /// Editing mode: whether the reorder menu offers Move up and Move down.
        var canMoveUp: Bool?
        var canMoveDown: Bool?
        /// The title of the button confirming the row's deletion, where it can be deleted.
        var deleteConfirmationTitle: String?
        /// Editing mode: whether the row's content moves right for its editing control.
        var indentsWhileEditing: Bool?
        /// Editing mode, insert rows: where the new row goes, `after` or `before` the row.
        var insertionPlacement: String?
        /// Whether the row shows a highlight when tapped (`selectionStyle`).
        var highlights: Bool
        /// A custom cell: the app's template drawing it and the values that template shows.
        var template: String?
        var templateValues: [String: String]?
        /// A custom accessory view: its template and the values it shows.
        var accessoryTemplate: String?
        var accessoryValues: [String: String]?
        /// The row's height in points, and whether it is an estimate (the row sizes to its content).
        var height: Int?
        var heightIsEstimate: Bool?
    }
    struct Section: Encodable {
        var index: Int
        var headerTitle: String?
        var footerTitle: String?
        /// The app's templates drawing the header and footer, with the values they show.
        var headerView: TemplateViewJSON?
        var footerView: TemplateViewJSON?
        var rows: [Row]
    }
    struct TemplateViewJSON: Encodable { var template: String; var values: [String: String] }
    /// An index title; `accessibilityLabel` only where it differs from the title, as on the page.
    struct IndexTitle: Encodable { var title: String; var accessibilityLabel: String?; var accessibilityLanguage: String?; var section: Int }

    public var title: String
    var path: [String]
    var stack: [Level]
    var style: String
    var isEditing: Bool
    var revision: String
    var headerTitle: String?
    /// `text`, or `title` for Listing 4-10's title label.
    var headerStyle: String
    var footerTitle: String?
    var sections: [Section]
    var sectionIndex: [IndexTitle]?
    /// What the page says about its own data (an exclusive list stored with several checkmarks).
    var notes: [String]
    /// What the server says of the request that led here: a change refused (with a 409), or what
    /// a batch changed. Set with `tell`.
    public private(set) var notice: String?

    /// Every text is passed through `DocumentText.cleaned`, as pages are: a character stored
    /// before input refused it comes out as U+FFFD here too.
    public init(page: SitePage, snapshot: TableSnapshot, templates: TemplateSet) {
        let clean = DocumentText.cleaned
        title = clean(page.title)
        path = page.path
        stack = page.stack.levels.map { Level(scene: $0.scene, key: $0.itemKey, title: clean($0.title)) }
        style = snapshot.style.rawValue
        isEditing = snapshot.isEditing
        revision = page.controller.revisionToken
        headerTitle = snapshot.headerTitle.map(clean)
        headerStyle = snapshot.headerStyle.rawValue
        footerTitle = snapshot.footerTitle.map(clean)
        notes = snapshot.warnings.filter(\.isShownOnPage).map { clean($0.description) }
        sectionIndex = snapshot.sectionIndex?.entries.map {
            let label = $0.accessibilityLabel == $0.title ? nil : $0.accessibilityLabel.map(clean)
            return IndexTitle(title: clean($0.title), accessibilityLabel: label,
                              accessibilityLanguage: label == nil ? nil : $0.accessibilityLanguage.map(clean), section: $0.section)
        }
        sections = snapshot.sections.enumerated().map { number, section in
            Section(index: number, headerTitle: section.headerTitle.map(clean), footerTitle: section.footerTitle.map(clean),
                    headerView: section.headerView.map { TemplateViewJSON(template: $0.name, values: Self.shown($0, .section, templates)) },
                    footerView: section.footerView.map { TemplateViewJSON(template: $0.name, values: Self.shown($0, .section, templates)) },
                    rows: section.rows.map { row in
                var json = Row(indexPath: row.indexPath.textForm, key: row.cell.key, text: clean(row.cell.text), detailText: row.cell.detailText.map(clean),
                               style: row.cell.style.rawValue, indentationLevel: row.cell.indentationLevel,
                               accessory: row.cell.accessory.kind.rawValue,
                               editingStyle: snapshot.isEditing ? row.editingStyle.rawValue : nil, isMovable: row.isMovable,
                               isSelectable: row.isSelectable, canSwipeToDelete: row.canSwipeToDelete, highlights: row.cell.selectionStyle != .none)
                if snapshot.isEditing {
                    json.editingAccessory = row.cell.editingAccessory.kind.rawValue
                    json.indentsWhileEditing = row.indentsWhileEditing
                    if row.isMovable { (json.canMoveUp, json.canMoveDown) = (row.canMoveUp, row.canMoveDown) }
                    if row.editingStyle == .insert { json.insertionPlacement = row.insertionPlacement.rawValue }
                }
                if row.editingStyle == .delete || row.canSwipeToDelete { json.deleteConfirmationTitle = clean(row.deleteConfirmationTitle) }
                if page.controller.selectionMode != nil { json.isChecked = row.cell.accessory == .checkmark }
                if case let .slider(slider) = row.cell.accessory { json.value = slider.value }
                if case let .toggle(isOn) = row.cell.accessory { json.isOn = isOn }
                if let view = row.cell.customView {
                    (json.template, json.templateValues) = (view.name, Self.shown(view, .cell, templates))
                }
                if let view = row.cell.accessory.templateView {
                    (json.accessoryTemplate, json.accessoryValues) = (view.name, Self.shown(view, .accessory, templates))
                }
                if let height = row.cell.rowHeight {
                    json.height = height.points
                    if case .estimated = height { json.heightIsEstimate = true } else { json.heightIsEstimate = false }
                }
                return json
            })
        }
    }

    /// Says `notice` (cleaned) under `notice`, and under `title` too, where clients that read only
    /// the title find it.
    public mutating func tell(_ notice: String) {
        let cleaned = DocumentText.cleaned(notice)
        self.notice = cleaned
        title = cleaned
    }

    /// The values a template shows, cleaned as every text of the twin is.
    private static func shown(_ view: TemplateView, _ kind: CustomTemplateKind, _ templates: TemplateSet) -> [String: String] {
        templates.shownValues(of: view, kind: kind).mapValues(DocumentText.cleaned)
    }
}
