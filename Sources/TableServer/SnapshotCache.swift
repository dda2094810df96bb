import Foundation
import TableApp
import TableKit
import TableSite
import TableStore

/// Snapshots of app-file scenes, kept by what they are built from, so that the HTML page, its
/// JSON twin and a 409 page showing one state of a list share one build: a burst of refused
/// edits or API reads costs a render from rows already rendered, not a new snapshot of the whole
/// list each. Bounded by the rows it holds; the least recently kept go first (snapshots of older
/// revisions are never asked for again).
final class SnapshotCache: @unchecked Sendable {
    /// What a scene's snapshot is built from: its place, mode and window, the revisions of the
    /// lists it shows, and the item it shows them for (a table header or footer is filled from
    /// it, and its list is not among the scene's revisions).
    private struct Key: Hashable {
        var path: [String]
        var isEditing: Bool
        var window: RowWindow?
        var revisions: String
        var item: StoredItem?
    }

    private let lock = NSLock()
    private var entries: RowBoundedStore<Key, TableSnapshot>

    init(capacity: Int = 60_000) { entries = RowBoundedStore(capacity: capacity) }

    /// The snapshot of `page` (a scene as loaded, with nothing changed in it since) in editing
    /// mode or not: kept, or built by its controller and kept.
    func snapshot(of page: SitePage, isEditing: Bool) throws -> TableSnapshot {
        let build = { try page.controller.snapshot(isEditing: isEditing) }
        guard let scene = page.scene else { return try build() }
        let key = Key(path: page.path, isEditing: isEditing, window: scene.window, revisions: scene.revisionToken, item: scene.item)
        if let kept = lock.withLock({ entries[key] }) { return kept }
        let snapshot = try build()
        lock.withLock { entries.keep(snapshot, rows: snapshot.rowCounts.reduce(0, +), for: key) }
        return snapshot
    }
}
