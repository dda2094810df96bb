import Foundation
import TableKit
import TableStore

/// A write an action on a scene asked for, kept until `save(basedOn:)`.
enum PendingWrite: Sendable {
    /// A change to one stored list.
    case change(ListChange, list: ListID)
    /// A new item just after the item `after` of `list` (at its end when `nil`), whose key
    /// `save` makes from its name.
    case insert([String: AttributeValue], after: String?, list: ListID)
    /// The item `key` of `source` moved to `position` of `list`, with everything below it,
    /// under `newKey` when `list` has an item keyed as it is.
    case moveIn(key: String, from: ListID, list: ListID, position: Int, newKey: String?)

    var list: ListID {
        switch self {
        case let .change(_, list), let .insert(_, _, list), let .moveIn(_, _, list, _, _): list
        }
    }

    /// Whether the write means something only against the list as this scene read it: a move
    /// to a position. The others name rows by key or set a state, and mean the same whatever
    /// else changed meanwhile.
    var needsReadRevision: Bool {
        switch self {
        case .change(.move, _), .moveIn: true
        default: false
        }
    }
}

/// The data source's and controller's mutating requirements: each changes the loaded rows as
/// UIKit's data source changes its model, and records the write that keeps it.
extension ResolvedScene {
    public mutating func commit(_ editingStyle: EditingStyle, forRowAt indexPath: IndexPath) throws(TableKitError) {
        let row = sections[indexPath.section].rows[indexPath.row]
        if case .placeholder = row.origin, editingStyle == .insert, let list = sections[indexPath.section].list {
            // The placeholder's plus adds a new item at the end of its section, just above it.
            let attributes = newItemAttributes()
            pendingWrites.append(.insert(attributes, after: nil, list: list))
            sections[indexPath.section].rows.insert(newRow(attributes, list: list, position: itemCounts[indexPath.section], push: listBinding?.push),
                                                    at: indexPath.row)
            return
        }
        guard case let .item(item, list, position) = row.origin else { throw .editingNotSupported(at: indexPath) }
        switch editingStyle {
        case .delete:
            pendingWrites.append(.change(.delete(key: item.key), list: list))
            sections[indexPath.section].rows.remove(at: indexPath.row)
        case .insert:
            // The insert control adds a new item after its row, filled from the Add form's
            // defaults (Listing 7-3 inserts a fresh item the same way).
            let attributes = newItemAttributes()
            pendingWrites.append(.insert(attributes, after: item.key, list: list))
            sections[indexPath.section].rows.insert(newRow(attributes, list: list, position: position + 1, push: row.push), at: indexPath.row + 1)
        case .none:
            throw .editingStyleNotOffered(.none, offered: self.editingStyle(forRowAt: indexPath), at: indexPath)
        }
    }

    /// A new item's attributes: the Add form's defaults, or the name "New Item".
    private func newItemAttributes() -> [String: AttributeValue] {
        var attributes: [String: AttributeValue] = [:]
        for field in scene.add?.fields ?? [] {
            if let value = field.defaultValue, case let .success(stored) = field.validate(value) { attributes[field.attribute] = stored }
        }
        if attributes.isEmpty { attributes["name"] = .string("New Item") }
        return attributes
    }

    /// The row of a new item, shown at once; `save` gives it its key.
    private func newRow(_ attributes: [String: AttributeValue], list: ListID, position: Int, push: String?) -> SceneRow {
        let newItem = StoredItem(key: "", attributes: attributes)
        let prototype = listBinding?.prototype(for: newItem)
        let cell = prototype?.cell(key: "", item: newItem, accessory: nil) ?? Cell(key: "", text: attributes["name"]?.description ?? "")
        return SceneRow(cell: cell, origin: .item(newItem, list: list, position: position), push: push,
                        isSelectable: prototype?.isSelectable ?? true)
    }

