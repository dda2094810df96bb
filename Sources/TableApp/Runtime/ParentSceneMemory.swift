import Foundation
import TableStore

/// The scenes the levels above a page were loaded as, by path, handed out again while every list
/// each depends on (its own, and those of the levels above it) is certainly at the revision it
/// was loaded at (`DataStore.certainRevision`). A page or an action below a level loads every
/// level on its way there, and the levels near the root rarely change.
///
/// Only levels above the one asked for come from here: a page's own scene is always loaded, so
/// an action's checks see the lists as the database has them. A scene is kept only while its
/// revisions are certain (never on a store that cannot be, such as PostgreSQL's) and only up to
/// the row cache's longest list; all together hold at most `capacity` rows, the least recently
/// kept or used going first. `@unchecked Sendable`: the store of scenes is read and changed
/// under `lock` only.
final class ParentSceneMemory: @unchecked Sendable {
    private let lock = NSLock()
    private var scenes: RowBoundedStore<[String], ResolvedScene>
    private let largestScene: Int
    private var hits = 0

    /// Makes an empty memory of scenes holding up to `capacity` rows in all, none of more than
    /// `largestScene` rows.
    init(capacity: Int, largestScene: Int) {
        scenes = RowBoundedStore(capacity: capacity)
        self.largestScene = largestScene
    }

    /// The scene kept for `path`, if every list it depends on is certainly where it was.
    func scene(at path: [String], in store: any DataStore) -> ResolvedScene? {
        guard let scene = lock.withLock({ scenes.use(path) }), Self.isCurrent(scene, in: store) else { return nil }
        lock.withLock { hits += 1 }
        return scene
    }

    /// Keeps `scene`, as a load made it, for the next path through it: when its revisions are
    /// still certain (a commit during its load leaves it out) and it is not too long to keep.
    func keep(_ scene: ResolvedScene, in store: any DataStore) {
        let rows = scene.sections.reduce(1) { $0 + $1.rows.count }
        guard rows <= largestScene, Self.isCurrent(scene, in: store) else { return }
        lock.withLock { scenes.keep(scene, rows: rows, for: scene.path) }
    }

    /// How many levels were handed out instead of loaded.
    var hitCount: Int { lock.withLock { hits } }

    /// Whether every list `scene` depends on is certainly at the revision the scene read it at.
    private static func isCurrent(_ scene: ResolvedScene, in store: any DataStore) -> Bool {
        scene.revisions.allSatisfy { store.certainRevision(of: $0.key) == $0.value }
            && scene.ancestorRevisions.allSatisfy { store.certainRevision(of: $0.key) == $0.value }
    }
}
