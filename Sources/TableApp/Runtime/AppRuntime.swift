import Foundation
import TableKit
import TableStore

/// Why a path or an action cannot be served.
public enum RuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No scene at this path; `depth` says how many segments did resolve, to the scene titled
    /// `upTitle`.
    case notFound(path: [String], depth: Int, reason: String, upTitle: String)
    /// The app and the data disagree (a fixed scene's item is missing, say).
    case misconfigured(String)

    public var description: String {
        switch self {
        case let .notFound(_, _, reason, _): reason
        case let .misconfigured(reason): reason
        }
    }
}

/// Runs an app over a store: resolves navigation paths to loaded scenes.
public struct AppRuntime: Sendable {
    public let app: AppDefinition
    public let store: any DataStore
    /// The rows list scenes built last, updated by the next build rather than made again; `nil`
    /// builds every scene whole (an export, which shows each list once).
    package let sceneRows: SceneRowCache?

    /// Makes a runtime; a server passes a `SceneRowCache` so that a page after an edit is built
    /// from the last build of its list and the rows the edit touched.
    public init(app: AppDefinition, store: any DataStore, sceneRows: SceneRowCache? = nil) {
        self.app = app
        self.store = store
        self.sceneRows = sceneRows
    }

    /// The scene at `path` (segments from the root), with its data loaded.
    public func resolve(_ path: [String]) async throws -> ResolvedScene {
        try await resolve(path, window: nil)
    }

    /// The scene at `path`, each level made from the outcome its delegate gives the row the next
    /// segment names (`outcome(forSegment:)`), as the storyboard does for any controller. The
    /// last level loads only the rows at positions `window` when it is a list whose rows do not
    /// depend on where they stand in it (see `isWindowable`) and the window starts at an even
    /// row, so alternating backgrounds stay in step; any other scene loads whole, with `window`
    /// left `nil`.
    public func resolve(_ path: [String], window: Range<Int>?) async throws -> ResolvedScene {
        try await resolve(path, lastLevel: window.map { .window($0) } ?? .all)
    }

    /// The scene at `path` as its Add form needs it: the levels above loaded, its own list's
    /// revision read but none of its rows, since an add puts its item at the end whatever the
    /// rows are. So adding to a long list costs what adding to a short one does. A scene whose
    /// sections are lists of their own (nested), or that shows no list, loads whole.
    public func resolveForAdding(_ path: [String]) async throws -> ResolvedScene {
        try await resolve(path, lastLevel: .revisionOnly)
    }

    private func resolve(_ path: [String], lastLevel: RowsRead) async throws -> ResolvedScene {
        let levels = try await levels(along: path, lastLevel: lastLevel)
        return levels[levels.count - 1]
    }

    /// The scenes from the root to the one at `path`, which is read as `lastLevel` says, each
    /// made from the outcome of the row its segment names in the level below. A level above the
    /// last comes from `sceneRows.parents` while every list it depends on is certainly as it was
    /// loaded, and is kept there when loaded; the last is always loaded.
    private func levels(along path: [String], lastLevel: RowsRead) async throws -> [ResolvedScene] {
        let parents = sceneRows?.parents
        var levels: [ResolvedScene] = []
        levels.reserveCapacity(path.count + 1)
        for depth in 0...path.count {
            let isLast = depth == path.count
            if !isLast, let kept = parents?.scene(at: Array(path[..<depth]), in: store) {
                levels.append(kept)
                continue
            }
            let rows = isLast ? lastLevel : .all
            let scene: ResolvedScene
            if depth == 0 {
                scene = try await rootScene(rows: rows)
            } else {
                let parent = levels[depth - 1], segment = path[depth - 1]
                guard let outcome = parent.outcome(forSegment: segment), let next = try await self.scene(for: outcome, from: parent, rows: rows) else {
                    throw RuntimeError.notFound(path: path, depth: depth - 1,
                                                reason: "\"\(parent.title)\" has no row \"\(DocumentText.shortened(segment, to: 60))\" that leads further", upTitle: parent.title)
                }
                scene = next
            }
            if !isLast { parents?.keep(scene, in: store) }
            levels.append(scene)
        }
        return levels
    }

    /// Which of a list scene's rows a load reads.
    private enum RowsRead {
        /// Every row.
        case all
        /// Those at these positions (see `resolve(_:window:)`).
        case window(Range<Int>)
        /// None: only the list's revision (see `resolveForAdding`).
        case revisionOnly
    }

    /// The root scene, loaded.
    public func rootScene(window: Range<Int>? = nil) async throws -> ResolvedScene {
        try await rootScene(rows: window.map { .window($0) } ?? .all)
    }

