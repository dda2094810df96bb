/// The name someone most likely meant when they wrote one that is not there: the one that
/// differs from it by the fewest letters changed, added, dropped or swapped with the next, in
/// any case ("tittle", "Title" and "titel" are "title").
package enum NearestName {
    /// The one of `names` within two such edits of `written` (one when `written` has four
    /// letters or fewer, and always fewer than it has letters), `nil` when none is that close or
    /// two are equally close.
    package static func of(_ written: String, among names: some Sequence<String>) -> String? {
        let typed = Array(written.lowercased())
        let most = min(typed.count <= 4 ? 1 : 2, typed.count - 1)
        guard most >= 0 else { return nil }
        var best: (name: String, distance: Int)?
        var tied = false
        for name in names {
            let distance = Self.distance(typed, Array(name.lowercased()), atMost: most)
            guard distance <= most else { continue }
            if let current = best, distance >= current.distance {
                if distance == current.distance { tied = true }
                continue
            }
            (best, tied) = ((name, distance), false)
        }
        return tied ? nil : best?.name
    }

    /// `, did you mean "name"?` for a message, or nothing.
    package static func hint(_ written: String, among names: some Sequence<String>) -> String {
        of(written, among: names).map { ", did you mean \"\($0)\"?" } ?? ""
    }

    /// The edits (optimal string alignment: an adjacent swap is one) from `a` to `b`; anything
    /// above `limit` is returned as `limit + 1`.
    private static func distance(_ a: [Character], _ b: [Character], atMost limit: Int) -> Int {
        guard abs(a.count - b.count) <= limit else { return limit + 1 }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        // Three rows of the table: the one being filled and the two above it.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var oneBack = Array(0...b.count)
        var row = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            row[0] = i
            for j in 1...b.count {
                row[j] = min(oneBack[j] + 1, row[j - 1] + 1, oneBack[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], twoBack[j - 2] + 1) }
            }
            (twoBack, oneBack, row) = (oneBack, row, twoBack)
        }
        return min(oneBack[b.count], limit + 1)
    }
}
