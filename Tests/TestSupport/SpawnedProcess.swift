import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process started with posix_spawn: how the tests start programs, instead of
/// Foundation's `Process`, whose wait depends on a run loop rather than on the child, and whose
/// children can inherit a pipe another test opens meanwhile. Here the child keeps only its
/// standard three descriptors, and every read and wait has a deadline. The names follow `Process`.
public final class SpawnedProcess: @unchecked Sendable {  // `status` and `unreadErrors` are behind `lock`
    /// How the child ended: by exiting, or by a signal.
    public enum TerminationReason: Sendable { case exit, uncaughtSignal }

    /// Where the child's standard error goes.
    public enum StandardError: Sendable {
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
        /// The exit code, or the signal that ended it.
        public var status: Int32
        /// Its standard output.
        public var output: String
        /// Its standard error.
        public var errors: String
    }

    /// Why a program could not be run as asked.
    public enum Failure: Error, CustomStringConvertible {
        /// It could not be started: the system's error number.
        case cannotStart(command: String, errno: Int32)
        /// It was still running at its deadline and was killed then; the end of what it printed.
        case timedOut(command: String, seconds: TimeInterval, printed: String, processIdentifier: pid_t)

        public var description: String {
            switch self {
            case let .cannotStart(command, number):
                "cannot start \(command): \(String(cString: strerror(number)))"
            case let .timedOut(command, seconds, printed, _):
                "\(command) was still running after \(String(format: "%.1f", seconds)) s and was killed; it printed: \(printed.suffix(4096))"
            }
        }
    }

    /// The child's process number.
    public let processIdentifier: pid_t
    private let command: String
    private let output: Int32
    private let errors: Int32?
    private let lock = NSLock()
    /// The child's wait status once waited for; `unknownStatus` when it was reaped elsewhere.
    private var status: Int32?
    private static let unknownStatus: Int32 = -1
    /// Standard error read while waiting for standard output (`readOutput`), for `collect`.
    private var unreadErrors: [UInt8] = []

    /// Starts `executable` with `arguments`, in this process's environment, standard output on a
    /// pipe the test reads and standard error as `standardError` says; in `directory` when given.
    public init(executable: String, arguments: [String], standardError: StandardError = .discarded, directory: String? = nil) throws {
        command = ([executable] + arguments).joined(separator: " ")
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let directory, !Self.changeDirectory(to: directory, in: &actions) {
            throw Failure.cannotStart(command: command, errno: ENOSYS)
        }
        let outputPipe = try Self.makePipe(for: command)
        var errorPipe: (read: Int32, write: Int32)?
        if standardError == .piped {
            do {
                errorPipe = try Self.makePipe(for: command)
            } catch {
                close(outputPipe.read)
                close(outputPipe.write)
                throw error
            }
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 1)
        switch standardError {
        case .discarded: posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        case .piped: posix_spawn_file_actions_adddup2(&actions, errorPipe!.write, 2)
        case .withOutput: posix_spawn_file_actions_adddup2(&actions, outputPipe.write, 2)
        case .inherited: break
        }
        // The test's own sockets and pipes are not the child's: a copy held there would keep a
        // connection the test closed open (no FIN reaches the server under test), or keep
        // another child's pipe from ever reaching its end.
        Self.closeDescriptorsAboveStandard(in: &actions)
        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // The child starts with no signal blocked and the usual ones at their defaults: the
        // spawning thread (the test runner's, a server library's) may block or ignore some, and
        // a child that kept that would not stop on `terminate()`.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t(), defaults = sigset_t()
        sigemptyset(&unblocked)
        sigemptyset(&defaults)
        for number in [SIGHUP, SIGINT, SIGQUIT, SIGPIPE, SIGALRM, SIGTERM, SIGUSR1, SIGUSR2, SIGCHLD] { sigaddset(&defaults, number) }
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
        close(outputPipe.write)
        if let errorPipe { close(errorPipe.write) }
        guard spawned == 0 else {
            close(outputPipe.read)
            if let errorPipe { close(errorPipe.read) }
            throw Failure.cannotStart(command: command, errno: spawned)
        }
        processIdentifier = pid
        output = outputPipe.read
        errors = errorPipe?.read
    }

    deinit {
        // A child left running by a failed test is not left behind, nor its zombie.
        if isRunning {
            kill()
            _ = waitUntilExit(within: 5)
        }
        close(output)
        if let errors { close(errors) }
    }

    /// The same for a test that may wait, waiting off Swift's cooperative threads (an async test
    /// finds this one first).
    public static func run(_ executable: String, _ arguments: [String], within seconds: TimeInterval = 120,
                           directory: String? = nil) async throws -> Completed {
        try await offThePool { try run(executable, arguments, within: seconds, directory: directory) }
    }

