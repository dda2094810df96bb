import Foundation
import Synchronization
import TableStore

/// The folders fresh exports are being made in, beside their targets, for a command that must
/// end at once (a second Ctrl-C): `removeAll` removes them, and from then on none is renamed
/// into place. (At the first, the export is cancelled and removes its folder itself.)
public enum StagingFolders {
    private static let state = Mutex<(folders: Set<String>, isRemoving: Bool)>(([], false))

    static func add(_ path: String) { state.withLock { _ = $0.folders.insert(path) } }

    /// The folder a fresh export of `target` is made in: beside it, named with this process's
    /// id, so that another export can tell one left by a process that is gone (killed).
    static func name(besides target: String) -> String {
        target + partialMark + "\(getpid())-" + UUID().uuidString
    }

    private static let partialMark = ".tablestack-partial-"

    /// Removes the folders beside `target` that exports of it left when their process was
    /// killed (its id names no process now): half-made sites no one will finish. Those of a
    /// process still running, or of a TableStack that did not name its process, are kept.
    static func removeLeftovers(besides target: String) {
        let folder = FilePaths.folder(of: target).isEmpty ? "." : FilePaths.folder(of: target)
        let prefix = (target.split(separator: "/").last.map(String.init) ?? target) + partialMark
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) {
            guard let process = Int32(name.dropFirst(prefix.count).prefix { $0 != "-" }), process > 0,
                  kill(process, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(atPath: (folder == "/" ? "" : folder) + "/" + name)
        }
    }

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
