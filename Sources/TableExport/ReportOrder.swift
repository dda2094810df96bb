/// The order of an export's pages in its report, its sitemap and the files it keeps: breadth
/// first, and by path within a level. The records of the last export are kept in it, so an
/// export that carries most pages merges the few it made into them instead of sorting them all.
enum ReportOrder {
    static func precedes(_ first: [String], _ second: [String]) -> Bool {
        first.count != second.count ? first.count < second.count : first.lexicographicallyPrecedes(second)
    }

    /// `pages` (in the order) put into `all` (in the order) where they belong, each before any
    /// page it does not follow. A few are moved in one by one, the pages after each shifted
    /// along (the thousands carried are not copied); more are merged into a new array.
    static func insert(_ pages: [PageResult], into all: inout [PageResult]) {
        guard pages.count <= 32 else {
            all = pages.merged(with: all) { precedes($0.path, $1.path) }
            return
        }
        // Each page goes after the one before it: the search starts where that one went.
        var low = 0
        for page in pages {
            var high = all.count
            while low < high {
                let middle = (low + high) / 2
                if precedes(all[middle].path, page.path) { low = middle + 1 } else { high = middle }
            }
            all.insert(page, at: low)
            low += 1
        }
    }
}
