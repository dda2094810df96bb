extension Array {
    /// This array and `other`, each in the order `precedes` gives, merged into one in that order
    /// (this array's element first of two that neither precedes).
    func merged(with other: [Element], by precedes: (Element, Element) -> Bool) -> [Element] {
        var merged: [Element] = []
        merged.reserveCapacity(count + other.count)
        var (i, j) = (0, 0)
        while i < count, j < other.count {
            if precedes(other[j], self[i]) {
                merged.append(other[j])
                j += 1
            } else {
                merged.append(self[i])
                i += 1
            }
        }
        merged += self[i...]
        merged += other[j...]
        return merged
    }

    /// Whether each element comes after the one before in the order `precedes` gives.
    func isInOrder(by precedes: (Element, Element) -> Bool) -> Bool {
        indices.dropFirst().allSatisfy { precedes(self[$0 - 1], self[$0]) }
    }
}
