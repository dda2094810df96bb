import Testing
import Foundation
import TableKit
import TableRender

/// Writes sample pages to `TABLESTACK_PREVIEW_DIR` (when set) so people can open them in a
/// browser or screenshot them: `make preview`. Without the variable it checks the samples only.
@Suite("Preview pages")
struct PreviewPages {
    static let publicFolder = URL(fileURLWithPath: Fixtures.templateFolder).deletingLastPathComponent().appendingPathComponent("Public").path

    static func samples() throws -> [(String, String)] {
        let renderer = PageRenderer(templates: Fixtures.templates)
        let assets = publicFolder + "/"
        let states = try IndexedCollation(localeIdentifier: "en_US")
        let names = ["Alabama", "Alaska", "Arizona", "Arkansas", "California", "Colorado", "Connecticut", "Delaware",
                     "Florida", "Georgia", "Hawaii", "Idaho", "Illinois", "Indiana", "Iowa", "Kansas", "Kentucky"]
        let collated = states.collate(names) { $0 }.map { $0.map { Cell(key: $0.lowercased(), text: $0, detailText: "Capital", style: .subtitle) } }
        let source = Fixtures.StaticSource(sections: collated, headers: collated.enumerated().map { states.titleForHeader(inSection: $0.offset, rowCount: $0.element.count) },
                                           indexTitles: states.sectionIndexTitles.map { SectionIndexTitle($0) })
        var indexed = try TableSnapshot.build(TableConfiguration(style: .plain), dataSource: source)
        indexed.headerTitle = nil
        indexed.footerTitle = nil
        func page(_ snapshot: TableSnapshot, title: String, back: String?, editing: Bool = false, selection: SelectionList.Mode? = nil,
                  confirming: String? = nil, readOnly: Bool = false) -> String {
            var model = Fixtures.page(snapshot, readOnly: readOnly, selection: selection, confirming: confirming)
            model.assets = assets
            model.navigationBar?.title = title
            model.navigationBar?.isLargeTitle = back == nil
            model.navigationBar?.back = back.map { LinkContext(href: "#", title: $0) }
            return renderer.render(model)
        }
        let settingsCells: [[Cell]] = [
            [Cell(key: "sound", text: "Sound Effects", accessory: .toggle(isOn: true), selectionStyle: .none),
             Cell(key: "volume", text: "Volume", accessory: .slider(Fixtures.slider), selectionStyle: .none)],
            [Cell(key: "name", text: "Name", detailText: "iPhone", style: .value1, accessory: .disclosureIndicator),
             Cell(key: "version", text: "Version", detailText: "17.2", style: .value1),
             Cell(key: "phone", text: "mobile", detailText: "(555) 010-2030", style: .value2)],
        ]
        let settings = try Fixtures.snapshot(style: .grouped, cells: settingsCells)
        let list = [(["Milk", "Eggs", "Bread", "Butter", "Add Item"]).map { Cell(key: $0.lowercased().replacingOccurrences(of: " ", with: "-"), text: $0) }]
        let categories = [["Work", "Home", "Errands", "Someday"].enumerated().map { Cell(key: $0.element.lowercased(), text: $0.element, accessory: $0.offset == 1 ? .checkmark : .none) }]
        return [
            ("plain", page(try Fixtures.snapshot(style: .plain), title: "Catalogue", back: "TableStack")),
            ("grouped", page(settings, title: "Settings", back: nil)),
            ("indexed", page(indexed, title: "States", back: "Examples")),
            ("editing", page(try Fixtures.snapshot(style: .plain, editing: true, cells: list), title: "Groceries", back: "Examples", editing: true)),
            ("confirm-delete", page(try Fixtures.snapshot(style: .plain, editing: true, cells: list), title: "Groceries", back: "Examples", editing: true, confirming: "eggs")),
            ("selection", page(try Fixtures.snapshot(style: .grouped, cells: categories), title: "Category", back: "Task", selection: .exclusive)),
            ("export", page(settings, title: "Settings", back: nil, readOnly: true)),
        ]
    }

    @Test("the sample pages are valid, and are written out when TABLESTACK_PREVIEW_DIR is set")
    func writePreviews() throws {
        let samples = try Self.samples()
        for (name, html) in samples {
            #expect(PageValidator.shared.validate(html, page: name).isEmpty, "\(name)")
        }
        guard let folder = ProcessInfo.processInfo.environment["TABLESTACK_PREVIEW_DIR"] else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, html) in samples {
            try Data(html.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent("\(name).html"))
        }
    }
}
