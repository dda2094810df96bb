import Foundation

extension BatchUpdate {
    /// The batch that turns a table of keyed rows into another, as a diffable data source works
    /// it out: rows whose key went are deleted, new keys inserted, rows that keep their key but
    /// not their place among the rows that stay are moved, and `changed` rows left in their place
    /// are reloaded. Sections are matched by number; sections past the end of the shorter table
    /// are inserted or deleted whole. Keys must be unique across each table.
    ///
    /// The moves are as few as the rule allows: in each section, the longest run of staying rows
    /// whose order is kept stays, and only the others move (a row that changes section always
    /// moves, since a surviving row stays in its section). Two tables rarely say which of two
    /// swapped rows moved; `moved` names rows known to have moved (the person dragged them), and
    /// those move rather than the rows around them.
    public static func difference<Key: Hashable>(from old: [[Key]], to new: [[Key]], changed: Set<Key> = [],
                                                 moved: Set<Key> = []) -> BatchUpdate {
        difference(from: old, to: new, sections: (Array(old.indices), Array(new.indices)), changed: changed, moved: moved)
    }

    /// The same, with sections matched by what they are (`sections`, an identifier for each
    /// section of each table, such as its header): a section that comes or goes is inserted or
    /// deleted, and the rows of the sections around it stay where they are, as a diffable data
    /// source's section identifiers keep them. See `pairedSections` for how sections are matched.
    /// `sections` holds one identifier for each section of each table.
    public static func difference<Key: Hashable, Section: Hashable>(
        from old: [[Key]], to new: [[Key]], sections: (old: [Section], new: [Section]),
        changed: Set<Key> = [], moved: Set<Key> = []
    ) -> BatchUpdate {
        precondition(sections.old.count == old.count && sections.new.count == new.count, "one identifier for each section of each table")
        let pairs = pairedSections(old: sections.old, new: sections.new)
        var target = [Int?](repeating: nil, count: old.count), source = [Int?](repeating: nil, count: new.count)
        for pair in pairs {
            target[pair.from] = pair.to
            source[pair.to] = pair.from
        }
        // Rows of sections that stay: a row of a section deleted or inserted goes or comes with it.
        var oldPlaces: [Key: IndexPath] = [:]
        for (section, rows) in old.enumerated() where target[section] != nil {
            for (row, key) in rows.enumerated() { oldPlaces[key] = IndexPath(row: row, section: section) }
        }
        var newPlaces: [Key: IndexPath] = [:]
        for (section, rows) in new.enumerated() where source[section] != nil {
            for (row, key) in rows.enumerated() { newPlaces[key] = IndexPath(row: row, section: section) }
        }

        var update = BatchUpdate()
        var deleted: [IndexPath] = [], inserted: [IndexPath] = [], reloaded: [IndexPath] = []
        for (section, after) in pairs {
            // The staying rows of this section, in their old order, by their new row number.
            var staying: [(key: Key, from: IndexPath, to: Int)] = []
            for (row, key) in old[section].enumerated() {
                let from = IndexPath(row: row, section: section)
                guard let to = newPlaces[key] else { deleted.append(from); continue }
                if to.section == after { staying.append((key, from, to.row)) }
            }
            let candidates = staying.indices.filter { !moved.contains(staying[$0].key) }
            let keeps = Set(longestIncreasingRun(candidates.map { staying[$0].to }).map { candidates[$0] })
            for (position, row) in staying.enumerated() {
                if keeps.contains(position) {
                    if changed.contains(row.key) { reloaded.append(row.from) }
                } else {
                    update.moveRow(at: row.from, to: IndexPath(row: row.to, section: after))
                }
            }
            for (row, key) in old[section].enumerated() {
                if let to = newPlaces[key], to.section != after { update.moveRow(at: IndexPath(row: row, section: section), to: to) }
            }
            for (row, key) in new[after].enumerated() where oldPlaces[key] == nil {
                inserted.append(IndexPath(row: row, section: after))
            }
        }
        if !deleted.isEmpty { update.deleteRows(at: deleted) }
        if !inserted.isEmpty { update.insertRows(at: inserted) }
        if !reloaded.isEmpty { update.reloadRows(at: reloaded) }
        let deletedSections = old.indices.filter { target[$0] == nil }, insertedSections = new.indices.filter { source[$0] == nil }
        if !deletedSections.isEmpty { update.deleteSections(deletedSections) }
        if !insertedSections.isEmpty { update.insertSections(insertedSections) }
        return update
    }

    /// Which section of the first table stays as which of the second, in the first's order. The
    /// n-th section with an identifier is the n-th with it in the other table (identifiers need
    /// not be unique: untitled sections pair in order). Sections left over on both sides just
    /// below the same pair (or at the top of both), as many on each, pair in order: a section
    /// whose identifier changed (its header renamed) is still the section it was. Of pairs whose
    /// order the tables do not keep, the longest run that keeps it stays and the others are
    /// deleted and inserted.
    static func pairedSections<Section: Hashable>(old: [Section], new: [Section]) -> [(from: Int, to: Int)] {
        typealias Occurrence = SectionOccurrence<Section>
        func occurrences(_ sections: [Section]) -> [Occurrence] {
            var seen: [Section: Int] = [:]
            return sections.map { section in
                defer { seen[section, default: 0] += 1 }
                return Occurrence(section: section, number: seen[section, default: 0])
            }
        }
        var newIndex: [Occurrence: Int] = [:]
        for (index, occurrence) in occurrences(new).enumerated() { newIndex[occurrence] = index }
        var target = occurrences(old).map { newIndex[$0] }
        // The sections left over, by the new index of the pair just above them (-1: none).
        var oldLeft: [Int: [Int]] = [:], newLeft: [Int: [Int]] = [:]
        var above = -1
        for (from, to) in target.enumerated() {
            if let to { above = to } else { oldLeft[above, default: []].append(from) }
        }
        let taken = Set(target.compactMap { $0 })
        above = -1
        for to in new.indices {
            if taken.contains(to) { above = to } else { newLeft[above, default: []].append(to) }
        }
        for (anchor, froms) in oldLeft {
            guard let tos = newLeft[anchor], tos.count == froms.count else { continue }
            for (from, to) in zip(froms, tos) { target[from] = to }
        }
        let pairs = old.indices.compactMap { from in target[from].map { (from: from, to: $0) } }
        let kept = longestIncreasingRun(pairs.map(\.to))
        return pairs.indices.filter(kept.contains).map { pairs[$0] }
    }

    /// The positions in `values` of one longest strictly increasing subsequence (patience
    /// sorting, O(n log n)).
    static func longestIncreasingRun(_ values: [Int]) -> Set<Int> {
        var tails: [Int] = []        // position in `values` of the smallest tail of each length
        var previous = [Int](repeating: -1, count: values.count)
        for (position, value) in values.enumerated() {
            var low = 0, high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
            }
            if low > 0 { previous[position] = tails[low - 1] }
            if low == tails.count { tails.append(position) } else { tails[low] = position }
        }
        var run = Set<Int>()
        var position = tails.last ?? -1
        while position >= 0 {
            run.insert(position)
            position = previous[position]
        }
        return run
    }
}

/// The n-th section with an identifier in one table (`BatchUpdate.pairedSections`).
private struct SectionOccurrence<Section: Hashable>: Hashable {
    let section: Section
    let number: Int
}
