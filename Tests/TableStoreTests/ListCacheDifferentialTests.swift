import Foundation
import TableStore
import Testing
import TestSupport

/// The cached lists, moved on by each commit's rows as UIKit moves a table on by batch updates,
/// held equal to a whole read of the database after thousands of random edits: inserts, deletes,
/// moves, reloads, exclusive checks, items moved between lists with everything below them,
/// deleted owners recreated under the same key, rewrites, writes of several changes, and groups
/// of writers committing together.
@Suite("List cache against whole reads")
struct ListCacheDifferentialTests {
    static let regions = ListID.root("regions")
    static let regionKeys = ["north", "south", "east"]

    static func trails(_ region: String) -> ListID { regions.child(of: region, relationship: "trails") }

    /// Every list the edits reach: the regions, their trails, and the photos of each trail.
    static func lists(in store: SQLiteStore) async throws -> [ListID] {
        var found = [regions]
        for region in try await store.list(regions, positions: 0..<1_000).list.items {
            let trails = trails(region.key)
            found.append(trails)
            for trail in try await store.list(trails, positions: 0..<1_000).list.items {
                found.append(trails.child(of: trail.key, relationship: "photos"))
            }
        }
        return found
    }

    /// One random write, or `nil` when the dice pick something the lists cannot take now.
    static func randomWrite(_ dice: inout SeededGenerator, store: SQLiteStore, serial: Int) async throws -> ListWrite? {
        // The trails of a region there is (a list whose owner is gone is no one's to edit).
        let present = try await store.list(regions, positions: 0..<1_000).list.items.map(\.key)
        let list = dice.next(below: 5) == 0 || present.isEmpty ? regions : trails(present[dice.next(below: present.count)])
        let current = try await store.list(list, positions: 0..<1_000).list
        let keys = current.items.map(\.key)
        func item() -> StoredItem {
            StoredItem(key: list == regions ? regionKeys[dice.next(below: regionKeys.count)] : "t\(serial)",
                       attributes: ["name": .string("Item \(serial)"), "rank": .number(Double(dice.next(below: 100)))])
        }
        func any() -> String? { keys.isEmpty ? nil : keys[dice.next(below: keys.count)] }
        var changes: [ListChange] = []
        for _ in 0..<(1 + (dice.next(below: 4) == 0 ? dice.next(below: 3) : 0)) {
            switch dice.next(below: 10) {
            case 0, 1:
                let new = item()
                if keys.contains(new.key) || changes.contains(where: { if case let .insert(other, _) = $0 { other.key == new.key } else { false } }) { continue }
                changes.append(.insert(new, at: dice.next(below: keys.count + 1)))
            case 2:
                guard let key = any() else { continue }
                changes.append(.delete(key: key))
                return ListWrite(changes, to: list, basedOn: nil)  // later changes would name a gone key
            case 3, 4:
                guard let key = any() else { continue }
                changes.append(.move(key: key, to: dice.next(below: keys.count)))
            case 5, 6:
                guard let key = any() else { continue }
                changes.append(.update(key: key, attributes: ["name": .string("Renamed \(serial)")]))
            case 7:
                guard let key = any() else { continue }
                changes.append(.checkExclusively(attribute: "chosen", key: key))
            case 8:
                // A trail moved in from another region, with its photos; renamed so keys stay unique.
                guard !present.isEmpty else { continue }
                let from = trails(present[dice.next(below: present.count)])
                guard list != regions, from != list,
                      let moving = try await store.list(from, positions: 0..<1_000).list.items.first?.key else { continue }
                return ListWrite([.moveIn(key: moving, from: from, at: dice.next(below: keys.count + 1), renamedTo: "m\(serial)")],
                                 to: list, basedOn: nil)
            default:
                if dice.next(below: 8) == 0 {
                    return ListWrite([.replaceAll(current.items.shuffled(using: &dice).dropLast(dice.next(below: 2)).map { $0 })], to: list, basedOn: nil)
                }
                guard list != regions, let trail = any() else { continue }
                let photos = list.child(of: trail, relationship: "photos")
                return ListWrite([.insert(StoredItem(key: "p\(serial)", attributes: ["name": .string("Photo \(serial)")]), at: 0)],
                                 to: photos, basedOn: nil)
            }
        }
        return changes.isEmpty ? nil : ListWrite(changes, to: list, basedOn: current.revision)
    }

