import Foundation
import Glibc

/// The page files an earlier export left in the folder whose pages the site no longer has (an
/// item deleted, a list emptied): removed, so a published snapshot stops serving what its data no
/// longer holds. Only files the last export recorded, still exactly as it left them, are removed;
/// a file someone changed or put there since, and any other file, stays. Folders left empty by
/// the removals go too.
enum StalePages {
    /// Removes from `folder` the files of `previous`'s pages that are not in `current` (file names
    /// relative to the folder); returns the names it removed.
    static func remove(_ previous: ExportState, keeping current: Set<String>, in folder: String) -> [String] {
        let stale = previous.pages.filter { !current.contains($0.file) && isPageName($0.file) }
        guard !stale.isEmpty else { return [] }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return [] }
        defer { close(descriptor) }
        var removed: [String] = []
        // Deepest first, so that a page's folder is empty once the pages below it are gone.
        for (file, stamp) in stale.sorted(by: { $0.file.utf8.count > $1.file.utf8.count }) {
            guard ExportState.stamp(of: file, in: descriptor) == stamp, unlinkat(descriptor, file, 0) == 0 else { continue }
            removed.append(file)
            var parent = file
            while let slash = parent.lastIndex(of: "/") {
                parent = String(parent[..<slash])
                // Fails, and stops, at a folder that still holds anything.
                guard unlinkat(descriptor, parent, AT_REMOVEDIR) == 0 else { break }
            }
        }
        return removed
    }

    /// Whether `file` is a name an export gives a page below the root (`a/b/index.html`), with no
    /// empty, `.` or `..` folder: a state file edited by hand cannot point outside the folder.
    static func isPageName(_ file: String) -> Bool {
        let parts = file.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.last == "index.html" && parts.dropLast().allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
