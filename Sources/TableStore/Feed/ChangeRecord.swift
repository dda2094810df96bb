import Foundation

/// What one committed change did to one list, as UIKit's batch updates name it: the rows
/// inserted, deleted, moved and reloaded, by key, and the list's revision afterwards. `reset`
/// says the list was rewritten as a whole (an import, a replaced order): reload all of it.
public struct ListChangeRecord: Sendable, Hashable {
    public var list: ListID
    public var revision: Int
    public var inserted: [String] = []
    public var deleted: [String] = []
    public var moved: [String] = []
    public var reloaded: [String] = []
    public var reset = false

    public init(list: ListID, revision: Int) {
        self.list = list
        self.revision = revision
    }

    /// The keys' part, as the change log keeps it beside the list and revision columns.
    struct Summary: Codable {
        var inserted: [String]?, deleted: [String]?, moved: [String]?, reloaded: [String]?, reset: Bool?
    }

    /// `Summary` as JSON, its keys sorted and empty parts left out, written by hand: every commit
    /// writes one per list, and `JSONEncoder` cost a tenth of an edit's own work.
    var summary: String {
        var out: [UInt8] = [UInt8(ascii: "{")]
        func name(_ name: String) {
            if out.count > 1 { out.append(UInt8(ascii: ",")) }
            JSONText.append(string: name, to: &out)
            out.append(UInt8(ascii: ":"))
        }
        for (part, keys) in [("deleted", deleted), ("inserted", inserted), ("moved", moved), ("reloaded", reloaded)] where !keys.isEmpty {
            name(part)
            out.append(UInt8(ascii: "["))
            for (index, key) in keys.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                JSONText.append(string: key, to: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        if reset {
            name("reset")
            out.append(contentsOf: "true".utf8)
        }
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }

    init(list: ListID, revision: Int, summary text: String) {
        self.init(list: list, revision: revision)
        guard let summary = try? JSONDecoder().decode(Summary.self, from: Data(text.utf8)) else { reset = true; return }
        inserted = summary.inserted ?? []
        deleted = summary.deleted ?? []
        moved = summary.moved ?? []
        reloaded = summary.reloaded ?? []
        reset = summary.reset ?? false
    }
}

extension ListChangeRecord {
    /// The identity prefixes, each ending in "/", of the items this change took away with
    /// everything below them: each item deleted or moved out, or every item of a list rewritten
    /// whole. The lists below them went, or moved on, with them (see `ListID.isBelow`).
    var removedItemPrefixes: [String] {
        reset ? [list.itemIdentity("")] : deleted.map { list.itemIdentity($0) + "/" }
    }

    /// The identity prefixes, each ending in "/", of the items this change took away or put in,
    /// with everything below them: those of `removedItemPrefixes`, and each item inserted (one
    /// moved in brings its lists, at revisions they had nowhere here). A revision remembered for
    /// a list below one of them no longer holds.
    var replacedItemPrefixes: [String] {
        reset ? [list.itemIdentity("")] : (deleted + inserted).map { list.itemIdentity($0) + "/" }
    }
}

extension ListID {
    /// Whether this list belongs to an item whose identity starts with one of `prefixes`
    /// (`ListChangeRecord.removedItemPrefixes` or `replacedItemPrefixes`): the item itself or
    /// one below it.
    func isBelow(_ prefixes: [String]) -> Bool {
        guard !prefixes.isEmpty, let parent else { return false }
        // Whether `parent + "/"` starts with a prefix, compared by bytes without making it:
        // commits ask this of every list a cache holds.
        let owner = parent.utf8
        return prefixes.contains { prefix in
            let wanted = prefix.utf8
            guard owner.count + 1 >= wanted.count else { return false }
            return owner.count + 1 == wanted.count ? owner.elementsEqual(wanted.dropLast()) && wanted.last == UInt8(ascii: "/")
                : owner.starts(with: wanted)
        }
    }
}

/// One committed transaction in the change feed: its place in the log and the lists it changed.
/// `everything` marks a commit that replaced the whole store (an import with replacing).
public struct Commit: Sendable, Hashable {
    public var sequence: Int
    public var lists: [ListChangeRecord]
    public var everything: Bool

    public init(sequence: Int, lists: [ListChangeRecord], everything: Bool = false) {
        self.sequence = sequence
        self.lists = lists
        self.everything = everything
    }

    /// Brings `revisions`, list revisions known just before this commit, to just after it: a
    /// commit that replaced everything leaves none known; otherwise the lists below an item it
    /// put in or took away are forgotten, for all its lists first (one of its lists may have been
    /// below an item another deleted), and each list it wrote that is not below one takes its
    /// new revision. The change feed and the revision memo keep their revisions by this one rule.
    func update(_ revisions: inout [ListID: Int]) {
        guard !everything else { return revisions.removeAll() }
        let replaced = lists.flatMap(\.replacedItemPrefixes)
        if !replaced.isEmpty {
            for list in revisions.keys.filter({ $0.isBelow(replaced) }) { revisions[list] = nil }
        }
        for record in lists where !record.list.isBelow(replaced) { revisions[record.list] = record.revision }
    }

    /// Whether the commit changed one of `watched`: wrote it, or took away an item it belongs
    /// to (or an item above that one), or replaced the whole store.
    public func touches(_ watched: Set<ListID>) -> Bool {
        if everything { return true }
        for record in lists {
            if watched.contains(record.list) { return true }
            let prefixes = record.removedItemPrefixes
            if !prefixes.isEmpty, watched.contains(where: { $0.isBelow(prefixes) }) { return true }
        }
        return false
    }
}

/// Gathers, while a transaction runs, what it does to each list.
final class ChangeRecorder {
    /// Each list's revision once the transaction commits.
    let revisions: [ListID: Int]
    private(set) var records: [ListID: ListChangeRecord] = [:]
    private var order: [ListID] = []

    init(revisions: [ListID: Int]) { self.revisions = revisions }

    func note(_ list: ListID, _ edit: (inout ListChangeRecord) -> Void) {
        if records[list] == nil {
            records[list] = ListChangeRecord(list: list, revision: revisions[list] ?? 0)
            order.append(list)
        }
        edit(&records[list]!)
    }

    var lists: [ListChangeRecord] { order.compactMap { records[$0] } }
}