    /// Moves a row within its section or into another: a section of a list grouped by an
    /// attribute gives the row its value, a section of a nested list takes the item (and
    /// everything below it) into its own list. The stored list may interleave several sections,
    /// so the row goes before its new successor's stored position, or after its new
    /// predecessor's.
    public mutating func moveRow(from source: IndexPath, to destination: IndexPath) throws(TableKitError) {
        let isAcross = destination.section != source.section
        guard !isAcross || takesRows(from: source.section, into: destination.section) else {
            throw .moveAcrossSections(from: source, to: destination)
        }
        var moving = sections[source.section].rows.remove(at: source.row)
        guard case let .item(item, list, current) = moving.origin else {
            sections[source.section].rows.insert(moving, at: source.row)
            throw .rowNotMovable(at: source)
        }
        let targetList = sections[destination.section].list ?? list
        // A row's stored position once the moving item is out of its list.
        func stored(_ row: SceneRow) -> Int? {
            guard case let .item(_, rowList, position) = row.origin, rowList == targetList else { return nil }
            return rowList == list && position > current ? position - 1 : position
        }
        let rows = sections[destination.section].rows
        let target = min(destination.row, rows.count)
        let position: Int
        if let successor = rows[target...].lazy.compactMap(stored).first {
            position = successor
        } else if let predecessor = rows[..<target].reversed().lazy.compactMap(stored).first {
            position = predecessor + 1
        } else {
            position = 0
        }
        var movedItem = item
        switch sections[destination.section].owner {
        case let .value(attribute, value)? where isAcross:
            // An item without the attribute stands in the section titled by the empty value.
            let newValue = value ?? .string("")
            movedItem.attributes[attribute] = newValue
            pendingWrites.append(.change(.update(key: item.key, attributes: [attribute: newValue]), list: list))
            pendingWrites.append(.change(.move(key: item.key, to: position), list: list))
        case .item? where isAcross:
            // Keys are unique in a list: one the destination has already gets a number.
            let taken = Set(rows.map(\.cell.key))
            var newKey = item.key
            var number = 1
            while taken.contains(newKey) {
                number += 1
                newKey = "\(item.key.prefix(190))-\(number)"
            }
            movedItem.key = newKey
            moving.cell.key = newKey
            pendingWrites.append(.moveIn(key: item.key, from: list, list: targetList, position: position,
                                         newKey: newKey == item.key ? nil : newKey))
        default:
            pendingWrites.append(.change(.move(key: item.key, to: position), list: list))
        }
        moving.origin = .item(movedItem, list: targetList, position: position)
        sections[destination.section].rows.insert(moving, at: target)
    }

    public mutating func setCheckmark(_ isChecked: Bool, forRowAt indexPath: IndexPath) throws(TableKitError) {
        guard let selection, case let .item(item, list, _) = sections[indexPath.section].rows[indexPath.row].origin else {
            throw .selectionNotSupported(at: indexPath)
        }
        let change: ListChange = isChecked && selection.mode == .exclusive
            ? .checkExclusively(attribute: selection.attribute, key: item.key)
            : .update(key: item.key, attributes: [selection.attribute: .bool(isChecked)])
        pendingWrites.append(.change(change, list: list))
        sections[indexPath.section].rows[indexPath.row].cell.accessory = isChecked ? .checkmark : .none
    }

    /// A fixed cell's switch sets the scene's item; a list row's, its own item.
    public mutating func switchChanged(_ isOn: Bool, forRowAt indexPath: IndexPath) throws(TableKitError) {
        if let attribute = fixedCell(at: indexPath)?.toggle {
            try writeItem([attribute: .bool(isOn)], at: indexPath)
            return
        }
        guard case let .item(item, list, _) = sections[indexPath.section].rows[indexPath.row].origin,
              let attribute = listBinding?.prototype(for: item).toggleAttribute else {
            throw .controlNotSupported("switch", at: indexPath)
        }
        pendingWrites.append(.change(.update(key: item.key, attributes: [attribute: .bool(isOn)]), list: list))
        sections[indexPath.section].rows[indexPath.row].cell.accessory = .toggle(isOn: isOn)
    }

