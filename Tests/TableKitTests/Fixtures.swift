import TableKit
import Foundation

/// A data source over a sectioned array of strings that records every question the table asks,
/// so tests can check UIKit's calling order and drive edits through the protocol.
final class RecordingDataSource: TableDataSource {
    var sections: [[String]]
    var headers: [String?]
    var indexTitles: [SectionIndexTitle]?
    var indexMapping: (String, Int) -> Int = { _, index in index }
    var commits = false
    var moves = false
    var style: CellStyle = .default
    var accessory: Accessory = .none
    var image: CellImage?
    var fixedFirstRow = false
    private(set) var calls: [String] = []

    init(_ sections: [[String]], headers: [String?] = []) {
        self.sections = sections
        self.headers = headers
    }

    func numberOfSections() -> Int {
        calls.append("sections")
        return sections.count
    }

    func numberOfRows(inSection section: Int) -> Int {
        calls.append("rows(\(section))")
        return sections[section].count
    }

    func cell(at indexPath: IndexPath) -> Cell {
        calls.append("cell(\(indexPath.textForm))")
        let text = sections[indexPath.section][indexPath.row]
        return Cell(key: text.lowercased(), text: text, image: image, style: style, accessory: accessory)
    }

    func titleForHeader(inSection section: Int) -> String? {
        calls.append("header(\(section))")
        return headers.indices.contains(section) ? headers[section] : nil
    }

    func sectionIndexTitles() -> [SectionIndexTitle]? {
        calls.append("indexTitles")
        return indexTitles
    }

    func section(forSectionIndexTitle title: String, at index: Int) -> Int { indexMapping(title, index) }
    func canMoveRow(at indexPath: IndexPath) -> Bool { !(fixedFirstRow && indexPath.row == 0) }
    var commitsEditing: Bool { commits }
    var movesRows: Bool { moves }

    func commit(_ editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws(TableKitError) {
        try sections.commit(editingStyle, at: indexPath, inserting: editingStyle == .insert ? "New Item" : nil)
    }

    func moveRow(from source: IndexPath, to destination: IndexPath) throws(TableKitError) {
        try sections.moveRow(from: source, to: destination)
    }
}
