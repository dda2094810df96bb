import Foundation

/// Starts test processes one at a time. Foundation's `Process.run()` is not safe to call from two
/// threads at once on Linux: two suites starting a server at the same moment crashed inside it
/// (a bad read while it prepared the child). The tests' servers start through `SpawnedProcess`
/// (posix_spawn), since it crashed once even here; the few other processes start through this.
public enum ProcessLaunch {
    private static let lock = NSLock()

    /// Runs `process`, waiting for any other test's launch to finish first.
    public static func run(_ process: Process) throws {
        try lock.withLock { try process.run() }
    }
}
