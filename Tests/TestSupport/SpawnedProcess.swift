import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with posix_spawn, its standard output on a pipe the test reads and
/// its standard error discarded: what the tests' servers run as. Foundation's `Process.run()`
/// crashed inside itself on Linux (a bad read while preparing the child) even one launch at a
/// time, when many servers were started while other threads were busy; posix_spawn has no such
/// state of its own. The names follow `Process`, so callers read the same.
public final class SpawnedProcess: @unchecked Sendable {
    public enum TerminationReason: Sendable { case exit, uncaughtSignal }

    public let processIdentifier: pid_t
    private let output: Int32
    private let lock = NSLock()
    private var status: Int32?

    /// Starts `executable` with `arguments`, in this process's environment.
    public init(executable: String, arguments: [String]) throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw CocoaError(.fileWriteUnknown) }
        // Not inherited by any other child started meanwhile (dup2 onto 1 clears the flag there).
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, fds[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // The test's own sockets are not the child's: a copy held there would keep a connection
        // the test closed open (no FIN reaches the server under test).
        Self.closeDescriptorsAboveStandard(in: &actions)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(fds[1])
        guard spawned == 0 else {
            close(fds[0])
            throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: executable])
        }
        processIdentifier = pid
        output = fds[0]
    }

    deinit { close(output) }

    /// Adds to `actions` the closing of every descriptor but the standard three in the child.
    /// glibc has it since 2.34, but its header shows it only to GNU sources: found by name.
    static func closeDescriptorsAboveStandard(in actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }

    /// The next bytes the child wrote to its standard output, waiting for them; empty at its end.
    public func readOutput() -> Data {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(output, &buffer, buffer.count)
            if count >= 0 { return Data(buffer[0..<count]) }
            if errno != EINTR { return Data() }
        }
    }

    /// Asks the child to stop (SIGTERM).
    public func terminate() {
        // A child already waited for may have lent its number to another process since.
        guard lock.withLock({ status == nil }) else { return }
        kill(processIdentifier, SIGTERM)
    }

    /// Waits until the child has exited.
    public func waitUntilExit() {
        lock.withLock {
            guard status == nil else { return }
            var raw: Int32 = 0
            while waitpid(processIdentifier, &raw, 0) == -1 && errno == EINTR {}
            status = raw
        }
    }

    /// Whether the child has not exited yet.
    public var isRunning: Bool {
        lock.withLock {
            guard status == nil else { return false }
            var raw: Int32 = 0
            guard waitpid(processIdentifier, &raw, WNOHANG) == processIdentifier else { return true }
            status = raw
            return false
        }
    }

    /// The exit code, or the signal that ended the child.
    public var terminationStatus: Int32 {
        let raw = lock.withLock { status } ?? 0
        return raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f
    }

    public var terminationReason: TerminationReason {
        (lock.withLock { status } ?? 0) & 0x7f == 0 ? .exit : .uncaughtSignal
    }
}
