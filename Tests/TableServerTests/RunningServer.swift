import Foundation
import TestSupport

/// Something a test browses over HTTP: a server, or a load balancer in front of several.
protocol ReachableServer: Sendable {
    /// `http://127.0.0.1:PORT/`.
    var base: String { get }
}

/// The real `tablestack serve` binary on a free loopback port, serving the demo from its own
/// database, stopped by the test that started it.
final class RunningServer: ReachableServer, @unchecked Sendable {
    static var binary: String {
        ProcessInfo.processInfo.environment["TABLESTACK_BINARY"]
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tablestack").path
    }

    let process: SpawnedProcess
    /// `http://127.0.0.1:PORT/`.
    var base = ""
    var port = 0
    /// Everything the server printed before it said it was ready.
    var banner = ""

    /// Starts the server on `database` with `arguments` added to `serve`'s; what it writes to
    /// standard error goes where `standardError` says (`.withOutput`: into `banner` too). With
    /// `once`, `then` runs as soon as the server has printed that text (or a minute has passed),
    /// before it is ready: to start a database it waits for, say.
    init(database: String, arguments: [String] = [], standardError: SpawnedProcess.StandardError = .discarded,
         once printed: String? = nil, then: () throws -> Void = {}) throws {
        process = try SpawnedProcess(executable: Self.binary,
                                     arguments: ["serve", "--port", "0", "--db", database, "--log-level", "warning",
                                                 "--templates", ServedDemo.repository.appendingPathComponent("Templates").path,
                                                 "--public", ServedDemo.repository.appendingPathComponent("Public").path] + arguments,
                                     standardError: standardError)
        if let printed {
            banner = process.readOutput(until: printed, within: 60)
            do {
                try then()
            } catch {
                process.terminate()
                process.waitUntilExit()
                throw error
            }
        }
        if !banner.contains("Press Ctrl-C") { banner += process.readOutput(until: "Press Ctrl-C", within: 120) }
        guard let range = banner.range(of: #"http://127\.0\.0\.1:\d+/"#, options: .regularExpression),
              let port = Int(banner[range].dropFirst("http://127.0.0.1:".count).dropLast()) else {
            process.terminate()
            process.waitUntilExit()
            throw CocoaError(.fileReadUnknown)
        }
        base = String(banner[range])
        self.port = port
    }

    /// The same, started off Swift's cooperative threads: a server takes a second or more to say
    /// it is ready, and a test's wait must not hold up the work in this process.
    static func started(database: String, arguments: [String] = [], standardError: SpawnedProcess.StandardError = .discarded,
                        once printed: String? = nil, then: @escaping @Sendable () throws -> Void = {}) async throws -> RunningServer {
        try await offThePool { try RunningServer(database: database, arguments: arguments, standardError: standardError, once: printed, then: then) }
    }

    /// Stops the server as an operator would (SIGTERM) and waits for it to exit.
    @discardableResult
    func stop() -> Int32 {
        process.terminate()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A fresh folder for one test's database; the caller removes it.
    static func folder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-live-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Runs `body` with a server on a fresh database started with `arguments`, then stops the
    /// server and removes the database.
    static func with(arguments: [String] = [], _ body: (RunningServer) async throws -> Void) async throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await RunningServer.started(database: folder.appendingPathComponent("data.sqlite").path, arguments: arguments)
        defer { server.stop() }
        try await body(server)
    }

    /// Runs `body` with a server on a fresh database started with `arguments`, then stops the
    /// server and removes the database.
    static func with(arguments: [String] = [], _ body: (RunningServer) throws -> Void) throws {
        let folder = try folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try RunningServer(database: folder.appendingPathComponent("data.sqlite").path, arguments: arguments)
        defer { server.stop() }
        try body(server)
    }
}