    private func rootScene(rows: RowsRead) async throws -> ResolvedScene {
        guard let root = app.scene(app.rootScene) else { throw RuntimeError.misconfigured("no root scene \(app.rootScene)") }
        return try await load(root, item: nil, itemList: nil, itemRevision: nil, path: [], stack: NavigationStack(root: .init(scene: root.name, title: "")),
                              isInfo: false, rows: allowed(rows, for: root))
    }

    /// The scene `outcome` leads to from `parent`: the segue's scene, showing the item of the
    /// row it names (or, for a fixed cell, the parent's own item).
    public func scene(for outcome: SelectionOutcome, from parent: ResolvedScene, window: Range<Int>? = nil) async throws -> ResolvedScene? {
        try await scene(for: outcome, from: parent, rows: window.map { .window($0) } ?? .all)
    }

    private func scene(for outcome: SelectionOutcome, from parent: ResolvedScene, rows: RowsRead) async throws -> ResolvedScene? {
        let name: String, key: String
        switch outcome {
        case let .push(scene, itemKey), let .showDetail(scene, itemKey): (name, key) = (scene, itemKey)
        case .toggleCheckmark, .none: return nil
        }
        guard let next = app.scene(name), let segment = RowDestination.segment(for: outcome), let (row, _) = parent.row(forKey: key) else {
            return nil
        }
        var item = parent.item, itemList = parent.itemList
        if case let .item(rowItem, list, _) = row.origin { (item, itemList) = (rowItem, list) }
        let above = parent.dependencyRevisions
        var resolved = try await load(next, item: item, itemList: itemList, itemRevision: itemList.flatMap { above[$0] },
                                      path: parent.path + [segment], stack: parent.stack,
                                      isInfo: { if case .showDetail = outcome { true } else { false } }(),
                                      rows: allowed(rows, for: next))
        resolved.ancestorRevisions = above
        return resolved
    }

    /// `rows`, or all of them where the scene cannot be loaded that way.
    private func allowed(_ rows: RowsRead, for scene: SceneDefinition) -> RowsRead {
        switch rows {
        case .all: return .all
        case let .window(window): return Self.isWindowable(scene) && window.lowerBound.isMultiple(of: 2) ? rows : .all
        case .revisionOnly:
            guard case let .list(binding) = scene.content else { return .all }
            if case .nested = binding.sections { return .all }
            return .revisionOnly
        }
    }

    /// The list a list scene shows: its item's relationship, or a root list for a scene reached
    /// without an item.
    static func list(_ binding: ListBinding, of item: StoredItem?, in itemList: ListID?) -> ListID {
        guard let item, let itemList else { return .root(binding.relationship) }
        return itemList.child(of: item.key, relationship: binding.relationship)
    }

    /// Whether a scene's rows can be loaded a window at a time (see `resolve(_:window:)`): its
    /// rows must not depend on where they stand, so no editing rule that treats the last row
    /// apart and no moves (whose rules fix rows at either end).
    public static func isWindowable(_ scene: SceneDefinition) -> Bool {
        guard case let .list(binding) = scene.content, binding.index == nil, binding.placeholder == nil,
              scene.editing?.rule.lastRowStyle == nil, scene.moves == nil, case .single = binding.sections else { return false }
        return true
    }

