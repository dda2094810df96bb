import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with posix_spawn: how every test starts a program. Foundation's
/// `Process` is not used anywhere in the tests. On Linux its `run()` crashed inside itself (a bad
/// read while preparing the child) when other threads were busy, its `waitUntilExit()` did not
/// return once although the child had exited (it waits on a run loop, not on the child), and a
/// child it starts can inherit a pipe another test opened meanwhile. Here the child keeps only
/// its standard three descriptors, and every wait has a deadline. The names follow `Process`.
public final class SpawnedProcess: @unchecked Sendable {
    public enum TerminationReason: Sendable { case exit, uncaughtSignal }

    /// Where the child's standard error goes.
    public enum Errors: Sendable {
        /// To /dev/null.
        case discarded
        /// To a pipe of its own, read with `collect(within:)`.
        case piped
        /// Into standard output's pipe.
        case withOutput
        /// To the test's own standard error.
        case inherited
    }

    /// What a program run to its end printed, and how it ended.
    public struct Completed: Sendable {
        public var status: Int32
        public var output: String
        public var errors: String
    }

    /// A program still running at its deadline, killed then; what it printed till then.
    public struct TimedOut: Error, CustomStringConvertible {
        public var command: String
        public var seconds: TimeInterval
        public var printed: String
        public var description: String { "\(command) was still running after \(Int(seconds)) s and was killed; it printed: \(printed)" }
    }

    public let processIdentifier: pid_t
    private let command: String
    private let output: Int32
    private let errors: Int32?
    private let lock = NSLock()
    private var status: Int32?

