import Foundation
import TableKit
import TableRender

/// Shared fixtures: the project's template folder, one renderer, and pages of every kind.
enum Fixtures {
    static let templateFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("../../Templates").standardized.path

    static let templates: TemplateSet = {
        do { return try TemplateSet(folder: templateFolder) } catch { preconditionFailure("\(error)") }
    }()

    /// A copy of the template folder in a temporary folder of its own, for a test to change;
    /// the test removes it.
    static func templateFolderCopy() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("templates-\(UUID().uuidString)")
        try FileManager.default.copyItem(atPath: templateFolder, toPath: folder.path)
        return folder
    }

    static let urls = URLBuilder()

    /// Rows that lead somewhere: push links for every selectable row (or, in a selection list,
    /// a checkmark to toggle), detail links for detail buttons.
    struct Links: RowLinker {
        var choosesRows = false
        func selection(for row: TableRow) -> RowLink {
            guard row.cell.selectionStyle != .none else { return .none }
            return choosesRows ? .choice : .page("/demo/\(row.cell.key)/")
        }
        func detailLink(for row: TableRow) -> String? { "/demo/\(row.cell.key)/detail/" }
    }

    static let slider: Slider = {
        do { return try Slider(minimum: 0, maximum: 10, value: 7.5) } catch { preconditionFailure("\(error)") }
    }()

    /// One cell of every style with every accessory, some with images, some indented.
    static func catalogueCells() -> [[Cell]] {
        let accessories: [Accessory] = [.none, .disclosureIndicator, .detailDisclosureButton, .checkmark,
                                        .toggle(isOn: true), .slider(slider), .custom(TemplateView(name: "badge"))]
        return CellStyle.allCases.map { style in
            accessories.enumerated().map { number, accessory in
                Cell(key: "\(style.rawValue)-\(number)", text: "\(style.rawValue) \(accessory.kind.rawValue)",
                     detailText: number.isMultiple(of: 3) ? nil : "Detail \(number)",
                     image: style.allowsImage && number.isMultiple(of: 2) ? CellImage(source: "icons/star.svg", alternativeText: "") : nil,
                     style: style, accessory: accessory, indentationLevel: number % 3)
            }
        }
    }

    /// A data source over fixed cells, editable and movable, optionally indexed.
    struct StaticSource: TableDataSource {
        var sections: [[Cell]]
        var headers: [String?]
        var indexTitles: [SectionIndexTitle]?

        func numberOfSections() -> Int { sections.count }
        func numberOfRows(inSection section: Int) -> Int { sections[section].count }
        func cell(at indexPath: IndexPath) -> Cell { sections[indexPath.section][indexPath.row] }
        func titleForHeader(inSection section: Int) -> String? { headers.indices.contains(section) ? headers[section] : nil }
        func titleForFooter(inSection section: Int) -> String? { section == 0 ? "Footer of the first section" : nil }
        func sectionIndexTitles() -> [SectionIndexTitle]? { indexTitles }
        func canMoveRow(at indexPath: IndexPath) -> Bool { indexPath.row != 0 }
        var commitsEditing: Bool { true }
        var movesRows: Bool { true }
    }

    struct EditableListDelegate: TableDelegate {
        let counts: [Int]
        func editingStyle(forRowAt indexPath: IndexPath) -> EditingStyle {
            EditingRule.simpleEditableList.editingStyle(forRowAt: indexPath, rowCounts: counts)
        }
    }

    static func snapshot(style: TableStyle, indexed: Bool = false, editing: Bool = false,
                         cells: [[Cell]] = catalogueCells()) throws -> TableSnapshot {
        let headers = cells.indices.map { "Section \($0)" as String? }
        let source = StaticSource(sections: cells, headers: headers,
                                  indexTitles: indexed ? cells.indices.map { SectionIndexTitle(String(UnicodeScalar(65 + $0)!), accessibilityLabel: "Letter \(String(UnicodeScalar(65 + $0)!))") } : nil)
        return try TableSnapshot.build(TableConfiguration(style: style, headerTitle: "Table header", footerTitle: "Table footer", isEditing: editing),
                                       dataSource: source, delegate: EditableListDelegate(counts: cells.map(\.count)))
    }

    static func page(_ snapshot: TableSnapshot, readOnly: Bool = false, selection: SelectionList.Mode? = nil,
                     confirming: String? = nil) -> TablePage {
        let keys = ["catalogue"]
        let bar = NavigationBarContext(
            title: "Catalogue", back: LinkContext(href: "/", title: "TableStack"),
            add: readOnly || snapshot.isEditing ? nil : LinkContext(href: "/catalogue/_/add", title: "Add"),
            addDisabled: !readOnly && snapshot.isEditing ? LinkContext(href: "", title: "Add") : nil,
            edit: readOnly ? nil : EditButtonContext(href: "/catalogue/?editing=1", isDone: snapshot.isEditing))
        return TablePage(documentTitle: "Catalogue", assets: "/", navigationBar: bar, snapshot: snapshot, revision: "7",
                         actions: readOnly ? nil : PageActions(urls: urls, keys: keys, csrf: "token-123", confirmingDeleteKey: confirming),
                         selectionMode: selection,
                         exportNote: readOnly ? "Exported from TableStack" : nil, links: Links(choosesRows: selection != nil))
    }

    /// The page's rows, by index path.
    static func rows(of root: XMLElement) -> [String: XMLElement] {
        Dictionary(uniqueKeysWithValues: root.all(having: "data-index-path").map { ($0.attributes["data-index-path"]!, $0) })
    }
}
