import Foundation

import TableKit

/// Turns pages into HTML through a validated template set. Rows are rendered once and reused
/// while their context is unchanged; everything else is cheap to render per request.
public final class PageRenderer: Sendable {
    /// The templates in use.
    public let templates: TemplateSet
    private let rowCache: RowCache
    private let rowTemplate: CompiledTemplate
    private let tableTemplate: CompiledTemplate
    private let layoutTemplate: CompiledTemplate

    /// Makes a renderer over `templates`, keeping up to `rowCacheCapacity` rendered rows. With
    /// `compilesTemplates` off, every template goes through Mustache (what the compiled plans
    /// are tested against).
    public init(templates: TemplateSet, rowCacheCapacity: Int = 200_000, compilesTemplates: Bool = true) {
        self.templates = templates
        self.rowCache = RowCache(capacity: rowCacheCapacity)
        rowTemplate = CompiledTemplate(.row, isEnabled: compilesTemplates)
        tableTemplate = CompiledTemplate(.table, isEnabled: compilesTemplates)
        layoutTemplate = CompiledTemplate(.layout, isEnabled: compilesTemplates)
    }

    /// How many rows were rendered rather than reused since the renderer was made.
    public var renderedRowCount: Int { rowCache.renderCount }

    /// The whole HTML document of a table page. With `remembersRows` off its rows are not kept
    /// for reuse (an export renders each page once).
    public func render(_ page: TablePage, remembersRows: Bool = true) -> String {
        let main = renderMainParts(page, remembersRows: remembersRows)
        return RowsMarker.assemble(shell(of: page), content: main.html, rows: main.rows.map(\.text))
    }

    /// The whole HTML document of a table page for an export, which keeps no rows: the sections
    /// `reused` names (by number) take the HTML it gives for their rows, which must be what
    /// rendering them gives (the HTML an earlier render of the very same rows left in a file),
    /// and only the other sections' rows are rendered. Also where each section's rows stand in
    /// the document (UTF-8 offsets; `nil` for a section without rows, or whose rows an app's
    /// table template shows twice).
    public func renderForExport(_ page: TablePage, reusing reused: [Int: Substring] = [:]) -> (html: String, rowRanges: [Range<Int>?]) {
        let main = renderMainParts(page, remembersRows: false, reusing: Set(reused.keys))
        var placed: [Range<Int>?]? = []
        let rows = main.rows.indices.map { reused[$0] ?? main.rows[$0].text[...] }
        let html = RowsMarker.assemble(shell(of: page), content: main.html, rows: rows, placing: &placed)
        return (html, placed ?? [])
    }

    /// A one-section table page in two parts — everything before its rows, everything after —
    /// so that a long list can be sent while its rows are still being rendered and read: the head
    /// at once, the rows from `renderRows`, the tail last. No row is rendered here. `nil` for a
    /// page of more than one section.
    public func renderStreamed(_ page: TablePage) -> (head: String, tail: String)? {
        guard page.snapshot.sections.count == 1 else { return nil }
        let main = renderMainParts(page, remembersRows: false, reusing: [0])
        let whole = RowsMarker.assemble(shell(of: page), content: main.html, rows: [RowsMarker.rows(0)])
        // The section's rows stand in one place only, or the page cannot be sent in parts.
        guard let (head, tail) = TextSplice.split(whole[...], at: RowsMarker.rows(0)),
              TextSplice.split(tail, at: RowsMarker.rows(0)) == nil else { return nil }
        return (String(head), String(tail))
    }

    /// The rows `rows` of a one-section page's section (all of them by default), joined. Rows of
    /// streamed lists are not kept for reuse, so a long list does not fill the memory.
    public func renderRows(_ page: TablePage, _ rows: Range<Int>? = nil) -> String {
        guard let section = page.snapshot.sections.first else { return "" }
        let range = rows.map { $0.clamped(to: section.rows.indices) } ?? section.rows.indices
        return section.rows[range].map { row in rowHTML(row, on: page) }.joined()
    }

    /// A table page's document with the content marker where its `<main>` goes.
    private func shell(of page: TablePage) -> String {
        layout(documentTitle: page.documentTitle, language: page.language, assets: page.assets, kind: "table",
               navigationBar: page.navigationBar, notice: page.notice, exportNote: page.exportNote,
               content: RowsMarker.content, usesRowHeights: Self.usesRowHeights(page))
    }

    /// One row's HTML on `page`.
    private func rowHTML(_ row: TableRow, on page: TablePage) -> String {
        rowTemplate.render(RowContextBuilder.context(for: row, on: page, templates: templates), templates: templates)
    }