    /// Starts `executable` with `arguments`, in this process's environment, standard output on a
    /// pipe the test reads and standard error as `errors` says; in `directory` when one is given.
    public init(executable: String, arguments: [String], errors errorsGo: Errors = .discarded, directory: String? = nil) throws {
        command = ([executable] + arguments).joined(separator: " ")
        let outputPipe = try Self.pipe()
        let errorPipe = errorsGo == .piped ? try Self.pipe() : nil
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 1)
        switch errorsGo {
        case .discarded: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .piped: posix_spawn_file_actions_adddup2(&actions, errorPipe!.write, 2)
        case .withOutput: posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 2)
        case .inherited: break
        }
        // The test's own sockets and pipes are not the child's: a copy held there would keep a
        // connection the test closed open (no FIN reaches the server under test), or keep
        // another child's pipe from ever reaching its end.
        Self.closeDescriptorsAboveStandard(in: &actions)
        if let directory { try Self.changeDirectory(to: directory, in: &actions) }
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
        close(outputPipe.write)
        if let errorPipe { close(errorPipe.write) }
        guard spawned == 0 else {
            close(outputPipe.read)
            if let errorPipe { close(errorPipe.read) }
            throw CocoaError(.executableLoad, userInfo: [NSFilePathErrorKey: executable])
        }
        processIdentifier = pid
        output = outputPipe.read
        errors = errorPipe?.read
    }

    deinit {
        close(output)
        if let errors { close(errors) }
    }

    /// Runs `executable` to its end and returns what it printed, standard error apart. A program
    /// still running after `seconds` is killed and reported by throwing `TimedOut`.
    public static func run(_ executable: String, _ arguments: [String], within seconds: TimeInterval = 120) throws -> Completed {
        let process = try SpawnedProcess(executable: executable, arguments: arguments, errors: .piped)
        let (output, errors, ended) = process.collect(within: seconds)
        guard ended, process.waitUntilExit(within: seconds) else {
            process.kill()
            throw TimedOut(command: process.command, seconds: seconds, printed: output + errors)
        }
        return Completed(status: process.terminationStatus, output: output, errors: errors)
    }

    /// Reads standard output, and standard error when piped, until both end or `seconds` pass.
    /// `ended` says whether both ended.
    public func collect(within seconds: TimeInterval) -> (output: String, errors: String, ended: Bool) {
        let deadline = Date().addingTimeInterval(seconds)
        var open = [output] + (errors.map { [$0] } ?? [])
        var read: [Int32: [UInt8]] = [:]
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { break }
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = poll(&polled, nfds_t(polled.count), Int32(min(left, 1) * 1000) + 1)
            if ready < 0 && errno != EINTR { break }
            for entry in polled where entry.revents != 0 {
                let count = Glibc.read(entry.fd, &buffer, buffer.count)
                if count > 0 {
                    read[entry.fd, default: []] += buffer[0..<count]
                } else if count == 0 || errno != EINTR {
                    open.removeAll { $0 == entry.fd }
                }
            }
        }
        let text = { (fd: Int32?) in fd.map { String(decoding: read[$0] ?? [], as: UTF8.self) } ?? "" }
        return (text(output), text(errors), open.isEmpty)
    }

    /// The next bytes the child wrote to its standard output, waiting at most `seconds` for them;
    /// empty at its end or when none came in time.
    public func readOutput(within seconds: TimeInterval = 60) -> Data {
        let deadline = Date().addingTimeInterval(seconds)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return Data() }
            var polled = [pollfd(fd: output, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&polled, 1, Int32(min(left, 1) * 1000) + 1)
            if ready == 0 || (ready < 0 && errno == EINTR) { continue }
            let count = read(output, &buffer, buffer.count)
            if count >= 0 { return Data(buffer[0..<count]) }
            if errno != EINTR { return Data() }
        }
    }

    /// Reads standard output until it holds `text` or ends, or `seconds` pass; all it read.
    public func readOutput(until text: String, within seconds: TimeInterval) -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var seen = ""
        while !seen.contains(text) {
            let chunk = readOutput(within: deadline.timeIntervalSinceNow)
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        return seen
    }

    /// Asks the child to stop (SIGTERM).
    public func terminate() { signal(SIGTERM) }

    /// Ends the child at once (SIGKILL).
    public func kill() { signal(SIGKILL) }

    private func signal(_ number: Int32) {
        // A child already waited for may have lent its number to another process since.
        guard lock.withLock({ status == nil }) else { return }
        Glibc.kill(processIdentifier, number)
    }

    /// Waits until the child has exited; one that has not after a minute is killed first, so a
    /// stuck child fails its test instead of holding the whole run.
    public func waitUntilExit() {
        if !waitUntilExit(within: 60) {
            kill()
            _ = waitUntilExit(within: .infinity)
        }
    }

    /// Waits until the child has exited or `seconds` passed; whether it exited.
    public func waitUntilExit(within seconds: TimeInterval) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while isRunning {
            guard Date() < deadline else { return false }
            usleep(2_000)
        }
        return true
    }

    /// Whether the child has not exited yet.
    public var isRunning: Bool {
        lock.withLock {
            guard status == nil else { return false }
            var raw: Int32 = 0
            let answer = waitpid(processIdentifier, &raw, WNOHANG)
            guard answer == processIdentifier || (answer == -1 && errno == ECHILD) else { return true }
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

    /// A pipe whose ends no child inherits (each child gets its copy through `dup2`).
    private static func pipe() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [0, 0]
        guard Glibc.pipe(&fds) == 0 else { throw CocoaError(.fileWriteUnknown) }
        _ = fcntl(fds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fds[1], F_SETFD, FD_CLOEXEC)
        return (fds[0], fds[1])
    }

    /// Adds to `actions` the closing of every descriptor but the standard three in the child.
    /// glibc has it since 2.34, but its header shows it only to GNU sources: found by name.
    public static func closeDescriptorsAboveStandard(in actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }

    /// Adds to `actions` a change to `directory` in the child (glibc 2.29, GNU-only like the above).
    private static func changeDirectory(to directory: String, in actions: inout posix_spawn_file_actions_t) throws {
        typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else {
            throw CocoaError(.featureUnsupported)
        }
        _ = unsafeBitCast(symbol, to: ChangeDirectory.self)(&actions, directory)
    }
}
