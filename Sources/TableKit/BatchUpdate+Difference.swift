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
        let kept = min(old.count, new.count)
        var oldPlaces: [Key: IndexPath] = [:]
        for (section, rows) in old.enumerated().prefix(kept) {
            for (row, key) in rows.enumerated() { oldPlaces[key] = IndexPath(row: row, section: section) }
        }
        var newPlaces: [Key: IndexPath] = [:]
        for (section, rows) in new.enumerated().prefix(kept) {
            for (row, key) in rows.enumerated() { newPlaces[key] = IndexPath(row: row, section: section) }
        }

        var update = BatchUpdate()
        var deleted: [IndexPath] = [], inserted: [IndexPath] = [], reloaded: [IndexPath] = []
        for section in 0..<kept {
            // The staying rows of this section, in their old order, by their new row number.
            var staying: [(key: Key, from: IndexPath, to: Int)] = []
            for (row, key) in old[section].enumerated() {
                let from = IndexPath(row: row, section: section)
                guard let to = newPlaces[key] else { deleted.append(from); continue }
                if to.section == section { staying.append((key, from, to.row)) }
            }
            let candidates = staying.indices.filter { !moved.contains(staying[$0].key) }
            let keeps = Set(longestIncreasingRun(candidates.map { staying[$0].to }).map { candidates[$0] })
            for (position, row) in staying.enumerated() {
                if keeps.contains(position) {
                    if changed.contains(row.key) { reloaded.append(row.from) }
                } else {
                    update.moveRow(at: row.from, to: IndexPath(row: row.to, section: section))
                }
            }
            for (row, key) in old[section].enumerated() {
                if let to = newPlaces[key], to.section != section { update.moveRow(at: IndexPath(row: row, section: section), to: to) }
            }
            for (row, key) in new[section].enumerated() where oldPlaces[key] == nil {
                inserted.append(IndexPath(row: row, section: section))
            }
        }
        if !deleted.isEmpty { update.deleteRows(at: deleted) }
        if !inserted.isEmpty { update.insertRows(at: inserted) }
        if !reloaded.isEmpty { update.reloadRows(at: reloaded) }
        if old.count > kept { update.deleteSections(Array(kept..<old.count)) }
        if new.count > kept { update.insertSections(Array(kept..<new.count)) }
        return update
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
