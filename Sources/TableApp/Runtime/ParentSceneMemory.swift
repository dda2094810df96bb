import Foundation
import TableStore

/// The scenes the levels above a page were loaded as, by path, handed out again while every list
/// each depends on (its own, and those of the levels above it) is certainly at the revision it
/// was loaded at (`DataStore.certainRevision`). A page or an action below a level loads every
/// level on its way, and those rarely change: an edit three levels down loaded the root and the
/// list above it again for every post.
///
/// Only levels above the one asked for come from here: a page's own scene is always loaded, so
/// an action's checks see the lists as the database has them. Bounded by the rows the scenes
/// hold, like the row cache whose rows they share; the least recently kept or used go first.
final class ParentSceneMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var scenes: RowBoundedStore<[String], ResolvedScene>
    private var hits = 0

    /// Makes an empty memory of scenes holding up to `capacity` rows in all.
    init(capacity: Int) {
        scenes = RowBoundedStore(capacity: capacity)
    }

    /// The scene kept for `path`, if every list it depends on is certainly where it was.
    func scene(at path: [String], in store: any DataStore) -> ResolvedScene? {
        guard let scene = lock.withLock({ scenes.use(path) }) else { return nil }
        for (list, revision) in scene.revisions where store.certainRevision(of: list) != revision { return nil }
        for (list, revision) in scene.ancestorRevisions where store.certainRevision(of: list) != revision { return nil }
        lock.withLock { hits += 1 }
        return scene
    }

    /// Keeps `scene`, as a load made it, for the next path through it.
    func keep(_ scene: ResolvedScene) {
        let rows = scene.sections.reduce(1) { $0 + $1.rows.count }
        lock.withLock { scenes.keep(scene, rows: rows, for: scene.path) }
    }

    /// How many levels were handed out instead of loaded.
    var hitCount: Int { lock.withLock { hits } }
}
