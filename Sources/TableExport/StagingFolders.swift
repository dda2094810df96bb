import Foundation
import Synchronization

/// The folders fresh exports are being made in, beside their targets. A command interrupted
/// (Ctrl-C, SIGTERM) removes them before it exits, so no half-made site is left beside the
/// folder that was asked for.
public enum StagingFolders {
    private static let folders = Mutex<Set<String>>([])

    static func add(_ path: String) { folders.withLock { _ = $0.insert(path) } }

    static func remove(_ path: String) { folders.withLock { _ = $0.remove(path) } }

    /// Removes every staging folder. The export's own threads may still be writing pages into
    /// one: a removal that meets a file made meanwhile is tried again.
    public static func removeAll() {
        for path in folders.withLock({ $0 }) {
            for _ in 0..<20 {
                guard (try? FileManager.default.attributesOfItem(atPath: path)) != nil else { break }
                try? FileManager.default.removeItem(atPath: path)
            }
        }
    }
}
