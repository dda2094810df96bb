import Foundation
import TableKit
import TableRender

/// Where the rows of a page lead, as its controller's delegate says (`selectRow`,
/// `accessoryButtonTapped`), for the renderer. Nearly every row of a list pushes the page of its
/// own key, or toggles its checkmark, or leads nowhere; the linker keeps the commonest answer and
/// the rows that answer otherwise, so two linkers compare quickly however long the list (equal
/// linkers let rendered rows be reused).
struct SiteLinks: RowLinker {
    /// What selecting a row leads to, in the terms kept.
    private enum Selection: Hashable {
        case ownKey
        case segment(String)
        case choice
        case none
    }

    let urls: URLBuilder
    let path: [String]
    private let commonSelection: Selection
    private let selectionExceptions: [String: Selection]
    private let detailByDefault: Bool
    private let detailExceptions: [String: String?]

    init(urls: URLBuilder, page: SitePage) {
        self.urls = urls
        path = page.path
        let controller = page.controller
        var selections: [(String, Selection)] = []
        var details: [(String, String?)] = []
        for section in 0..<controller.numberOfSections() {
            for row in 0..<controller.numberOfRows(inSection: section) {
                let indexPath = IndexPath(row: row, section: section)
                let key = controller.cell(at: indexPath).key
                let selection: Selection = switch controller.selectRow(at: indexPath)?.outcome {
                case .toggleCheckmark?: .choice
                case let outcome?: RowDestination.segment(for: outcome).map { $0 == key ? .ownKey : .segment($0) } ?? .none
                case nil: .none
                }
                selections.append((key, selection))
                details.append((key, controller.detailSegment(ofRowAt: indexPath)))
            }
        }
        let counts = Dictionary(selections.map { ($0.1, 1) }, uniquingKeysWith: +)
        let common = [Selection.ownKey, .choice, .none].max { counts[$0, default: 0] < counts[$1, default: 0] } ?? .none
        commonSelection = common
        selectionExceptions = Dictionary(selections.filter { $0.1 != common }, uniquingKeysWith: { first, _ in first })
        let ownDetails = details.filter { $0.1 == $0.0 + RowDestination.infoSuffix }.count
        let byDefault = ownDetails * 2 > details.count
        detailByDefault = byDefault
        detailExceptions = Dictionary(details.filter { ($0.1 == $0.0 + RowDestination.infoSuffix) != byDefault },
                                      uniquingKeysWith: { first, _ in first })
    }

    func selection(for row: TableRow) -> RowLink {
        switch selectionExceptions[row.cell.key] ?? commonSelection {
        case .ownKey: .page(urls.page(path + [row.cell.key], from: path))
        case let .segment(segment): .page(urls.page(path + [segment], from: path))
        case .choice: .choice
        case .none: .none
        }
    }

    func detailLink(for row: TableRow) -> String? {
        let segment = detailExceptions[row.cell.key] ?? (detailByDefault ? row.cell.key + RowDestination.infoSuffix : nil)
        return segment.map { urls.page(path + [$0], from: path) }
    }
}
