/// The order of an export's pages in its report, its sitemap and the files it keeps: breadth
/// first, and by path within a level. The records of the last export are kept in it, so an
/// export that carries most pages merges the few it made into them instead of sorting them all.
enum ReportOrder {
    static func precedes(_ first: [String], _ second: [String]) -> Bool {
        first.count != second.count ? first.count < second.count : first.lexicographicallyPrecedes(second)
    }

    /// `first` and `second`, each in the order, merged into one in the order.
    static func merged(_ first: [PageResult], _ second: [PageResult]) -> [PageResult] {
        first.merged(with: second) { precedes($0.path, $1.path) }
    }
}
