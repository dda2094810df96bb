import Foundation
import TableApp
import TableKit

/// The JSON twin of a page: the same snapshot as data, with the navigation stack and revision.
public struct SceneJSON: Encodable {
    struct Level: Encodable { var scene: String; var key: String?; var title: String }
    public struct Row: Encodable {
        var indexPath: String
        var key: String
        var text: String
        var detailText: String?
        var style: String
        var accessory: String
        var editingStyle: String?
        var isMovable: Bool
        var isChecked: Bool?
        var value: Double?
        var isOn: Bool?
    }
    struct Section: Encodable { var index: Int; var headerTitle: String?; var footerTitle: String?; var rows: [Row] }
    struct IndexTitle: Encodable { var title: String; var section: Int }

    public var title: String
    var path: [String]
    var stack: [Level]
    var style: String
    var isEditing: Bool
    var revision: String
    var headerTitle: String?
    var footerTitle: String?
    var sections: [Section]
    var sectionIndex: [IndexTitle]?

    /// Every text is passed through `DocumentText.cleaned`, as pages are: a character stored
    /// before input refused it comes out as U+FFFD here too.
    public init(page: SitePage, snapshot: TableSnapshot) {
        let clean = DocumentText.cleaned
        title = clean(page.title)
        path = page.path
        stack = page.stack.levels.map { Level(scene: $0.scene, key: $0.itemKey, title: clean($0.title)) }
        style = snapshot.style.rawValue
        isEditing = snapshot.isEditing
        revision = page.controller.revisionToken
        headerTitle = snapshot.headerTitle.map(clean)
        footerTitle = snapshot.footerTitle.map(clean)
        sectionIndex = snapshot.sectionIndex?.entries.map { IndexTitle(title: clean($0.title), section: $0.section) }
        sections = snapshot.sections.enumerated().map { number, section in
            Section(index: number, headerTitle: section.headerTitle.map(clean), footerTitle: section.footerTitle.map(clean), rows: section.rows.map { row in
                var json = Row(indexPath: row.indexPath.textForm, key: row.cell.key, text: clean(row.cell.text), detailText: row.cell.detailText.map(clean),
                               style: row.cell.style.rawValue, accessory: row.cell.accessory.kind.rawValue,
                               editingStyle: snapshot.isEditing ? row.editingStyle.rawValue : nil, isMovable: row.isMovable)
                if page.controller.selectionMode != nil { json.isChecked = row.cell.accessory == .checkmark }
                if case let .slider(slider) = row.cell.accessory { json.value = slider.value }
                if case let .toggle(isOn) = row.cell.accessory { json.isOn = isOn }
                return json
            })
        }
    }

    /// The twin as pretty-printed JSON with sorted keys.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
