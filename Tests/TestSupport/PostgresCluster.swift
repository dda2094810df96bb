import Foundation

/// A throwaway PostgreSQL cluster for the tests: Debian's `postgresql` programs, a data folder
/// of its own under the temporary directory, a free loopback port, trust authentication for
/// the user `tablestack`. Started once per test process, on first use; stopped and deleted
/// when the process has exited. As root (CI), the cluster runs as the `postgres` user, since
/// `initdb` refuses root.
public final class PostgresCluster: Sendable {
    public let port: Int
    public let folder: String
    public let user = "tablestack"
    private let programs: String
    private let runAs: [String]

    /// The cluster of this test process.
    public static let shared: Result<PostgresCluster, ClusterError> = {
        do { return .success(try PostgresCluster()) } catch { return .failure(error as? ClusterError ?? ClusterError(description: "\(error)")) }
    }()

    public struct ClusterError: Error, CustomStringConvertible {
        public var description: String
    }

    /// A cluster of the caller's own, for a test that stops and starts it.
    public static func dedicated() throws(ClusterError) -> PostgresCluster {
        try PostgresCluster()
    }

    /// The shared cluster, or a failure that says how to get PostgreSQL.
    public static func running() throws -> PostgresCluster {
        try shared.get()
    }

    // The same for a test that may wait, off Swift's cooperative threads: the first call makes
    // the cluster (initdb, seconds), and every call runs a program and waits for it. An async
    // test finds these first.

    public static func dedicated() async throws -> PostgresCluster { try await offThePool { try dedicated() } }
    public static func running() async throws -> PostgresCluster { try await offThePool { try running() } }
    public func newDatabase() async throws -> String { try await offThePool { try self.newDatabase() } }
    @discardableResult
    public func sql(_ statement: String) async throws -> String { try await offThePool { try self.sql(statement) } }
    public func waitingCommits() async throws -> Int { try await offThePool { try self.waitingCommits() } }
    public func stop() async throws { try await offThePool { try self.stop() } }
    public func start() async throws { try await offThePool { try self.start() } }