    /// Runs `executable` to its end (in `directory` when given) and returns what it printed,
    /// standard error apart. A program still running after `seconds` is killed and reported by
    /// throwing `Failure.timedOut`.
    public static func run(_ executable: String, _ arguments: [String], within seconds: TimeInterval = 120,
                           directory: String? = nil) throws -> Completed {
        let deadline = Date().addingTimeInterval(seconds)
        let process = try SpawnedProcess(executable: executable, arguments: arguments, standardError: .piped, directory: directory)
        let (output, errors, ended) = process.collect(within: seconds)
        guard ended, process.waitUntilExit(within: deadline.timeIntervalSinceNow) else {
            process.kill()
            _ = process.waitUntilExit(within: 5)
            throw Failure.timedOut(command: process.command, seconds: seconds, printed: output + errors,
                                   processIdentifier: process.processIdentifier)
        }
        return Completed(status: process.terminationStatus, output: output, errors: errors)
    }

    /// Reads standard output, and standard error when piped, until both end or `seconds` pass.
    /// `ended` says whether both ended.
    public func collect(within seconds: TimeInterval) -> (output: String, errors: String, ended: Bool) {
        var received: [Int32: [UInt8]] = [:]
        if let errors { received[errors] = lock.withLock { unreadErrors } }
        var open = [output] + (errors.map { [$0] } ?? [])
        Self.poll(open, until: Date().addingTimeInterval(seconds)) { descriptor, bytes in
            if let bytes {
                received[descriptor, default: []] += bytes
            } else {
                open.removeAll { $0 == descriptor }
            }
            return !open.isEmpty
        }
        let text = { (descriptor: Int32?) in descriptor.map { String(decoding: received[$0] ?? [], as: UTF8.self) } ?? "" }
        return (text(output), text(errors), open.isEmpty)
    }

    /// The next bytes the child wrote to its standard output, waiting at most `seconds` for them;
    /// empty at its end or when none came in time. Standard error, when piped, is read meanwhile
    /// and kept for `collect`, so that a child writing much there does not block.
    public func readOutput(within seconds: TimeInterval = 60) -> Data {
        var next = Data()
        Self.poll([output] + (errors.map { [$0] } ?? []), until: Date().addingTimeInterval(seconds)) { descriptor, bytes in
            guard descriptor == output else {
                if let bytes { lock.withLock { unreadErrors += bytes } }
                return true
            }
            next = Data(bytes ?? [])
            return false
        }
        return next
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
    public func terminate() { send(SIGTERM) }

    /// Interrupts the child, as Ctrl-C would (SIGINT).
    public func interrupt() { send(SIGINT) }

    /// Ends the child at once (SIGKILL).
    public func kill() { send(SIGKILL) }

    private func send(_ signal: Int32) {
        // Under the lock: a child already waited for may have lent its number to another process.
        lock.withLock {
            guard status == nil else { return }
            _ = Glibc.kill(processIdentifier, signal)
        }
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
            if answer == -1 && errno == ECHILD {
                status = Self.unknownStatus
                return false
            }
            guard answer == processIdentifier else { return true }
            status = raw
            return false
        }
    }

    /// The exit code, or the signal that ended the child; -1 while it runs or when its end is
    /// not known (it was waited for elsewhere).
    public var terminationStatus: Int32 {
        guard let raw = lock.withLock({ status }), raw != Self.unknownStatus else { return -1 }
        return raw & 0x7f == 0 ? (raw >> 8) & 0xff : raw & 0x7f
    }

    /// How the child ended; `.uncaughtSignal` too while it runs or when its end is not known.
    public var terminationReason: TerminationReason {
        guard let raw = lock.withLock({ status }), raw != Self.unknownStatus else { return .uncaughtSignal }
        return raw & 0x7f == 0 ? .exit : .uncaughtSignal
    }

    /// Polls `descriptors` until `deadline`, handing `body` each read: the bytes, or `nil` at a
    /// descriptor's end (or error). Stops when `body` answers false or the deadline passes.
    private static func poll(_ descriptors: [Int32], until deadline: Date, _ body: (Int32, [UInt8]?) -> Bool) {
        var open = descriptors
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !open.isEmpty {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { return }
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let ready = Glibc.poll(&polled, nfds_t(polled.count), Int32(min(left, 1) * 1000) + 1)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            for entry in polled where entry.revents != 0 {
                let count = Glibc.read(entry.fd, &buffer, buffer.count)
                if count < 0 && errno == EINTR { continue }
                let bytes = count > 0 ? Array(buffer[0..<count]) : nil
                if bytes == nil { open.removeAll { $0 == entry.fd } }
                guard body(entry.fd, bytes) else { return }
            }
        }
    }

    /// A pipe whose ends no child inherits (each child gets its copy through `dup2`).
    private static func makePipe(for command: String) throws -> (read: Int32, write: Int32) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw Failure.cannotStart(command: command, errno: errno) }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        return (ends[0], ends[1])
    }

    /// Adds to `actions` the closing of every descriptor but the standard three in the child.
    /// glibc has it since 2.34, but its header shows it only to GNU sources: found by name.
    static func closeDescriptorsAboveStandard(in actions: inout posix_spawn_file_actions_t) {
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else { return }
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3)
    }

    /// Adds to `actions` a change to `directory` in the child (glibc 2.29, GNU-only like the
    /// above); false when this glibc has none.
    private static func changeDirectory(to directory: String, in actions: inout posix_spawn_file_actions_t) -> Bool {
        typealias ChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else { return false }
        return unsafeBitCast(symbol, to: ChangeDirectory.self)(&actions, directory) == 0
    }
}
