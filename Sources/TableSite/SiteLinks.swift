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

    /// Asks the delegate about every row of `page`, whose cells `snapshot` holds.
    init(urls: URLBuilder, page: SitePage, snapshot: TableSnapshot) {
        self.urls = urls
        path = page.path
        let controller = page.controller
        // Tallies and answers per row, kept as the outcomes themselves: a segment string made
        // for each of 10,000 rows only to compare it cost more than the rest of the page.
        var tally: [Selection: Int] = [.ownKey: 0, .choice: 0, .none: 0]
        var selections: [(key: String, selection: Selection)] = []
        var ownDetails: [String] = []
        var otherDetails: [(key: String, segment: String?)] = []
        selections.reserveCapacity(snapshot.sections.reduce(0) { $0 + $1.rows.count })
        for (sectionNumber, section) in snapshot.sections.enumerated() {
            for (rowNumber, tableRow) in section.rows.enumerated() {
                let indexPath = IndexPath(row: rowNumber, section: sectionNumber)
                let key = tableRow.cell.key
                let selection: Selection = switch controller.selectRow(at: indexPath, isEditing: snapshot.isEditing)?.outcome {
                case .toggleCheckmark?: .choice
                case let .push(_, itemKey)? where itemKey == key: .ownKey
                case let outcome?: RowDestination.segment(for: outcome).map(Selection.segment) ?? .none
                case nil: .none
                }
                tally[selection]? += 1
                selections.append((key, selection))
                switch controller.accessoryButtonTapped(forRowAt: indexPath) {
                case let .showDetail(_, itemKey) where itemKey == key: ownDetails.append(key)
                case let outcome: otherDetails.append((key, RowDestination.segment(for: outcome)))
                }
            }
        }
        let common = [Selection.ownKey, .choice, .none].max { tally[$0, default: 0] < tally[$1, default: 0] } ?? .none
        commonSelection = common
        selectionExceptions = Dictionary(selections.lazy.filter { $0.selection != common }.map { ($0.key, $0.selection) },
                                         uniquingKeysWith: { first, _ in first })
        let byDefault = ownDetails.count > otherDetails.count
        detailByDefault = byDefault
        detailExceptions = byDefault
            ? Dictionary(otherDetails.lazy.map { ($0.key, $0.segment) }, uniquingKeysWith: { first, _ in first })
            : Dictionary(ownDetails.lazy.map { ($0, $0 + RowDestination.infoSuffix) }, uniquingKeysWith: { first, _ in first })
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
