import Foundation

/// A list collated for an indexed table, by the positions of its items: the members of each
/// section in the order `IndexedCollation.collate` shows them. It takes batch updates, so a
/// list that changed in a few rows is collated again by placing just those rows.
///
/// The order inside a section is the locale's collation order of the items' strings, equal
/// strings keeping the list's order (`sortedArray(from:collationStringSelector:)` is stable);
/// without sorting, the list's order alone (a list whose rows people reorder).
public struct CollatedPositions: Sendable, Hashable {
    /// Each section's members, as positions in the list.
    public private(set) var sections: [[Int]]
    /// The section of the item at each position.
    private var sectionOf: [Int]
    /// The collation sort key of the item at each position (none when not sorting).
    private var sortKeys: [[UInt8]]
    /// Whether each section is in collation order (otherwise in the list's order).
    public let isSorting: Bool

    /// How many items the list holds.
    public var count: Int { sectionOf.count }

    /// The section of the item at `position`.
    public func section(ofPosition position: Int) -> Int { sectionOf[position] }

    /// Whether the member at position `lhs` is shown before the one at `rhs` in their section.
    private func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        guard isSorting else { return lhs < rhs }
        switch Collator.compare(sortKeys[lhs], sortKeys[rhs]) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return lhs < rhs
        }
    }

    init(strings: [String], collation: IndexedCollation, sorting: Bool) {
        isSorting = sorting
        sectionOf = strings.map { collation.section(for: $0) }
        sortKeys = sorting ? collation.sortKeys(of: strings) : []
        sections = Array(repeating: [], count: collation.sectionTitles.count)
        for (position, section) in sectionOf.enumerated() { sections[section].append(position) }
        if sorting {
            let order = self
            sections = sections.map { $0.sorted(by: order.precedes) }
        }
    }

    /// The list after a batch update: `newPosition[p]` is where the item at old position `p`
    /// stands now, or `nil` for an item the update deleted or changed; `placed` are the items
    /// now at those positions that the update inserted, moved or changed, with their strings.
    /// The items it did not touch keep their order in the list (an insert, delete or move
    /// shifts them, never reorders them), so their order in each section holds too, and each
    /// placed item goes where a binary search of its section says. `collation` must be the one
    /// this was collated with. `nil` when the update does not describe this list (sizes or
    /// positions that do not fit).
    public func updated(newPosition: [Int?], count: Int, placed: [(position: Int, string: String)],
                        collation: IndexedCollation) -> CollatedPositions? {
        guard newPosition.count == self.count, collation.sectionTitles.count == sections.count,
              newPosition.compactMap({ $0 }).count + placed.count == count,
              newPosition.allSatisfy({ $0.map { $0 < count } ?? true }), placed.allSatisfy({ (0..<count).contains($0.position) }) else { return nil }
        var next = self
        next.sectionOf = Array(repeating: 0, count: count)
        next.sortKeys = isSorting ? Array(repeating: [], count: count) : []
        for (old, new) in newPosition.enumerated() {
            guard let new else { continue }
            next.sectionOf[new] = sectionOf[old]
            if isSorting { next.sortKeys[new] = sortKeys[old] }
        }
        next.sections = sections.map { members in members.compactMap { newPosition[$0] } }
        for (position, string) in placed {
            next.sectionOf[position] = collation.section(for: string)
            if isSorting { next.sortKeys[position] = collation.sortKey(of: string) }
        }
        for (position, _) in placed {
            let section = next.sectionOf[position]
            var low = 0, high = next.sections[section].count
            while low < high {
                let middle = (low + high) / 2
                if next.precedes(next.sections[section][middle], position) { low = middle + 1 } else { high = middle }
            }
            next.sections[section].insert(position, at: low)
        }
        return next
    }
}
