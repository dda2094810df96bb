import Foundation
import TableApp
import TableKit
import TableRender

extension Site {
    /// The table page of `page`, shown as `options` say, from `snapshot` when the caller has the
    /// controller's snapshot in the mode `options.showsEditing` says already.
    public func tablePage(_ page: SitePage, options: PageOptions, snapshot given: TableSnapshot? = nil) throws -> TablePage {
        try tablePage(page, options: options, snapshot: given, rowsGiven: [])
    }

    /// `tablePage`, for a page whose rows of the sections `rowsGiven` the caller puts in itself
    /// (an export copies them from its last file): where those rows lead is not asked, and the
    /// page must not be rendered with their rows.
    package func tablePage(_ page: SitePage, options: PageOptions, snapshot given: TableSnapshot?,
                           rowsGiven: Set<Int>) throws -> TablePage {
        let controller = page.controller
        let snapshot = try given ?? controller.snapshot(isEditing: options.showsEditing)
        // Only an app file's scene read whole hands on the arrays of untouched sections (see LinkAnswers).
        let linkMemory = page.scene.map { $0.window == nil } == true ? linkAnswers : nil
        let actions = options.csrf.map {
            PageActions(urls: urls, keys: page.path, csrf: $0, confirmingDeleteKey: options.state.confirmingDelete)
        }
        var commands: [CommandContext] = []
        if !options.isReadOnly, let scene = page.scene {
            // A page holding a window of a long list (sent while it is read) has not the rows a
            // batch's index paths name: its buttons go without the summary.
            let summarises = scene.window?.isWhole ?? true
            let batches = scene.scene.batchActions.compactMap { name in scene.app.batches[name].map { (name: name, batch: $0) } }
            commands = batches.enumerated().map { number, named in
                CommandContext(title: named.batch.title, action: urls.action(.runBatch, on: page.path), name: "batch", value: named.name,
                               summary: summarises ? BatchPreview.summary(of: named.batch, on: snapshot) : nil, summaryID: "batch-summary-\(number + 1)")
            }
        }
        return TablePage(
            documentTitle: documentTitle(page), language: language, assets: assets(page.path),
            navigationBar: navigationBar(page, options: options), snapshot: snapshot, revision: controller.revisionToken,
            actions: actions, selectionMode: controller.selectionMode, notice: options.notice, exportNote: options.exportNote,
            emptyMessage: controller.emptyMessage, links: SiteLinks(urls: urls, page: page, snapshot: snapshot, memory: linkMemory, skipping: rowsGiven),
            commands: commands)
    }

    /// The navigation bar of a page: the back button titled with the level below, Edit or Done,
    /// and Add where the page has an Add sheet.
    public func navigationBar(_ page: SitePage, options: PageOptions) -> NavigationBarContext {
        var bar = NavigationBarContext(title: page.title, isLargeTitle: page.path.isEmpty)
        if let backTitle = page.backTitle, let last = page.path.last {
            // The back link lands on the row this page was reached from (an info page: its item's row).
            let rowKey = last.hasSuffix(RowDestination.infoSuffix) ? String(last.dropLast(RowDestination.infoSuffix.count)) : last
            bar.back = LinkContext(href: urls.page(Array(page.path.dropLast()), from: page.path, row: rowKey), title: backTitle)
        }
        guard !options.isReadOnly else { return bar }
        if page.controller.showsEditButton {
            bar.edit = EditButtonContext(href: options.state.isEditing ? urls.page(page.path, from: page.path) : urls.editing(page.path),
                                         isDone: options.state.isEditing)
        }
        if page.scene?.scene.add != nil {
            let link = LinkContext(href: urls.addSheet(page.path), title: "Add")
            if options.state.isEditing { bar.addDisabled = link } else { bar.add = link }
        }
        return bar
    }

    /// The document title: the page's, then the app's below the root.
    public func documentTitle(_ page: SitePage) -> String {
        page.path.isEmpty ? page.title : "\(page.title) – \(storyboard.title)"
    }

    /// The title a browser shows for a sheet (Add, Edit, Move, Sign In): named by the site as a
    /// page below the first one is.
    public func documentTitle(sheet title: String) -> String {
        "\(title) – \(storyboard.title)"
    }
}
