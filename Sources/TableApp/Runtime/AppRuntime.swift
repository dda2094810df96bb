import Foundation
import TableKit
import TableStore

/// Why a path or an action cannot be served.
public enum RuntimeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No scene at this path; `depth` says how many segments did resolve.
    case notFound(path: [String], depth: Int, reason: String)
    /// The app and the data disagree (a fixed scene's item is missing, say).
    case misconfigured(String)

    public var description: String {
        switch self {
        case let .notFound(_, _, reason): reason
        case let .misconfigured(reason): reason
        }
    }
}

/// Runs an app over a store: resolves navigation paths to loaded scenes.
public struct AppRuntime: Sendable {
    public let app: AppDefinition
    public let store: any DataStore

    /// The segment suffix of an item's info page (its detail disclosure button's target).
    public static let infoSuffix = "~info"

    /// Makes a runtime.
    public init(app: AppDefinition, store: any DataStore) {
        self.app = app
        self.store = store
    }

    /// The scene at `path` (item keys from the root), with its data loaded.
    ///
    /// Only the last level's data is loaded in full; the levels above are walked by looking up
    /// each selected item, so a page deep below a long list costs no more than the list's row.
    public func resolve(_ path: [String]) async throws -> ResolvedScene {
        try await resolve(path, window: nil)
    }

    /// The scene at `path`, loading only the rows at positions `window` when the scene is a list
    /// whose rows do not depend on where they stand in it (see `isWindowable`), the window
    /// starting at an even row so alternating backgrounds stay in step. Any other scene loads
    /// whole, with `window` left `nil`.
    public func resolve(_ path: [String], window: Range<Int>?) async throws -> ResolvedScene {
        guard let root = app.scene(app.rootScene) else { throw RuntimeError.misconfigured("no root scene \(app.rootScene)") }
        var scene = root
        var item: StoredItem?
        var itemList: ListID?
        var isInfo = false
        var stack: NavigationStack?
        var ancestorLists: Set<ListID> = []
        for (depth, segment) in path.enumerated() {
            (item, itemList) = try await boundItem(of: scene, item: item, itemList: itemList)
            let title = scene.title.render(item?.attributes ?? [:])
            if stack == nil {
                stack = NavigationStack(root: .init(scene: scene.name, title: title))
            } else {
                stack?.push(scene: scene.name, itemKey: path[depth - 1], title: title)
            }
            isInfo = segment.hasSuffix(Self.infoSuffix)
            let key = isInfo ? String(segment.dropLast(Self.infoSuffix.count)) : segment
            let step = try await self.step(from: scene, item: item, itemList: itemList, key: key, isInfo: isInfo)
            guard let step else {
                throw RuntimeError.notFound(path: path, depth: depth, reason: "\"\(title)\" has no row \"\(key)\" that leads further")
            }
            scene = step.scene
            if let next = step.item {
                item = next
                itemList = step.itemList
            }
            if let itemList { ancestorLists.insert(itemList) }
        }
        var resolved = try await load(scene, item: item, itemList: itemList, path: path,
                                      stack: stack ?? NavigationStack(root: .init(scene: scene.name, title: "")), isInfo: isInfo,
                                      window: window.flatMap { Self.isWindowable(scene) && $0.lowerBound.isMultiple(of: 2) ? $0 : nil })
        resolved.ancestorLists = ancestorLists
        return resolved
    }

    /// The item a fixed scene is bound to, or the item it was reached with.
    private func boundItem(of scene: SceneDefinition, item: StoredItem?, itemList: ListID?) async throws -> (StoredItem?, ListID?) {
        guard case let .fixed(_, reference?) = scene.content else { return (item, itemList) }
        guard let found = try await store.item(reference.key) else {
            throw RuntimeError.misconfigured("scene \(scene.name) shows item \"\(reference.key)\", which is not in the data")
        }
        return (found.item, found.list)
    }

    /// Where selecting the row `key` of `scene` leads, without loading the scene's rows.
    private func step(from scene: SceneDefinition, item: StoredItem?, itemList: ListID?, key: String,
                      isInfo: Bool) async throws -> (scene: SceneDefinition, item: StoredItem?, itemList: ListID?)? {
        switch scene.content {
        case let .fixed(sections, _):
            guard !isInfo, let target = sections.flatMap({ $0.cells }).first(where: { $0.key == key })?.push,
                  let next = app.scene(target) else { return nil }
            return (next, nil, nil)
        case let .detail(detail):
            guard !isInfo, let target = detail.sections.flatMap({ $0.cells }).first(where: { $0.key == key })?.push,
                  let next = app.scene(target) else { return nil }
            return (next, nil, nil)
        case let .list(binding):
            guard let name = isInfo ? binding.detail : binding.push, let next = app.scene(name),
                  let found = try await store.item(key) else { return nil }
            let list = ListID(parent: item?.key, relationship: binding.relationship)
            switch binding.sections {
            case .nested(_, let rows):
                // The row is an item of one of the section items' own lists.
                guard found.list.relationship == rows, let sectionKey = found.list.parent,
                      let section = try await store.item(sectionKey), section.list == list else { return nil }
            default:
                guard found.list == list else { return nil }
            }
            return (next, found.item, found.list)
        }
    }

