/// Lets go of large values on a background task, off the caller's path.
///
/// At the end of a re-export of 10,000 pages, freeing its results, plan and state object by
/// object took about 7 ms of the run's 140. The command line ends the process once the report
/// is printed, and a server has no need to wait for the memory either.
enum BackgroundRelease {
    /// Takes `value` over: the caller hands its last reference in (with `consume`), and the
    /// value is freed when a background task gets to it, if the process is still running.
    static func release<Value: Sendable>(_ value: consuming Value) {
        let held = value
        Task.detached(priority: .background) { withExtendedLifetime(held) {} }
    }
}