    /// The `<main>` element with a marker where each section's rows go, and the rows. The long
    /// parts of a page are put together once, at the end, instead of passing through every
    /// template around them.
    /// (`cores`: how many a page's rows not kept may be rendered on at once; the sections
    /// `reused` names, of a page whose rows are not kept, are left without rows, for the caller
    /// to fill.)
    func renderMainParts(_ page: TablePage, remembersRows: Bool = true, cores: Int = RenderedRows.cores,
                         reusing reused: Set<Int> = []) -> (html: String, rows: [RenderedRows]) {
        let snapshot = page.snapshot
        let revision = page.revision
        let title = page.title
        // The row cache's key, only when rows are kept (AnyHashable of the links costs).
        let state = remembersRows ? RowCache.PageState(actions: page.actions, isEditing: snapshot.isEditing, selectionMode: page.selectionMode,
                                                       assets: page.assets, links: AnyHashable(page.links)) : nil
        let render = { @Sendable (row: TableRow) in self.rowHTML(row, on: page) }
        let sectionRows = state.map { state in
            snapshot.sections.enumerated().map { number, section in rowCache.html(for: section.rows, section: number, title: section.headerTitle, state: state, render: render) }
        } ?? RenderedRows.rendering(reused.isEmpty ? snapshot.sections : snapshot.sections.enumerated().map { number, section in
            reused.contains(number) ? TableSection(rows: []) : section
        }, cores: cores, render: render)
        let sections = snapshot.sections.enumerated().map { number, section in
            let headerView = section.headerView.flatMap { templates.render($0, kind: .section) }
            let hiddenHeading: String? = section.headerTitle == nil && headerView == nil && !section.rows.isEmpty
                ? (snapshot.sections.count == 1 ? title : "\(title), section \(number + 1)") : nil
            return SectionContext(number: number, headerTitle: section.headerTitle, hiddenHeading: hiddenHeading,
                                  footerTitle: section.footerTitle, hasRows: !section.rows.isEmpty, rows: RowsMarker.rows(number),
                                  headerView: headerView, footerView: section.footerView.flatMap { templates.render($0, kind: .section) })
        }
        let index = snapshot.sectionIndex.map { index in
            SectionIndexContext(label: "Section index", entries: index.entries.map {
                let label = $0.accessibilityLabel == $0.title ? nil : $0.accessibilityLabel
                return IndexEntryContext(title: $0.title, accessibilityLabel: label,
                                         language: label == nil ? nil : $0.accessibilityLanguage, section: $0.section)
            })
        }
        let form = page.actions.map { FormContext(action: $0.action(.update), csrf: $0.csrf, revision: revision) }
        let table = TableContext(
            style: snapshot.style.rawValue, isIndexed: snapshot.isIndexed, isEditing: snapshot.isEditing,
            revision: revision, headerTitle: snapshot.headerTitle, hasTitleHeader: snapshot.headerStyle == .title,
            footerTitle: snapshot.footerTitle,
            sections: sections, sectionIndex: index, actionForm: form,
            isEmpty: snapshot.sections.allSatisfy { $0.rows.isEmpty }, emptyMessage: page.emptyMessage,
            commands: page.actions == nil ? [] : page.commands,
            notes: snapshot.warnings.filter(\.isShownOnPage).map { TextLineContext(text: $0.description) }, live: page.live,
            radioGroup: page.choiceRole == "radio" && snapshot.sections.contains { $0.rows.contains(where: \.isSelectable) } ? title : nil)
        return (tableTemplate.render(table, templates: templates), sectionRows)
    }

    /// The whole HTML document of a modal sheet (an Add or edit form).
    public func render(sheet: SheetContext, documentTitle: String, language: String = "en", assets: String,
                       navigationBar: NavigationBarContext?) -> String {
        layout(documentTitle: documentTitle, language: language, assets: assets, kind: "sheet",
               navigationBar: navigationBar, notice: nil, exportNote: nil,
               content: templates.render(sheet, with: .sheet))
    }

    /// The whole HTML document of an error page.
    public func render(error: ErrorContext, language: String = "en", assets: String) -> String {
        let bar = NavigationBarContext(title: error.reason, back: error.up)
        return layout(documentTitle: "\(error.status) \(error.reason)", language: language, assets: assets, kind: "error",
                      navigationBar: bar, notice: nil, exportNote: nil, content: templates.render(error, with: .error))
    }

    private func layout(documentTitle: String, language: String, assets: String, kind: String,
                        navigationBar: NavigationBarContext?, notice: String?, exportNote: String?,
                        content: String, usesRowHeights: Bool = false) -> String {
        layoutTemplate.render(PageContext(documentTitle: documentTitle, language: language, assets: assets, kind: kind,
                                          navigationBar: navigationBar, notice: notice, content: content,
                                          exportNote: exportNote, usesRowHeights: usesRowHeights), templates: templates)
    }

    private static func usesRowHeights(_ page: TablePage) -> Bool {
        page.snapshot.sections.contains { $0.rows.contains { $0.cell.rowHeight != nil } }
    }
}

extension PageRenderer {
    /// A weak ETag for a page: the revisions of the lists it shows, the template set, and whatever
    /// else makes the bytes differ (`variant`: editing state, query, the session's form token).
    public func etag(revisions: [Int], variant: String) -> String {
        Self.etag(prefix: etagPrefix(revisions: revisions), variant: variant)
    }

    /// The part of an ETag the lists' revisions and the templates decide, which a page kept for
    /// many requests keeps with it.
    public func etagPrefix(revisions: [Int]) -> String {
        "W/\"" + revisions.map(String.init).joined(separator: ".") + "-" + templates.fingerprint + "-"
    }

    /// The ETag of a page whose `etagPrefix` is `prefix`.
    public static func etag(prefix: String, variant: String) -> String {
        prefix + Fingerprint.hex(of: variant) + "\""
    }
}
