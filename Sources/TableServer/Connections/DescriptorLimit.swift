#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's limit on open files, which bounds how many connections it can hold.
public enum DescriptorLimit {
    /// Descriptors kept free of connections: the database and its journal, the listening
    /// socket, standard streams, files read for large assets.
    static let reserved = 48

    /// Raises the soft limit to the hard one (many systems start processes at 1,024 while
    /// allowing far more) and returns the limit in force.
    @discardableResult
    public static func raise() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        if limit.rlim_cur < limit.rlim_max {
            var raised = limit
            raised.rlim_cur = limit.rlim_max
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        return current(limit)
    }

    /// The soft limit in force now.
    public static func current() -> Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 1_024 }
        return current(limit)
    }

    /// RLIM_INFINITY is all ones, which Swift cannot import as a literal of an unsigned type.
    private static func current(_ limit: rlimit) -> Int {
        limit.rlim_cur == rlim_t.max ? Int(Int32.max) : Int(clamping: limit.rlim_cur)
    }
}