    static func seed(_ store: SQLiteStore) async throws {
        try await store.load(DataDocument(lists: [("regions", regionKeys.map { region in
            .init(key: region, attributes: ["name": .string(region.capitalized)], lists: [("trails", (0..<6).map { number in
                .init(key: "\(region)-\(number)", attributes: ["name": .string("Trail \(number)"), "rank": .number(Double(number))],
                      lists: number < 2 ? [("photos", [.init(key: "p-\(region)-\(number)", attributes: ["name": .string("Photo")])])] : [])
            })])
        })]), replacing: true)
    }

    /// Reads every list through the cache and whole; they must agree item for item.
    static func expectCacheAgrees(_ store: SQLiteStore, step: Int) async throws {
        for id in try await lists(in: store) {
            let cached = try await store.list(id)
            let whole = try await store.list(id, positions: 0..<1_000).list
            #expect(cached == whole, "after step \(step), list \(id) differs from a whole read")
            // The revision from memory, which this store's own commits move on, is the stored one.
            let revision = try await store.revision(of: id)
            #expect(revision == whole.revision, "after step \(step), list \(id)'s revision")
            if cached != whole || revision != whole.revision { throw CancellationError() }
        }
    }

    @Test("thousands of random edits, one at a time, leave every cached list equal to a whole read")
    func oneWriterAtATime() async throws {
        let temporary = try await TemporaryStore()
        defer { temporary.remove() }
        let store = try #require(temporary.store as? SQLiteStore)
        try await Self.seed(store)
        var dice = SeededGenerator(seed: 20261123)
        try await Self.expectCacheAgrees(store, step: 0)
        var applied = 0, refused = 0
        for step in 1...2_500 {
            guard let write = try await Self.randomWrite(&dice, store: store, serial: step) else { continue }
            do {
                try await store.apply([write])
                applied += 1
            } catch is StoreError {
                refused += 1  // a key taken, a position gone: the write changed nothing
            }
            if step.isMultiple(of: 100) {
                // Now and then an owner is deleted and made again under the same key: the lists
                // below it start again, at revisions they have held before.
                let region = Self.regionKeys[dice.next(below: Self.regionKeys.count)]
                if try await store.item(region, in: Self.regions) != nil {
                    try await store.apply([ListWrite([.delete(key: region)], to: Self.regions, basedOn: nil)])
                }
                try await store.apply([ListWrite([.insert(StoredItem(key: region, attributes: ["name": .string("Again")]), at: 0)], to: Self.regions, basedOn: nil)])
                try await store.apply([ListWrite([.insert(StoredItem(key: "again-\(step)", attributes: [:]), at: 0)], to: Self.trails(region), basedOn: nil)])
            }
            try await Self.expectCacheAgrees(store, step: step)
        }
        let statistics = store.listCacheStatistics
        #expect(applied > 1_500 && refused < applied)
        // The cache did the work: most commits moved cached lists on rather than dropping them.
        // (A rewrite, one write in about forty, drops its list and those below; the next read fills it.)
        #expect(statistics.updates > applied * 3 / 4, "\(statistics) for \(applied) commits")
        #expect(statistics.hits > 10 * statistics.misses)
    }

    @Test("writers committing together in groups leave every cached list equal to a whole read")
    func groupsOfWriters() async throws {
        let temporary = try await TemporaryStore()
        defer { temporary.remove() }
        let store = try #require(temporary.store as? SQLiteStore)
        try await Self.seed(store)
        var dice = SeededGenerator(seed: 7)
        try await Self.expectCacheAgrees(store, step: 0)
        var applied = 0
        for round in 1...150 {
            var writes: [ListWrite] = []
            for writer in 0..<12 {
                if let write = try await Self.randomWrite(&dice, store: store, serial: round * 100 + writer) { writes.append(write) }
            }
            applied += await withTaskGroup(of: Int.self) { group in
                for write in writes { group.addTask { (try? await store.apply([write])) == nil ? 0 : 1 } }
                return await group.reduce(0, +)
            }
            try await Self.expectCacheAgrees(store, step: round)
        }
        // Each round's writers start from the same reads, so many are refused as stale; those
        // that commit move the cached lists on, until a rewrite in the round drops its list.
        #expect(applied > 300)
        #expect(store.listCacheStatistics.updates > applied / 3, "\(store.listCacheStatistics) for \(applied) commits")
    }
}
