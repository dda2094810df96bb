/// The keys the commits since some moment touched in a list, asked about every item of it: a
/// commit touches few, and comparing a key with a handful is cheaper than hashing it.
package struct TouchedKeys: Sendable {
    package let all: Set<String>
    private let few: [String]?

    package init(_ keys: Set<String>) {
        all = keys
        few = keys.count <= 8 ? Array(keys) : nil
    }

    package func contains(_ key: String) -> Bool { few?.contains(key) ?? all.contains(key) }
}
