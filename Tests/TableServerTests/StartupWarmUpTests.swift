import Foundation
import NIOCore
import Testing
import TestSupport
@testable import TableServer

/// `tablestack serve` asks itself for its front page before it says it is serving, so the first
/// visitor after a start does not wait for the runtime's first lookups; those requests are the
/// server's own and stay out of its request log.
@Suite("A server's requests to itself before it serves")
struct StartupWarmUpTests {
    /// Runs `body` with `tablestack serve` on a fresh database at debug level, started with
    /// `arguments` besides, its standard error in its banner; then stops it.
    static func withServer(_ arguments: [String], _ body: (RunningServer) async throws -> Void) async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try await RunningServer.started(database: folder.appendingPathComponent("data.sqlite").path,
                                                      arguments: ["--log-level", "debug"] + arguments, standardError: .withOutput)
        defer { server.stop() }
        try await body(server)
    }

    @Test("the front page is asked for plainly and gzipped, and answered, before the server says it is serving")
    func answeredBeforeTheBanner() async throws {
        try await Self.withServer([]) { server in
            let warmedUp = try #require(server.banner.range(of: "Warmed up before serving: GET / answered HTTP/1.1 200 OK, then gzipped HTTP/1.1 200 OK"),
                                        "\(server.banner)")
            let banner = try #require(server.banner.range(of: "Press Ctrl-C"))
            #expect(warmedUp.upperBound < banner.lowerBound)
        }
    }

    @Test("under a base path, the front page asked for is the base path's")
    func underABasePath() async throws {
        try await Self.withServer(["--base-path", "tables"]) { server in
            #expect(server.banner.contains("Warmed up before serving: GET /tables/ answered HTTP/1.1 200 OK, then gzipped HTTP/1.1 200 OK"),
                    "\(server.banner)")
        }
    }

    @Test("a server that answers only to a public name still answers its own requests, which name no host")
    func publicNamesOnly() async throws {
        try await Self.withServer(["--allowed-host", "tables.example.com"]) { server in
            #expect(server.banner.contains("answered HTTP/1.1 200 OK, then gzipped HTTP/1.1 200 OK"), "\(server.banner)")
            #expect(server.banner.contains("answers only to tables.example.com"), "\(server.banner)")
        }
    }

    @Test("its own requests are not in the request log; a client's, with a guessed warm-up header, are")
    func requestLog() async throws {
        try await Self.withServer([]) { server in
            #expect(server.banner.contains("Warmed up before serving: GET / answered HTTP/1.1 200 OK"), "\(server.banner)")
            #expect(!server.banner.contains("Request"), "\(server.banner)")
            // The front page is kept by then, and answered on the event loop; a page not seen yet is
            // the router's. Each logs the request in its own place.
            for path in ["/", "/groceries/"] {
                let answer = try RequestOriginTests.send(server, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-TableStack-Warm-Up: 0123456789abcdef\r\n")
                #expect(answer.status == 200)
            }
            let log = server.process.readOutput(until: "hb.request.path=/groceries/", within: 30) + server.process.collect(within: 1).output
            #expect(log.contains("hb.request.path=/ ") && log.contains("hb.request.path=/groceries/"), "\(log)")
        }
    }

    @Test("the server warns when its front page did not answer with a page or a redirect")
    func answersThatCount() {
        #expect(StartupWarmUp.allAnswered(["HTTP/1.1 200 OK", "HTTP/1.1 200 OK"]))
        #expect(StartupWarmUp.allAnswered(["HTTP/1.1 303 See Other"]))
        #expect(!StartupWarmUp.allAnswered(["HTTP/1.1 200 OK", ""]))
        #expect(!StartupWarmUp.allAnswered(["HTTP/1.1 500 Internal Server Error", "HTTP/1.1 200 OK"]))
        #expect(!StartupWarmUp.allAnswered(["HTTP/1.1 400 Bad Request"]))
        #expect(!StartupWarmUp.allAnswered([]))
    }

    @Test("a server listening on every address asks itself on loopback")
    func loopbackForWildcards() throws {
        #expect(StartupWarmUp.reachable(try SocketAddress(ipAddress: "0.0.0.0", port: 8080))?.ipAddress == "127.0.0.1")
        #expect(StartupWarmUp.reachable(try SocketAddress(ipAddress: "::", port: 8080))?.ipAddress == "::1")
        #expect(StartupWarmUp.reachable(try SocketAddress(ipAddress: "192.0.2.7", port: 8080))?.ipAddress == "192.0.2.7")
        #expect(StartupWarmUp.reachable(try SocketAddress(ipAddress: "127.0.0.1", port: 8080))?.port == 8080)
    }
}