    /// A fixed cell's slider sets the scene's item; a list row's, its own item. A value outside
    /// the slider's range is refused, never clamped.
    public mutating func sliderChanged(_ value: Double, forRowAt indexPath: IndexPath) throws(TableKitError) {
        if let binding = fixedCell(at: indexPath)?.slider {
            _ = try Slider(minimum: binding.minimum, maximum: binding.maximum, value: binding.minimum).setting(value)
            try writeItem([binding.attribute: .number(value)], at: indexPath)
            return
        }
        guard case let .item(item, list, _) = sections[indexPath.section].rows[indexPath.row].origin,
              let binding = listBinding?.prototype(for: item).slider else {
            throw .controlNotSupported("slider", at: indexPath)
        }
        let slider = try Slider(minimum: binding.minimum, maximum: binding.maximum, value: binding.minimum).setting(value)
        pendingWrites.append(.change(.update(key: item.key, attributes: [binding.attribute: .number(value)]), list: list))
        sections[indexPath.section].rows[indexPath.row].cell.accessory = .slider(slider)
    }

    /// The keys of the rows shown from anywhere but `list` (other lists, fixed cells): a new
    /// item of `list` takes none of them, or a post naming its key could not tell its row from
    /// theirs (keys are unique in a list, not on a page).
    func keysShown(besides list: ListID) -> Set<String> {
        var keys = Set<String>()
        for row in sections.lazy.flatMap(\.rows) {
            if case let .item(_, origin, _) = row.origin, origin == list { continue }
            keys.insert(row.cell.key)
        }
        return keys
    }

    /// Writes what the actions recorded, every list in one transaction. Changes are refused
    /// only where they conflict with what the page showed (`revisionToken`, the page's): a
    /// deletion of an item someone changed since. A move, placed by position, is based on the
    /// revision this scene read its list at, and a write that lands in between throws
    /// `SaveRace`, so the action is carried out again on a fresh read; everything else names
    /// rows by key and applies to the list as it is. New items get keys made from their names
    /// that no other row of the page shows, and an item moved into a list that has its key
    /// takes another.
    public mutating func save(basedOn revisionToken: String) async throws {
        let writes = pendingWrites
        pendingWrites = []
        guard !writes.isEmpty else { return }
        let shown = try Self.parse(revisionToken)
        var lists: [ListID] = []
        for write in writes where !lists.contains(write.list) { lists.append(write.list) }
        // A new item's key taken by someone adding the same name at the same moment: its keys are
        // made again with a random number after the name (trying 2, 3, … again would send
        // everyone adding that name to the same next key), rather than the whole action retried.
        var newKeys: [String] = []
        for attempt in 0..<Self.keyAttempts {
            let listWrites: [ListWrite]
            (listWrites, newKeys) = try await self.listWrites(writes, lists: lists, shown: shown, afterLostRace: attempt > 0)
            do {
                for (list, revision) in try await store.apply(listWrites) where revisions[list] != nil || lists.contains(list) {
                    revisions[list] = revision
                }
                break
            } catch StoreError.duplicateKey(let key) where newKeys.contains(key) && attempt + 1 < Self.keyAttempts {
                continue
            } catch let error as StoreError {
                throw Self.actionError(error)
            }
        }
        insertedKeys += newKeys
        name(newRows: newKeys)
    }

    /// Tries at saving new items under keys someone else may take at the same moment.
    static let keyAttempts = 4

    /// The store's writes for `writes`, list by list, and the keys made for new items, in order.
    private func listWrites(_ writes: [PendingWrite], lists: [ListID], shown: [ListID: Int],
                            afterLostRace: Bool) async throws -> ([ListWrite], [String]) {
        var listWrites: [ListWrite] = []
        var newKeys: [String] = [], handedOut = Set<String>()
        for list in lists {
            let shownRevision = try Self.revision(of: list, in: shown)
            var changes: [ListChange] = []
            var keys = KeyMaker(store: store, list: list, taken: keysShown(besides: list))
            for write in writes where write.list == list {
                switch write {
                case let .change(.delete(key), _):
                    changes.append(.deleteUnchanged(key: key, since: shownRevision))
                case let .change(change, _):
                    changes.append(change)
                case let .insert(attributes, after, _):
                    let key = try await keys.key(for: attributes, avoiding: handedOut, afterLostRace: afterLostRace)
                    newKeys.append(key)
                    handedOut.insert(key)
                    changes.append(.insertAfter(StoredItem(key: key, attributes: attributes), key: after))
                case let .moveIn(key, source, _, position, newKey):
                    changes.append(.moveIn(key: key, from: source, at: position, renamedTo: newKey))
                }
            }
            let isPlaced = writes.contains { $0.list == list && $0.needsReadRevision }
            listWrites.append(ListWrite(changes, to: list, basedOn: isPlaced ? revisions[list] ?? shownRevision : nil))
        }
        return (listWrites, newKeys)
    }

