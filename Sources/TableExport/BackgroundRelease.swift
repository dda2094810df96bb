import Dispatch
import Glibc
import Synchronization

/// Lets go of large values on a background task, off the caller's path.
///
/// At the end of a re-export of 10,000 pages, freeing its results, plan and state object by
/// object took about 7 ms of the run's 140. The command line ends the process once the report
/// is printed, and a server has no need to wait for the memory either.
enum BackgroundRelease {
    /// Takes `value` over, to be freed when a task at utility priority gets to it (if the process
    /// is still running). What the caller hands in with `consume` is this task's alone; what it
    /// hands in as a copy is freed by whichever side lets go last, most often the caller first.
    ///
    /// With `keepingToExit` (the process ends once the export returns, leaving its memory to
    /// the kernel), `value` is kept instead: its frees, a record and a result at a time, would
    /// only take a core from the export's last work.
    static func release<Value: Sendable>(_ value: consuming Value, keepingToExit: Bool = false) {
        let held = value
        if keepingToExit {
            keptToExit.withLock { $0.append(held) }
        } else {
            Task.detached(priority: .utility) { withExtendedLifetime(held) {} }
        }
    }

    /// What exports in a process that ends after them let go of, never freed.
    private static let keptToExit = Mutex<[any Sendable]>([])

    /// How many values are kept to the process's end.
    static var keptToExitCount: Int { keptToExit.withLock { $0.count } }

    /// Closes `descriptor` on a background queue: the last reference to a file unlinked or
    /// renamed over, whose cached pages the kernel frees as it goes.
    static func close(_ descriptor: Int32) {
        DispatchQueue.global(qos: .utility).async { _ = Glibc.close(descriptor) }
    }
}
