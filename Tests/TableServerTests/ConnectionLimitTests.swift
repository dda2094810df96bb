import Foundation
import Testing

/// Slow, silent and greedy clients against the real binary with short limits: each must be cut
/// off or refused while everyone else is still served. Every wait is bounded by a read timeout.
@Suite("Connection limits: timeouts, declared sizes, the connection cap", .serialized)
struct ConnectionLimitTests {
    /// One second for every timeout and a cap of twelve connections, so each case ends quickly.
    static let arguments = ["--header-timeout", "1", "--body-timeout", "1", "--idle-timeout", "1", "--max-connections", "12"]

    /// A server with those limits; `longer` names the ones given thirty seconds instead, where a
    /// case must tell a refusal from a timeout on a machine slow enough to take a second to reply.
    static func withServer(longer: Set<String> = [], _ body: (RunningServer) throws -> Void) throws {
        let chosen = stride(from: 0, to: arguments.count, by: 2).flatMap { index in
            [arguments[index], longer.contains(arguments[index]) ? "30" : arguments[index + 1]]
        }
        try RunningServer.with(arguments: chosen, body)
    }

    static let post = "POST /groceries/_/add HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"

    @Test("a silent connection is closed after the idle timeout, with nothing sent")
    func silentConnection() throws {
        try Self.withServer { server in
            let connection = try RawConnection(port: server.port, timeout: 30)
            let answer = connection.receive()
            #expect(answer.closed, "closed by the server within the read timeout")
            #expect(answer.text.isEmpty)
        }
    }

    @Test("a head sent too slowly gets 408, and the connection closes")
    func slowHead() throws {
        try Self.withServer { server in
            let connection = try RawConnection(port: server.port, timeout: 30)
            try connection.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            let answer = connection.receive()
            #expect(RawConnection.status(of: answer.text) == 408 && answer.text.hasSuffix("\r\n\r\nThe request's head did not arrive in time; nothing was read.\n"))
            #expect(answer.closed)
        }
    }

    @Test("a head trickled a byte at a time still gets 408 when the header timeout has passed since its first byte")
    func trickledHead() throws {
        try Self.withServer { server in
            let connection = try RawConnection(port: server.port, timeout: 0.3)
            var answer = (text: "", closed: false)
            for byte in "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa".utf8 where answer.text.isEmpty {
                try? connection.send(String(decoding: [byte], as: UTF8.self))
                answer = connection.receive()
            }
            #expect(RawConnection.status(of: answer.text) == 408, "cut off within the header timeout, not kept alive by each byte")
        }
    }

    @Test("a body sent a byte at a time gets 408 and changes nothing")
    func slowBody() throws {
        try Self.withServer { server in
            let connection = try RawConnection(port: server.port, timeout: 0.25)
            try connection.send(Self.post + "Content-Length: 100\r\n\r\n")
            var answer = (text: "", closed: false)
            // Never the whole body: a server that waited while bytes came would never answer.
            for _ in 0..<99 where answer.text.isEmpty {
                try? connection.send("a")
                answer = connection.receive()
            }
            #expect(RawConnection.status(of: answer.text) == 408, "refused while the bytes still came, not waited on")
            #expect(answer.text.contains("did not arrive within 1 seconds"))
        }
    }

    @Test("a declared Content-Length over the limit gets 413 at once, before any body")
    func oversizedDeclaredLength() throws {
        try Self.withServer { server in
            let connection = try RawConnection(port: server.port, timeout: 10)
            try connection.send(Self.post + "Content-Length: 1000000000000\r\n\r\n")
            let answer = connection.receive()
            // A server that waited for the body would answer 408 after the body timeout instead.
            #expect(RawConnection.status(of: answer.text) == 413, "answered with no body sent")
            #expect(answer.text.lowercased().contains("connection: close"))
            #expect(answer.closed)
        }
    }

    @Test("with the cap reached by silent connections, a new client is served before they time out")
    func capWithSilentConnections() throws {
        // The silent connections would time out after thirty seconds: the client is served
        // because one is closed to make room for it.
        try Self.withServer(longer: ["--idle-timeout", "--header-timeout"]) { server in
            let silent = try (0..<20).map { _ in try RawConnection(port: server.port, timeout: 1) }
            let client = try RawConnection(port: server.port, timeout: 10)
            try client.send("GET /_assets/tablestack.css HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            #expect(RawConnection.status(of: client.receive().text) == 200)
            #expect(silent.count == 20)
        }
    }

    @Test("with the cap reached by requests in progress, a new client is told 503 at once")
    func capWithBusyConnections() throws {
        // Bodies that would time out only after thirty seconds keep their connections busy.
        try Self.withServer(longer: ["--body-timeout"]) { server in
            var busy: [RawConnection] = []
            func occupy() throws {
                let connection = try RawConnection(port: server.port, timeout: 1)
                try connection.send(Self.post + "Content-Length: 100\r\n\r\na")
                busy.append(connection)
            }
            for _ in 0..<14 { try occupy() }
            Thread.sleep(forTimeInterval: 0.2)
            // A connection whose head the server has not read yet is still idle, and is closed to
            // make room for the client, which is then served: on a slow machine, another busy one
            // takes its place and the client asks again.
            var answer = (text: "", closed: false)
            let deadline = Date().addingTimeInterval(20)
            while true {
                let client = try RawConnection(port: server.port, timeout: 10)
                try client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
                answer = client.receive()
                guard RawConnection.status(of: answer.text) != 503, Date() < deadline else { break }
                try occupy()
                Thread.sleep(forTimeInterval: 0.2)
            }
            #expect(RawConnection.status(of: answer.text) == 503, "\(answer.text.prefix(200))")
            #expect(answer.text.contains("Retry-After: 1"))
            #expect(busy.count >= 14)
        }
    }

    @Test("a client that stops reading a long response is cut off after the idle timeout, even with a request pipelined behind it")
    func stalledReaderWithPipelinedRequest() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // Far more than the sockets on both ends hold, so the server's writes stall.
        let size = 40_000_000
        try Data(count: size).write(to: folder.appendingPathComponent("big.png"))
        try await RunningServer.with(arguments: Self.arguments + ["--public", folder.path]) { server in
            for pipelined in [false, true] {
                let connection = try RawConnection(port: server.port, timeout: 20)
                let get = "GET /_assets/big.png HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                try connection.send(get)
                if pipelined {
                    // Sent once the first response has stalled, behind it.
                    try await Task.sleep(for: .milliseconds(500))
                    try connection.send("GET /groceries/ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                }
                try await Task.sleep(for: .seconds(3))
                var received = 0
                while true {
                    let bytes = connection.receiveSome()
                    if bytes.isEmpty { break }
                    received += bytes.count
                }
                #expect(received < size, "pipelined: \(pipelined): closed part way (\(received) bytes), not sent whole")
            }
        }
    }
}
