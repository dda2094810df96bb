import Foundation
import TableKit

/// The last snapshot built of each list scene, with the rows it was built from, so that the next
/// build after a commit asks the scene's rules only about the rows the commit touched, as UIKit
/// keeps the cells of the rows a batch update does not reload (`RowReuse`). Bounded by the rows
/// it holds; the least recently built scenes go first.
final class SceneSnapshotMemory: @unchecked Sendable {
    /// A snapshot and what it was built from.
    struct Kept: Sendable {
        var configuration: TableConfiguration
        /// The rows the snapshot was built from, held so that their identities, and their
        /// arrays' storage, stay theirs.
        var rows: [[SceneRow]]
        var owners: [SectionOwner?]
        var itemCounts: [Int]
        var snapshot: TableSnapshot
    }

    private struct Key: Hashable {
        var scene: String
        var path: [String]
        var isInfo: Bool
        var isEditing: Bool
    }

    private let lock = NSLock()
    private var kept: RowBoundedStore<Key, Kept>

    private var partialReuses = 0

    init(capacity: Int) { kept = RowBoundedStore(capacity: capacity) }

    /// How many builds were offered a snapshot of the same shape in which some rows, not all,
    /// were carried on unchanged: the builds that asked again only about the rows commits touched.
    var partialReuseCount: Int { lock.withLock { partialReuses } }

    /// What `scene` in editing mode or not can take from the snapshot built before, if any.
    func reuse(for scene: ResolvedScene, configuration: TableConfiguration) -> RowReuse? {
        guard let kept = lock.withLock({ kept[Self.key(scene, configuration)] }),
              kept.owners == scene.sections.map(\.owner), kept.itemCounts == scene.itemCounts else { return nil }
        let now = scene.sections.map(\.rows), before = kept.rows
        // A section whose rows are the very array built from last time (the rows of a section no
        // commit touched are carried whole) is unchanged without a look at its rows; in the
        // others, each row is unchanged where it is the same build as the row in its place.
        let sameArray = now.indices.map { before.indices.contains($0) && now[$0].hasSameStorage(as: before[$0]) }
        let unchanged = now.indices.map { section in
            sameArray[section] ? Array(repeating: true, count: now[section].count)
                : before.indices.contains(section) ? SceneRow.sameBuilds(now[section], before[section]) : []
        }
        if configuration == kept.configuration, now.map(\.count) == before.map(\.count) {
            let all = unchanged.joined()
            if all.contains(true), all.contains(false) { lock.withLock { partialReuses += 1 } }
        }
        // The build asks only where the row counts are those of the snapshot before.
        return RowReuse(previous: kept.snapshot, configuration: kept.configuration, isUnchanged: { path in
            unchanged.indices.contains(path.section) && unchanged[path.section].indices.contains(path.row) && unchanged[path.section][path.row]
        }, isSectionUnchanged: { sameArray[$0] }, unchangedRows: { unchanged[$0] })
    }

    /// Keeps `snapshot`, built of `scene` with `configuration`.
    func keep(_ snapshot: TableSnapshot, of scene: ResolvedScene, configuration: TableConfiguration) {
        let entry = Kept(configuration: configuration, rows: scene.sections.map(\.rows), owners: scene.sections.map(\.owner),
                         itemCounts: scene.itemCounts, snapshot: snapshot)
        lock.withLock { kept.keep(entry, rows: snapshot.rowCounts.reduce(0, +), for: Self.key(scene, configuration)) }
    }

    private static func key(_ scene: ResolvedScene, _ configuration: TableConfiguration) -> Key {
        Key(scene: scene.scene.name, path: scene.path, isInfo: scene.isInfo, isEditing: configuration.isEditing)
    }
}
