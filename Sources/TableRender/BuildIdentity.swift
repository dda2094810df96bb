import Foundation
import Glibc

/// This executable's size and modification time: another build is another executable (the
/// built-in demo, the page logic and the template checks live in it, and in a release build
/// Swift's runtime and Foundation too). What an export or a template check recorded is taken as
/// this build's only when it names the same. The shared libraries it loads (ICU's collation,
/// libxml2, SQLite, and in a debug build Swift's own) are not looked at: after upgrading those
/// alone, remove an export folder's `.tablestack-export-state` and `.tablestack-export-pages` to
/// have every page made again and the templates checked again (libxml2 checks their markup).
public enum BuildIdentity {
    /// Asked once a process: the executable a process runs does not change under it.
    public static let current: String = {
        var info = stat()
        // Unknown: a value no other process has, so that nothing is taken as this build's.
        guard stat("/proc/self/exe", &info) == 0 else { return "unknown " + UUID().uuidString }
        return "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }()
}
