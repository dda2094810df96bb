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
    /// The sort key of the item at each position (empty when not sorting).
    private var keys: [[UInt8]]
    public let isSorting: Bool

    /// How many items the list holds.
    public var count: Int { sectionOf.count }

    /// Whether the member at position `lhs` is shown before the one at `rhs` in their section.
    private func precedes(_ lhs: Int, _ rhs: Int) -> Bool {
        guard isSorting else { return lhs < rhs }
        switch Collator.compare(keys[lhs], keys[rhs]) {
        case .orderedAscending: return true
        case .orderedDescending: return false
        case .orderedSame: return lhs < rhs
        }
    }

    init(strings: [String], collation: IndexedCollation, sorting: Bool) {
        isSorting = sorting
        sectionOf = strings.map { collation.section(for: $0) }
        keys = sorting ? strings.map { collation.sortKey(of: $0) } : []
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
    /// placed item goes where a binary search of its section says.
    public func updated(newPosition: [Int?], count: Int, placed: [(position: Int, string: String)],
                        collation: IndexedCollation) -> CollatedPositions {
        var next = self
        next.sectionOf = Array(repeating: 0, count: count)
        next.keys = isSorting ? Array(repeating: [], count: count) : []
        for (old, new) in newPosition.enumerated() {
            guard let new else { continue }
            next.sectionOf[new] = sectionOf[old]
            if isSorting { next.keys[new] = keys[old] }
        }
        next.sections = sections.map { members in members.compactMap { newPosition[$0] } }
        for (position, string) in placed {
            next.sectionOf[position] = collation.section(for: string)
            if isSorting { next.keys[position] = collation.sortKey(of: string) }
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

extension IndexedCollation {
    /// The list whose items have the collation strings `strings`, collated: Listing 4-7's
    /// sections by position, each sorted unless `sortingSections` is false.
    public func collatedPositions(of strings: [String], sortingSections: Bool = true) -> CollatedPositions {
        CollatedPositions(strings: strings, collation: self, sorting: sortingSections)
    }
}
