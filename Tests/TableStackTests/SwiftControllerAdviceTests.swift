import Foundation
import TableStack
import Testing

/// A Swift controller's table is only known once a page is built, so TableKit's advice about it
/// (a disclosure accessory under an indexed list's index bar) is given then: once per
/// controller in the export's summary, as an app file's is given when it loads. And a Swift
/// controller draws custom cells with templates from the template folder.
@Suite("A Swift controller's advice and custom cells")
struct SwiftControllerAdviceTests {
    struct States: TableViewController {
        let names = ["Alabama", "Alaska", "Arizona", "Colorado"]
        var title: String { "States" }
        func numberOfSections() -> Int { 2 }
        func numberOfRows(inSection section: Int) -> Int { section == 0 ? 3 : 1 }
        func cell(at indexPath: IndexPath) -> Cell {
            let name = names[indexPath.section == 0 ? indexPath.row : 3]
            return Cell(key: name.lowercased(), text: name, accessory: .disclosureIndicator,
                        customView: indexPath.section == 1 ? TemplateView(name: "badge-cell", values: ["name": name]) : nil)
        }
        func titleForHeader(inSection section: Int) -> String? { section == 0 ? "A" : "C" }
        func sectionIndexTitles() -> [SectionIndexTitle]? { ["A", "C"] }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    @Test("the export says once that the index bar covers the rows' chevrons, and draws the custom cell from the template folder")
    func export() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-advice-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("templates")
        try FileManager.default.copyItem(at: Self.repository.appendingPathComponent("Templates"), to: templates)
        try FileManager.default.createDirectory(at: templates.appendingPathComponent("cells"), withIntermediateDirectories: true)
        try Data("<span class=\"badge\">{{name}}</span>".utf8).write(to: templates.appendingPathComponent("cells/badge-cell.mustache"))
        var server = TableStackServer(root: States(), title: "States")
        server.templatesFolder = templates.path
        server.publicFolder = Self.repository.appendingPathComponent("Public").path
        let summary = try await server.export(to: folder.appendingPathComponent("out").path)
        #expect(summary.problems.isEmpty, "\(summary.problems)")
        #expect(summary.warnings == ["States at /: warning: row 0.0: a disclosure-indicator accessory sits under the index bar of an indexed list; the guide gives indexed rows none"])
        let root = try String(contentsOf: folder.appendingPathComponent("out/index.html"), encoding: .utf8)
        #expect(root.contains("data-cell-template=\"badge-cell\"") && root.contains("<span class=\"badge\">Colorado</span>"))
    }
}