    /// Gives the rows `commit(.insert, …)` added, in order, the keys their items were saved under.
    private mutating func name(newRows keys: [String]) {
        var keys = keys[...]
        for section in sections.indices {
            for row in sections[section].rows.indices where sections[section].rows[row].cell.key.isEmpty {
                guard let key = keys.popFirst() else { return }
                sections[section].rows[row].cell.key = key
            }
        }
    }

    /// A store refusal as the person sees it: another write landing first is a race to run
    /// again (a key taken at the same moment among them), a change to what the page showed a
    /// conflict, a bad key a refusal.
    static func actionError(_ error: StoreError) -> any Error {
        switch error {
        case .staleRevision, .itemNotFound, .positionOutOfRange, .attributesChanged, .duplicateKey: SaveRace()
        case let .itemChanged(key, _): SaveConflict(error.description, itemKey: key)
        case .revisionAhead: SaveConflict(revisionAheadReason)
        case .invalidKey: ActionError.refused(error.description)
        default: error
        }
    }

    /// Why a change based on a revision the list has not reached is refused, as the 409 page says it.
    public static let revisionAheadReason = "the server's data is older than this page (it was restored from an earlier copy since), "
        + "so whether someone else changed it in between cannot be told"

    /// Whether a form's revision token names a revision one of this scene's lists has not
    /// reached: the page was made from newer data than the server now has.
    public func isBehind(_ token: String) -> Bool {
        guard let shown = try? Self.parse(token) else { return false }
        return shown.contains { list, revision in revisions[list].map { $0 < revision } ?? false }
    }

    /// The revision of `list` in `shown` (a form's revision token, `parse`d); a bad request,
    /// asking for the page again, when the post carries none for it.
    static func revision(of list: ListID, in shown: [ListID: Int]) throws -> Int {
        guard let revision = shown[list] else { throw ActionError.badRequest("the post (a form or a batch) carries no revision for list \(list); reload the page") }
        return revision
    }

    /// Parses a revision token ("regions=3;north.trails=7").
    /// Split at bytes: every edit parses the token its form carried.
    public static func parse(_ token: String) throws -> [ListID: Int] {
        var revisions: [ListID: Int] = [:]
        func malformed() -> ActionError { .badRequest("the revision \"\(DocumentText.shortened(token, to: 80))\" is malformed; reload the page") }
        for part in token.utf8.split(separator: UInt8(ascii: ";")) {
            guard let equals = part.firstIndex(of: UInt8(ascii: "=")), equals != part.startIndex, let revision = Int(Substring(part[part.index(after: equals)...])),
                  revision >= 0 else {
                throw malformed()
            }
            let name = part[..<equals]
            let list = if let dot = name.lastIndex(of: UInt8(ascii: ".")) {
                ListID(parent: String(Substring(name[..<dot])), relationship: String(Substring(name[name.index(after: dot)...])))
            } else {
                ListID.root(String(Substring(name)))
            }
            // A page names each list once: a second revision for it is not a page's token.
            guard revisions.updateValue(revision, forKey: list) == nil else { throw malformed() }
        }
        return revisions
    }

    /// The fixed cell definition behind the row at `indexPath`, if it is a fixed cell.
    func fixedCell(at indexPath: IndexPath) -> FixedCell? {
        guard case let .fixed(key) = sections[indexPath.section].rows[indexPath.row].origin,
              case let .fixed(fixedSections, _) = scene.content else { return nil }
        return fixedSections.flatMap(\.cells).first { $0.key == key }
    }

    /// Records attribute changes to the scene's own item (a switch or slider bound to it).
    private mutating func writeItem(_ attributes: [String: AttributeValue], at indexPath: IndexPath) throws(TableKitError) {
        guard let item, let itemList else { throw .controlNotSupported("bound item", at: indexPath) }
        pendingWrites.append(.change(.update(key: item.key, attributes: attributes), list: itemList))
    }
}
