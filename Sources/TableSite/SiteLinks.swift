import Foundation
import TableApp
import TableKit
import TableRender

/// Where the rows of a page lead, as its controller's delegate says (`selectRow`,
/// `accessoryButtonTapped`), for the renderer. Nearly every row of a list pushes the page of its
/// own key, or toggles its checkmark, or leads nowhere; the linker keeps the commonest answer and
/// the rows that answer otherwise, so two linkers compare quickly however long the list (equal
/// linkers let rendered rows be reused).
struct SiteLinks: RowLinker {
    /// What selecting a row leads to, in the terms kept.
    enum Selection: Hashable {
        case ownKey
        case segment(String)
        case choice
        case none
    }

    let urls: URLBuilder
    let path: [String]
    /// The links to this page's children, which nearly every row is.
    private let children: URLBuilder.ChildLinks
    private let commonSelection: Selection
    private let selectionExceptions: [String: Selection]
    private let detailByDefault: Bool
    private let detailExceptions: [String: String?]
    /// The sections whose rows were not asked about, which are never to be looked up.
    private let skipped: Set<Int>

    /// Asks the delegate about every row of `page`, whose cells `snapshot` holds, but for the
    /// sections `memory` has the answers of. The rows of the sections `skipped` are not asked
    /// about: a linker made so must not be asked where they lead (their page is not rendered
    /// from it, as an export's rows copied from its last file are not).
    init(urls: URLBuilder, page: SitePage, snapshot: TableSnapshot, memory: LinkAnswers? = nil, skipping skipped: Set<Int> = []) {
        self.urls = urls
        self.skipped = skipped
        path = page.path
        children = urls.childLinks(of: page.path)
        let controller = page.controller
        // Answers per row, kept as plain codes and tallied in plain counters: a segment string
        // made, or a dictionary entry hashed, for each of 10,000 rows only to count it cost more
        // than the rest of the page.
        var answers: [RowAnswers] = []
        // The segments of the rows that lead elsewhere than their own pages, which `answers` number.
        var segments: [String] = []
        answers.reserveCapacity(snapshot.sections.reduce(0) { $0 + $1.rows.count })
        // Asked once, not per row: the configuration fills the table's header and footer titles.
        let configuration = controller.tableConfiguration(isEditing: snapshot.isEditing)
        for (sectionNumber, section) in snapshot.sections.enumerated() where !skipped.contains(sectionNumber) {
            let known = memory?.kept(path: path, isEditing: snapshot.isEditing, section: sectionNumber, rowCount: section.rows.count)
            if let known, known.rows.hasSameStorage(as: section.rows) {
                RowAnswers.append(known.answers, segments: known.segments, to: &answers, segments: &segments)
                continue
            }
            let sceneRows = memory == nil ? [] : Self.sceneRows(of: page, section: sectionNumber, count: section.rows.count)
            let carried = known?.carried(rowCount: section.rows.count, sceneRows: sceneRows) ?? []
            let first = answers.count, firstSegment = segments.count
            // The answers kept are taken over whole and those of the rows not carried replaced in
            // the copy (the kept ones stay in the memory, shared: a page rendered at once by
            // several streams reads them).
            if let known, !carried.isEmpty {
                RowAnswers.append(known.answers, segments: known.segments, to: &answers, segments: &segments)
            }
            var asked = 0
            for rowNumber in section.rows.indices where carried.isEmpty || !carried[rowNumber] {
                asked += 1
                let indexPath = IndexPath(row: rowNumber, section: sectionNumber)
                let key = section.rows[rowNumber].cell.key
                let selection: Selection = switch controller.selectRow(at: indexPath, in: configuration)?.outcome {
                case .toggleCheckmark?: .choice
                case let .push(_, itemKey)? where itemKey == key: .ownKey
                case let outcome?: RowDestination.segment(for: outcome).map(Selection.segment) ?? .none
                case nil: .none
                }
                let detail: String?? = switch controller.accessoryButtonTapped(forRowAt: indexPath) {
                case let .showDetail(_, itemKey) where itemKey == key: nil
                case let outcome: .some(RowDestination.segment(for: outcome))
                }
                let answer = RowAnswers(selection: selection, detail: detail, segments: &segments)
                if carried.isEmpty {
                    answers.append(answer)
                } else {
                    answers[first + rowNumber] = answer
                }
            }
            memory?.keep(section.rows, path: path, isEditing: snapshot.isEditing, section: sectionNumber, asked: asked) {
                let kept = RowAnswers.section(answers[first...], segments: segments, from: firstSegment)
                return LinkAnswers.Section(rows: section.rows, sceneRows: sceneRows, answers: kept.answers, segments: kept.segments)
            }
        }
        var ownKeys = 0, choices = 0, nones = 0
        for answer in answers {
            switch answer.selection(in: segments) {
            case .ownKey: ownKeys += 1
            case .choice: choices += 1
            case .none: nones += 1
            case .segment: break
            }
        }
        let common: Selection = ownKeys >= choices && ownKeys >= nones ? .ownKey : choices >= nones ? .choice : .none
        commonSelection = common
        let owned = answers.count(where: \.showsOwnInfo)
        let byDefault = owned > answers.count - owned
        detailByDefault = byDefault
        var selectionExceptions: [String: Selection] = [:]
        var detailExceptions: [String: String?] = [:]
        var position = 0
        for (sectionNumber, section) in snapshot.sections.enumerated() where !skipped.contains(sectionNumber) {
            for rowNumber in section.rows.indices {
                defer { position += 1 }
                // Most rows answer as the rest: their keys are not read.
                let answer = answers[position]
                let selection = answer.selection(in: segments)
                let isSelectionException = selection != common
                guard isSelectionException || answer.showsOwnInfo != byDefault else { continue }
                let key = section.rows[rowNumber].cell.key
                if isSelectionException, selectionExceptions[key] == nil { selectionExceptions[key] = selection }
                // The rows answering otherwise than the default, the first row of a key winning.
                switch (byDefault, answer.detail(in: segments)) {
                case let (true, other?) where detailExceptions[key] == nil: detailExceptions[key] = other
                case (false, nil) where detailExceptions[key] == nil: detailExceptions[key] = key + RowDestination.infoSuffix
                default: break
                }
            }
        }
        self.selectionExceptions = selectionExceptions
        self.detailExceptions = detailExceptions
    }

    /// The scene rows section `section` of an app file's scene was built from, when they are one
    /// for one with its `count` table rows; empty otherwise.
    private static func sceneRows(of page: SitePage, section: Int, count: Int) -> [SceneRow] {
        guard let scene = page.scene, scene.sections.indices.contains(section), scene.sections[section].rows.count == count else { return [] }
        return scene.sections[section].rows
    }

    func selection(for row: TableRow) -> RowLink {
        assert(!skipped.contains(row.indexPath.section), "a row of a section the linker skipped")
        return switch selectionExceptions[row.cell.key] ?? commonSelection {
        case .ownKey: .page(children.link(row.cell.key))
        case let .segment(segment): .page(children.link(segment))
        case .choice: .choice
        case .none: .none
        }
    }

    func detailLink(for row: TableRow) -> String? {
        assert(!skipped.contains(row.indexPath.section), "a row of a section the linker skipped")
        let segment = detailExceptions[row.cell.key] ?? (detailByDefault ? row.cell.key + RowDestination.infoSuffix : nil)
        return segment.map(children.link)
    }
}
