import Foundation
import Synchronization
import TableApp
import TableRender
import TableStore

/// Rendered table pages kept while the lists they show are unchanged. An entry is keyed by the
/// page's URL and view state, and remembers the revision of every list its bytes depend on; a
/// hit costs one revision read per list instead of loading, collating and rendering. The
/// session's form token is left as a placeholder and filled in per request. Revisions are read
/// from the store, so several servers sharing a database never serve each other's stale pages.
final class PageCache: @unchecked Sendable {
    struct Entry {
        var revisions: [ListID: Int]
        /// The page's bytes, split where the form token goes.
        var page: SplicedPage
        /// The start of the page's ETag (`PageRenderer.etagPrefix`), the same for every request.
        var etagPrefix: String

        init(revisions: [ListID: Int], page: SplicedPage, etagPrefix: String) {
            self.revisions = revisions
            self.etagPrefix = etagPrefix
            self.page = page
        }

        /// The entry of `page`, rendered by `renderer` from `scene`, whose lists were at `revisions`.
        init(revisions: [ListID: Int], page: SplicedPage, scene: ResolvedScene, renderer: PageRenderer) {
            self.init(revisions: revisions, page: page, etagPrefix: renderer.etagPrefix(revisions: scene.revisionNumbers))
        }
    }

    /// Stands for the session's CSRF token in cached pages.
    static let tokenPlaceholder = "tablestack-csrf-placeholder"

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private let answersOnEventLoop = Atomic<Int>(0)
    private let capacity: Int

    init(capacity: Int = 512) { self.capacity = capacity }

    /// The cached page for `key`, if every list it depends on is still at the same revision.
    func page(for key: String, store: any DataStore) async throws -> Entry? {
        guard let entry = lock.withLock({ entries[key] }), try await Self.areCurrent(entry.revisions, in: store) else { return nil }
        return entry
    }

    /// Whether every list in `revisions` is still at its revision there, as the store says now.
    static func areCurrent(_ revisions: [ListID: Int], in store: any DataStore) async throws -> Bool {
        for (list, revision) in revisions where try await store.revision(of: list) != revision { return false }
        return true
    }

    /// The cached page for `key` when the store can vouch at once that every list it depends on
    /// is still at the same revision (`DataStore.revisionNow`); `nil` otherwise.
    func pageNow(for key: String, store: any DataStore) -> Entry? {
        guard let entry = lock.withLock({ entries[key] }) else { return nil }
        for (list, revision) in entry.revisions where store.revisionNow(of: list) != revision {
            return nil
        }
        return entry
    }

    /// Counts an answer made from a kept page on an event loop (`SiteServer.warmAnswer`).
    func noteAnswerOnEventLoop() { answersOnEventLoop.add(1, ordering: .relaxed) }

    /// How many answers were made from kept pages on an event loop.
    package var answeredOnEventLoop: Int { answersOnEventLoop.load(ordering: .relaxed) }

    func store(_ entry: Entry, for key: String) {
        lock.lock()
        defer { lock.unlock() }
        if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
        entries[key] = entry
    }
}