    /// Loads `scene` showing `item` of `itemList`, which the level above read at `itemRevision`.
    /// A scene records, for every list it depends on, a revision no later than the contents it
    /// took from it: a commit landing during the load then makes it look older than it is, so
    /// what is kept by revision is made again, never kept with old contents under a new number.
    private func load(_ scene: SceneDefinition, item: StoredItem?, itemList: ListID?, itemRevision: Int?, path: [String],
                      stack: NavigationStack, isInfo: Bool, rows: RowsRead) async throws -> ResolvedScene {
        var item = item
        var itemList = itemList
        var revisions: [ListID: Int] = [:]
        var sections: [SceneSection] = []
        var sectionIndex: SectionIndexMapping?
        var rowWindow: RowWindow?

        switch scene.content {
        case let .fixed(fixedSections, reference):
            if let reference {
                let list = ListID.root(reference.list)
                revisions[list] = try await store.revision(of: list)
                guard let found = try await store.item(reference.key, in: list) else {
                    throw RuntimeError.misconfigured("scene \(scene.name) shows item \"\(reference.key)\" of list \(reference.list), which is not in the data")
                }
                item = found
                itemList = list
            }
            sections = fixedSections.map { section in
                SceneSection(headerTitle: section.headerTitle, footerTitle: section.footerTitle,
                             rows: section.cells.map { fixedRow($0, item: item) }, list: nil)
            }
        case let .list(binding):
            let listID = Self.list(binding, of: item, in: itemList)
            if case .revisionOnly = rows {
                revisions[listID] = try await store.revision(of: listID)
                break
            }
            let list: StoredList
            if case let .window(window) = rows {
                let read = try await store.list(listID, positions: window)
                list = read.list
                rowWindow = RowWindow(range: min(window.lowerBound, read.count)..<min(window.upperBound, read.count), total: read.count)
            } else {
                list = try await store.list(listID)
            }
            revisions[listID] = list.revision
            let loaded = try await ListLoader(store: store, binding: binding, selection: binding.selection, isReorderable: scene.moves != nil,
                                              memory: rowWindow == nil ? sceneRows.map { ($0, scene.name) } : nil)
                .sections(of: list, firstPosition: rowWindow?.range.lowerBound ?? 0)
            sections = loaded.sections
            sectionIndex = loaded.sectionIndex
            for (id, revision) in loaded.revisions { revisions[id] = revision }
        case let .detail(detail):
            sections = detail.sections.map { section in
                SceneSection(headerTitle: section.headerTitle, footerTitle: nil,
                             rows: section.fields.map { detailRow($0, item: item) } + section.cells.map { fixedRow($0, item: item) },
                             list: nil)
            }
        }
        // A scene showing its item's own fields or cells edits the list that item stands in.
        let showsList: Bool
        if case .list = scene.content { showsList = true } else { showsList = false }
        if let itemList, !showsList, revisions[itemList] == nil {
            if let itemRevision { revisions[itemList] = itemRevision } else { revisions[itemList] = try await store.revision(of: itemList) }
        }

        var stack = stack
        let title = scene.title.render(item?.attributes ?? [:])
        if path.isEmpty {
            stack = NavigationStack(root: .init(scene: scene.name, title: title))
        } else {
            stack.push(scene: scene.name, itemKey: path[path.count - 1], title: title)
        }
        var resolved = ResolvedScene(app: app, scene: scene, store: store, path: path, stack: stack, item: item, itemList: itemList,
                                     sections: sections, sectionIndex: sectionIndex, revisions: revisions, isInfo: isInfo, ancestorRevisions: [:])
        resolved.window = rowWindow
        if case .all = rows, showsList { resolved.snapshotMemory = sceneRows?.snapshots }
        return resolved
    }

    private func fixedRow(_ cell: FixedCell, item: StoredItem?) -> SceneRow {
        var accessory: Accessory?
        if let attribute = cell.toggle {
            accessory = .toggle(isOn: item?[attribute]?.bool ?? false)
        } else if let binding = cell.slider {
            accessory = binding.accessory(showing: item?[binding.attribute]?.number)
        }
        var built = cell.prototype.cell(key: cell.key, item: item, accessory: accessory)
        if accessory != nil { built.selectionStyle = .none }
        return SceneRow(cell: built, origin: .fixed(key: cell.key), push: cell.push, isSelectable: cell.prototype.isSelectable)
    }

    private func detailRow(_ field: FieldDefinition, item: StoredItem?) -> SceneRow {
        var value = item?[field.attribute]?.description ?? ""
        if let unit = field.unit, !value.isEmpty { value += " " + unit }
        // A yes-or-no fact about the item reads as one ("Dogs Allowed: Yes"); "On" is for settings.
        if field.kind == .toggle { value = item?[field.attribute]?.bool == true ? "Yes" : "No" }
        let cell = Cell(key: "field-" + field.attribute, text: field.label, detailText: value, style: .value1, selectionStyle: .none)
        return SceneRow(cell: cell, origin: .field(attribute: field.attribute), push: nil, isSelectable: false)
    }
}

/// The app file's scenes are a storyboard: the server and the export reach every page through it.
extension AppRuntime: TableStoryboard {
    public var title: String { app.title }
    public var language: String { app.language }

    public func rootViewController() async throws -> any TableViewController { try await rootScene() }

    /// The levels above the page come from the runtime's memory of them while the store is
    /// certain that no list they depend on changed (see `levels(along:lastLevel:)`). Throws
    /// `RuntimeError.notFound` for a segment that leads nowhere.
    public func viewControllers(along path: [String]) async throws -> [any TableViewController] {
        try await levels(along: path, lastLevel: .all).map { $0 }
    }

    public func viewController(for outcome: SelectionOutcome, from parent: any TableViewController) async throws -> (any TableViewController)? {
        guard let parent = parent as? ResolvedScene else { return nil }
        return try await scene(for: outcome, from: parent)
    }
}
