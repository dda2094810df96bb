import Foundation
import Glibc

/// The page files an earlier export left in the folder whose pages the site no longer has (an
/// item deleted, a list emptied): removed, so a published snapshot stops serving what its data no
/// longer holds. Only files the last export recorded, still exactly as it left them, are removed;
/// a file someone changed or put there since, and any other file, stays. Folders left empty by
/// the removals go too. No symbolic link is followed, so nothing outside the folder is touched.
enum StalePages {
    /// Removes from `folder` the files of `previous`'s pages that are not in `current` (file names
    /// relative to the folder); returns the names it removed.
    static func remove(_ previous: ExportState, keeping current: some Collection<String>, in folder: String) -> [String] {
        let stale = previous.pages.filter { !current.contains($0.file) && isPageName($0.file) }
        guard !stale.isEmpty else { return [] }
        let root = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return [] }
        defer { close(root) }
        // On a file system that ignores case, `Milk/index.html` may be the current `milk/index.html`.
        let kept = Set(current.compactMap { ExportState.stamp(of: $0, in: root)?.inode })
        var removed: [String] = []
        // Deepest first, so that a page's folder is empty once the pages below it are gone.
        for (file, stamp) in stale.sorted(by: { $0.file.utf8.count > $1.file.utf8.count }) {
            let folders = file.split(separator: "/").dropLast().map(String.init)
            // Each folder opened without following a link: the descriptors of the root and every folder below it.
            var descriptors = [root]
            defer { for descriptor in descriptors.dropFirst() { close(descriptor) } }
            for name in folders {
                let descriptor = openat(descriptors.last!, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard descriptor >= 0 else { break }
                descriptors.append(descriptor)
            }
            guard descriptors.count == folders.count + 1, let page = descriptors.last,
                  let left = ExportState.stamp(of: "index.html", in: page, followingLinks: false), left == stamp, !kept.contains(left.inode),
                  unlinkat(page, "index.html", 0) == 0 else { continue }
            removed.append(file)
            // Each folder from the deepest up, while it is empty (removing one that is not fails).
            for (parent, name) in zip(descriptors.dropLast(), folders).reversed() {
                guard unlinkat(parent, name, AT_REMOVEDIR) == 0 else { break }
            }
        }
        return removed
    }

    /// Whether `file` is a name an export gives a page below the root (`a/b/index.html`), with no
    /// empty, `.` or `..` folder.
    static func isPageName(_ file: String) -> Bool {
        let parts = file.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count >= 2 && parts.last == "index.html" && parts.dropLast().allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }
}
