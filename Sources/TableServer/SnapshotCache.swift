import Foundation
import TableApp
import TableKit
import TableSite

/// Snapshots of app-file scenes, kept by path, view state and the revisions of the lists they
/// show, so that the HTML page, its JSON twin and a 409 page showing one state of a list share
/// one build: a burst of refused edits or API reads costs a render from rows already rendered,
/// not a new snapshot of the whole list each. Bounded by the rows it holds.
final class SnapshotCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: TableSnapshot] = [:]
    private var rowCount = 0
    private let capacity: Int

    init(capacity: Int = 60_000) { self.capacity = capacity }

    /// The snapshot of `page` (a scene as loaded, with nothing changed in it since) in editing
    /// mode or not: kept, or built by `build` and kept.
    func snapshot(of page: SitePage, isEditing: Bool, build: () throws -> TableSnapshot) rethrows -> TableSnapshot {
        guard let scene = page.scene else { return try build() }
        let window = scene.window.map { "\($0.range.lowerBound)-\($0.range.upperBound)" } ?? ""
        let key = page.path.joined(separator: "/") + "|" + String(isEditing) + "|" + window + "|" + scene.revisionToken
        if let kept = lock.withLock({ entries[key] }) { return kept }
        let snapshot = try build()
        let rows = snapshot.sections.reduce(0) { $0 + $1.rows.count }
        guard rows <= capacity else { return snapshot }
        lock.withLock {
            if rowCount + rows > capacity {
                // Snapshots of older revisions are never asked for again: start afresh.
                entries.removeAll(keepingCapacity: true)
                rowCount = 0
            }
            if entries.updateValue(snapshot, forKey: key) == nil { rowCount += rows }
        }
        return snapshot
    }
}
