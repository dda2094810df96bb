/// The order of an export's pages in its report, its sitemap and the files it keeps: breadth
/// first, and by path within a level. The records of the last export are kept in it, so an
/// export that carries most pages merges the few it made into them instead of sorting them all.
enum ReportOrder {
    static func precedes(_ first: [String], _ second: [String]) -> Bool {
        first.count != second.count ? first.count < second.count : first.lexicographicallyPrecedes(second)
    }

    /// Whether `paths` are in the order, each after the one before.
    static func holds(for paths: some Sequence<[String]>) -> Bool {
        var last: [String]?
        for path in paths {
            if let last, !precedes(last, path) { return false }
            last = path
        }
        return true
    }

    /// `first` and `second`, each in the order, merged into one in the order.
    static func merged(_ first: [PageResult], _ second: [PageResult]) -> [PageResult] {
        var merged: [PageResult] = []
        merged.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count, j < second.count {
            if precedes(second[j].path, first[i].path) {
                merged.append(second[j])
                j += 1
            } else {
                merged.append(first[i])
                i += 1
            }
        }
        merged += first[i...]
        merged += second[j...]
        return merged
    }
}