    private init() throws(ClusterError) {
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        guard let version = versions.compactMap(Int.init).max() else {
            throw ClusterError(description: "PostgreSQL is not installed: `make test` installs Debian's postgresql package (apt-get install postgresql)")
        }
        programs = "/usr/lib/postgresql/\(version)/bin"
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-pg-\(UUID().uuidString)").path
        runAs = getuid() == 0 ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        port = Self.freePort()
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            if getuid() == 0 { try Self.command(["/bin/chown", "postgres:postgres", folder]) }
            try Self.command(runAs + ["\(programs)/initdb", "-D", folder, "-A", "trust", "-U", user, "--locale=C.UTF-8", "-E", "UTF8"])
            try Self.command(runAs + ["\(programs)/pg_ctl", "-D", folder, "-l", "\(folder)/log", "-w", "-o",
                                      "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c max_connections=400 -c fsync=on", "start"])
        } catch {
            throw ClusterError(description: "could not start a PostgreSQL cluster in \(folder): \(error)")
        }
        // A watcher stops the cluster and deletes it once this process is gone, however it ends
        // (the test runner does not run atexit handlers, and a crash would not either). It runs
        // in a session of its own, as pg_ctl's server does: a job runner that ends the tests by
        // killing their process group would kill the watcher with them, and the cluster (about
        // 500 MB) would stay. `Tests/watchdog.py` gives it time to end.
        let stop = (runAs + ["\(programs)/pg_ctl", "-D", folder, "-m", "immediate", "stop"]).joined(separator: " ")
        _ = try? Self.command(["/usr/bin/setsid", "-f", "/bin/sh", "-c",
                               "exec >/dev/null 2>&1; while kill -0 \(getpid()); do sleep 1; done; \(stop); rm -rf \(folder)"])
    }

    /// Makes a new, empty database; returns its URL.
    public func newDatabase() throws -> String {
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        try Self.command(["\(programs)/createdb", "-h", "127.0.0.1", "-p", String(port), "-U", user, name])
        return url(database: name)
    }

    public func url(database: String) -> String { "postgresql://\(user)@127.0.0.1:\(port)/\(database)" }

    /// Runs one SQL statement as the cluster's superuser, in the `postgres` database; returns
    /// what it prints, values only (`-tA`).
    @discardableResult
    public func sql(_ statement: String) throws -> String {
        try Self.command(["\(programs)/psql", "-X", "-q", "-tA", "-h", "127.0.0.1", "-p", String(port), "-U", user, "-d", "postgres",
                          "-v", "ON_ERROR_STOP=1", "-c", statement])
    }

    /// Makes every commit wait for a synchronous standby that never answers, as it would across
    /// a network that went away, and returns once commits do wait. The setting reaches the
    /// server's processes a moment after the reload: a probe's commit is made until one is seen
    /// waiting, then cancelled (it stays made, here only).
    public func holdCommits() async throws {
        try await sql("ALTER SYSTEM SET synchronous_standby_names = 'nobody'")
        try await sql("SELECT pg_reload_conf()")
        let deadline = ContinuousClock.now + .seconds(60)
        for attempt in 0... {
            // A table of its own: a temporary one would wait again when dropped, at the session's end.
            let probe = try SpawnedProcess(executable: "\(programs)/psql", arguments: [
                "-X", "-q", "-h", "127.0.0.1", "-p", String(port), "-U", user, "-d", "postgres",
                "-c", "CREATE TABLE commits_held_\(attempt) ()"])
            while probe.isRunning, try await waitingCommits() == 0, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
            if try await waitingCommits() > 0 {
                try await sql("SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE wait_event = 'SyncRep'")
                probe.waitUntilExit()
                return
            }
            probe.waitUntilExit()
            guard ContinuousClock.now < deadline else { throw ClusterError(description: "commits still do not wait after a minute") }
        }
    }

    /// How many commits wait for a synchronous standby now.
    public func waitingCommits() throws -> Int {
        Int(try sql("SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND wait_event = 'SyncRep'")
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Stops the server (as an operator's restart would: in-flight requests fail) …
    public func stop() throws {
        try Self.command(runAs + ["\(programs)/pg_ctl", "-D", folder, "-m", "fast", "-w", "stop"])
    }

    /// … and starts it again on the same port.
    public func start() throws {
        try Self.command(runAs + ["\(programs)/pg_ctl", "-D", folder, "-l", "\(folder)/log", "-w", "-o",
                                  "-p \(port) -k \(folder) -c listen_addresses=127.0.0.1 -c max_connections=400", "start"])
    }

    /// Runs a program and waits for it, its output in a file (a pipe would stay open: the
    /// server pg_ctl starts inherits it). posix_spawn and waitpid, not Foundation's Process,
    /// whose wait depends on a run loop rather than on the child (see `SpawnedProcess`); pg_ctl
    /// bounds its own wait (`-w`, a minute).
    @discardableResult
    static func command(_ arguments: [String]) throws -> String {
        let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-pg-output-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: outputPath) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        // The cluster pg_ctl starts outlives this call: it must not hold the tests' sockets.
        SpawnedProcess.closeDescriptorsAboveStandard(in: &actions)
        var pid: pid_t = 0
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard spawned == 0 else { throw ClusterError(description: "cannot run \(arguments[0]): error \(spawned)") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        // Exited normally with 0: the low 7 bits hold no signal and the next 8 the code.
        guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
            throw ClusterError(description: "\(arguments.joined(separator: " ")) failed (status \(status)): \(text)")
        }
        return text
    }

    /// A port nobody listens on now: bind to port 0 and read what the system chose.
    public static func freePort() -> Int {
        let socketFD = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socketFD) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socketFD, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socketFD, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// At most `count` holders at once; the others wait their turn in order.
public final class TestSemaphore: @unchecked Sendable {
    private let lock = NSLock()
    private var available: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init(count: Int) { available = count }

    public func acquire() async {
        await withCheckedContinuation { continuation in
            let granted = lock.withLock {
                if available > 0 { available -= 1; return true }
                waiting.append(continuation)
                return false
            }
            if granted { continuation.resume() }
        }
    }

    public func release() {
        let next: CheckedContinuation<Void, Never>? = lock.withLock {
            if waiting.isEmpty { available += 1; return nil }
            return waiting.removeFirst()
        }
        next?.resume()
    }
}
