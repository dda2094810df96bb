import Foundation
import TableApp
import TableKit
import TableRender
import TableStore

/// An app ready to be shown: its runtime, the renderer and the URL builder. The server and the
/// static export share one, so a page is rendered one way only.
public struct Site: Sendable {
    public let runtime: AppRuntime
    public let renderer: PageRenderer
    public let urls: URLBuilder

    /// Makes a site.
    public init(runtime: AppRuntime, renderer: PageRenderer, urls: URLBuilder) {
        self.runtime = runtime
        self.renderer = renderer
        self.urls = urls
    }

    /// The same site with another URL builder (an export's relative links).
    public func with(urls: URLBuilder) -> Site { Site(runtime: runtime, renderer: renderer, urls: urls) }
}

/// How a page is shown: the view state that lives in the URL, and what the request adds.
public struct PageOptions: Sendable {
    public var isEditing = false
    /// The row whose Delete button shows (the confirmation step).
    public var confirmingDelete: String?
    public var notice: String?
    /// The form token; `nil` renders a read-only page.
    public var csrf: String?
    public var exportNote: String?

    public init(isEditing: Bool = false, confirmingDelete: String? = nil, notice: String? = nil, csrf: String? = nil, exportNote: String? = nil) {
        self.isEditing = isEditing
        self.confirmingDelete = confirmingDelete
        self.notice = notice
        self.csrf = csrf
        self.exportNote = exportNote
    }

    var isReadOnly: Bool { csrf == nil }
}

/// Where rows lead on a site: selecting pushes the row's scene, the detail button opens its info page.
/// Equal linkers give equal rows equal links, which is what lets rendered rows be reused.
struct SiteLinks: RowLinker {
    let urls: URLBuilder
    let path: [String]
    let hasInfo: Bool
    /// Which rows push, kept as the smaller side: in a list nearly every row pushes, in a static
    /// table few do, so comparing two linkers stays cheap however long the list.
    private let pushesByDefault: Bool
    private let exceptions: Set<String>

    init(urls: URLBuilder, path: [String], rows: [SceneRow], hasInfo: Bool) {
        self.urls = urls
        self.path = path
        self.hasInfo = hasInfo
        let byDefault = rows.filter { $0.push != nil }.count * 2 > rows.count
        pushesByDefault = byDefault
        exceptions = Set(rows.filter { ($0.push != nil) != byDefault }.map { $0.cell.key })
    }

    func link(for row: TableRow) -> String? {
        exceptions.contains(row.cell.key) != pushesByDefault ? urls.page(path + [row.cell.key], from: path) : nil
    }

    func detailLink(for row: TableRow) -> String? {
        hasInfo ? urls.page(path + [row.cell.key + AppRuntime.infoSuffix], from: path) : nil
    }
}

extension Site {
    /// The table page of a scene.
    public func tablePage(_ scene: ResolvedScene, options: PageOptions) throws -> TablePage {
        let snapshot = try scene.snapshot(isEditing: options.isEditing && !options.isReadOnly)
        let links = SiteLinks(urls: urls, path: scene.path, rows: scene.sections.flatMap { $0.rows },
                              hasInfo: scene.listBinding?.detail != nil)
        let actions = options.csrf.map { PageActions(urls: urls, keys: scene.path, csrf: $0, confirmingDeleteKey: options.confirmingDelete) }
        return TablePage(
            documentTitle: documentTitle(scene), language: scene.app.language, assets: assets(scene.path),
            navigationBar: navigationBar(scene, options: options), snapshot: snapshot, revision: scene.revisionToken,
            actions: actions, selectionMode: scene.selection?.mode, notice: options.notice, exportNote: options.exportNote,
            emptyMessage: scene.scene.emptyMessage, links: links,
            commands: options.isReadOnly ? [] : scene.scene.batchActions.compactMap { name in
                scene.app.batches[name].map { CommandContext(title: $0.title, action: urls.action("run-batch", on: scene.path), name: "batch", value: name) }
            })
    }

    /// The navigation bar of a scene's page.
    func navigationBar(_ scene: ResolvedScene, options: PageOptions) -> NavigationBarContext {
        var bar = NavigationBarContext(title: scene.title, isLargeTitle: scene.path.isEmpty)
        if let backTitle = scene.stack.backTitle, let last = scene.path.last {
            let parent = Array(scene.path.dropLast())
            // The back link lands on the row this page was reached from (an info page: its item's row).
            let rowKey = last.hasSuffix(AppRuntime.infoSuffix) ? String(last.dropLast(AppRuntime.infoSuffix.count)) : last
            bar.back = LinkContext(href: urls.page(parent, from: scene.path) + "#" + RowAnchor.id(for: rowKey), title: backTitle)
        }
        guard !options.isReadOnly else { return bar }
        if scene.canEdit {
            bar.edit = EditButtonContext(href: urls.page(scene.path, from: scene.path, query: options.isEditing ? [] : [("editing", "1")]),
                                         isDone: options.isEditing)
        }
        if scene.scene.add != nil {
            let link = LinkContext(href: urls.page(scene.path, from: scene.path, query: [("add", "1")]), title: "Add")
            if options.isEditing { bar.addDisabled = link } else { bar.add = link }
        }
        return bar
    }

    func documentTitle(_ scene: ResolvedScene) -> String {
        scene.path.isEmpty ? scene.title : "\(scene.title) – \(scene.app.title)"
    }

    func assets(_ path: [String]) -> String { urls.assets(from: path) + "_assets/" }
}
