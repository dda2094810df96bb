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
    public func resolve(_ path: [String]) async throws -> ResolvedScene {
        guard let root = app.scene(app.rootScene) else { throw RuntimeError.misconfigured("no root scene \(app.rootScene)") }
        var current = try await load(root, item: nil, itemList: nil, path: [],
                                     stack: NavigationStack(root: .init(scene: root.name, title: "")), isInfo: false)
        for (depth, segment) in path.enumerated() {
            let isInfo = segment.hasSuffix(Self.infoSuffix)
            let key = isInfo ? String(segment.dropLast(Self.infoSuffix.count)) : segment
            guard let (row, _) = current.row(forKey: key) else {
                throw RuntimeError.notFound(path: path, depth: depth, reason: "\"\(current.title)\" has no row \"\(key)\"")
            }
            let target = isInfo ? current.listBinding?.detail : row.push
            guard let name = target, let next = app.scene(name) else {
                throw RuntimeError.notFound(path: path, depth: depth,
                                            reason: "selecting \"\(row.cell.text)\" in \"\(current.title)\" leads to no further page")
            }
            var item = row.item
            var itemList: ListID?
            if case let .item(_, list, _) = row.origin { itemList = list }
            if item == nil { item = current.item; itemList = current.itemList }
            current = try await load(next, item: item, itemList: itemList, path: Array(path.prefix(depth + 1)),
                                     stack: current.stack, isInfo: isInfo)
        }
        return current
    }

    private func load(_ scene: SceneDefinition, item: StoredItem?, itemList: ListID?, path: [String],
                      stack: NavigationStack, isInfo: Bool) async throws -> ResolvedScene {
        var item = item
        var itemList = itemList
        var revisions: [ListID: Int] = [:]
        var sections: [SceneSection] = []
        var indexTitles: [SectionIndexTitle]?

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
            let list = try await store.list(listID)
            revisions[listID] = list.revision
            let loaded = try await ListLoader(store: store, binding: binding, selection: binding.selection).sections(of: list)
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
        if let itemList, case .list = scene.content {} else if let itemList {
            revisions[itemList] = try await store.revision(of: itemList)
        }

        var stack = stack
        let title = scene.title.render(item?.attributes ?? [:])
        if path.isEmpty {
            stack = NavigationStack(root: .init(scene: scene.name, title: title))
        } else {
            stack.push(scene: scene.name, itemKey: path[path.count - 1], title: title)
        }
        return ResolvedScene(app: app, scene: scene, path: path, stack: stack, item: item, itemList: itemList,
                             sections: sections, indexTitles: indexTitles, revisions: revisions, isInfo: isInfo)
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
