import Foundation
import Synchronization

/// The folders fresh exports are being made in, beside their targets, for a command that must
/// end at once (a second Ctrl-C): `removeAll` removes them, and from then on none is renamed
/// into place. (At the first, the export is cancelled and removes its folder itself.)
public enum StagingFolders {
    private static let state = Mutex<(folders: Set<String>, isRemoving: Bool)>(([], false))

    static func add(_ path: String) { state.withLock { _ = $0.folders.insert(path) } }

    static func remove(_ path: String) { state.withLock { _ = $0.folders.remove(path) } }

    /// Renames `path` to `target` unless the folders are being removed; the system's error
    /// number when it does not.
    static func rename(_ path: String, to target: String) -> Int32? {
        state.withLock { state in
            guard !state.isRemoving else { return ECANCELED }
            guard Glibc.rename(path, target) == 0 else { return errno }
            state.folders.remove(path)
            return nil
        }
    }

    /// Removes every staging folder. Held under the lock, so that no export renames one into
    /// place meanwhile; the export's own threads may still write pages into it (a folder made
    /// again in it meets a removed parent and fails), so a removal that meets a file made
    /// meanwhile is tried again.
    public static func removeAll() {
        state.withLock { state in
            state.isRemoving = true
            for path in state.folders {
                for _ in 0..<20 {
                    guard (try? FileManager.default.attributesOfItem(atPath: path)) != nil else { break }
                    try? FileManager.default.removeItem(atPath: path)
                }
            }
        }
    }
}