    /// Whether a scene's rows can be loaded a window at a time (see `resolve(_:window:)`): its
    /// rows must not depend on where they stand, so no editing rule that treats the last row
    /// apart and no moves (whose rules fix rows at either end).
    public static func isWindowable(_ scene: SceneDefinition) -> Bool {
        guard case let .list(binding) = scene.content, binding.index == nil, binding.placeholder == nil,
              scene.editing?.rule.lastRowStyle == nil, scene.moves == nil, case .single = binding.sections else { return false }
        return true
    }

    private func load(_ scene: SceneDefinition, item: StoredItem?, itemList: ListID?, path: [String],
                      stack: NavigationStack, isInfo: Bool, window: Range<Int>?) async throws -> ResolvedScene {
        var item = item
        var itemList = itemList
        var revisions: [ListID: Int] = [:]
        var sections: [SceneSection] = []
        var indexTitles: [SectionIndexTitle]?
        var rowWindow: RowWindow?

        switch scene.content {
        case let .fixed(fixedSections, reference):
            if let reference {
                guard let found = try await store.item(reference.key) else {
                    throw RuntimeError.misconfigured("scene \(scene.name) shows item \"\(reference.key)\", which is not in the data")
                }
                item = found.item
                itemList = found.list
            }
            sections = fixedSections.map { section in
                SceneSection(headerTitle: section.headerTitle, footerTitle: section.footerTitle,
                             rows: section.cells.map { fixedRow($0, item: item) }, list: nil)
            }
        case let .list(binding):
            let listID = ListID(parent: item?.key, relationship: binding.relationship)
            let list: StoredList
            if let window {
                let read = try await store.list(listID, positions: window)
                list = read.list
                rowWindow = RowWindow(range: min(window.lowerBound, read.count)..<min(window.upperBound, read.count), total: read.count)
            } else {
                list = try await store.list(listID)
            }
            revisions[listID] = list.revision
            let loaded = try await ListLoader(store: store, binding: binding, selection: binding.selection)
                .sections(of: list, firstPosition: window?.lowerBound ?? 0)
            sections = loaded.sections
            indexTitles = loaded.indexTitles
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
        if let itemList, !showsList {
            revisions[itemList] = try await store.revision(of: itemList)
        }

        var stack = stack
        let title = scene.title.render(item?.attributes ?? [:])
        if path.isEmpty {
            stack = NavigationStack(root: .init(scene: scene.name, title: title))
        } else {
            stack.push(scene: scene.name, itemKey: path[path.count - 1], title: title)
        }
        var resolved = ResolvedScene(app: app, scene: scene, path: path, stack: stack, item: item, itemList: itemList,
                                     sections: sections, indexTitles: indexTitles, revisions: revisions, isInfo: isInfo, ancestorLists: [])
        resolved.window = rowWindow
        return resolved
    }

    private func fixedRow(_ cell: FixedCell, item: StoredItem?) -> SceneRow {
        var accessory: Accessory?
        if let attribute = cell.toggle {
            accessory = .toggle(isOn: item?[attribute]?.bool ?? false)
        } else if let binding = cell.slider {
            let value = min(max(item?[binding.attribute]?.number ?? binding.initial, binding.minimum), binding.maximum)
            accessory = (try? Slider(minimum: binding.minimum, maximum: binding.maximum, value: value)).map(Accessory.slider)
        }
        var built = cell.prototype.cell(key: cell.key, item: item, accessory: accessory)
        if accessory != nil { built.selectionStyle = .none }
        return SceneRow(cell: built, origin: .fixed(key: cell.key), push: cell.push)
    }

    private func detailRow(_ field: FieldDefinition, item: StoredItem?) -> SceneRow {
        var value = item?[field.attribute]?.description ?? ""
        if let unit = field.unit, !value.isEmpty { value += " " + unit }
        if field.kind == .toggle { value = item?[field.attribute]?.bool == true ? "On" : "Off" }
        let cell = Cell(key: "field-" + field.attribute, text: field.label, detailText: value, style: .value1, selectionStyle: .none)
        return SceneRow(cell: cell, origin: .field(attribute: field.attribute), push: nil)
    }
}
