import Foundation
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTPTypes
import Testing
@testable import TableServer

/// The registry's sweep, which closes connections past their limits: it runs while the server
/// listens and someone is connected, so a server nobody uses does not wake four times a second.
/// The sweep's loop is an embedded one, whose clock the tests move; the limits themselves run on
/// the real clock.
@Suite("The connection registry's sweep")
struct ConnectionRegistryTests {
    @Test("the sweep starts with the first connection, closes what is overdue, and ends at the first tick with nobody connected")
    func sweepFollowsConnections() {
        let loop = EmbeddedEventLoop()
        let registry = ConnectionRegistry(limits: ConnectionLimits(idleTimeout: 2))
        let sweeping = registry.startSweeping(on: loop)
        defer { sweeping.cancel() }
        loop.advanceTime(by: .seconds(1))
        #expect(registry.sweepCount == 0 && !registry.isSweeping, "nobody connected: no sweep")
        #expect(registry.opened(EmbeddedChannel(loop: loop)))
        #expect(registry.isSweeping)
        loop.advanceTime(by: ConnectionRegistry.sweepInterval)
        #expect(registry.sweepCount == 1 && registry.count == 1, "swept once, the connection not idle for long enough")
        Thread.sleep(forTimeInterval: 2.1)
        loop.advanceTime(by: ConnectionRegistry.sweepInterval)
        #expect(registry.sweepCount == 2 && registry.count == 0, "swept again, the connection idle past its timeout taken out")
        #expect(!registry.isSweeping, "with nobody left, the sweep ended")
        loop.advanceTime(by: .seconds(2))
        #expect(registry.sweepCount == 2, "and runs no more")
    }

    @Test("a request whose response is still being made is never idle, however long; once it is being sent, a stall is")
    func workingIsNotIdle() {
        let loop = EmbeddedEventLoop()
        let registry = ConnectionRegistry(limits: ConnectionLimits(idleTimeout: 2))
        let channel = EmbeddedChannel(loop: loop)
        #expect(registry.opened(channel))
        registry.changed(channel, to: .working)
        #expect(registry.expired(at: .now() + .seconds(600)).isEmpty && registry.count == 1, "ten minutes making a page")
        registry.progressed(channel)
        #expect(registry.expired(at: .now() + .seconds(1)).isEmpty)
        #expect(registry.expired(at: .now() + .seconds(3)).count == 1 && registry.count == 0, "nothing sent for longer than the idle limit")

        // Made behind a response whose bytes the client stopped taking (pipelined): idle in time.
        let stuck = EmbeddedChannel(loop: loop)
        #expect(registry.opened(stuck))
        registry.changed(stuck, to: .working)
        stuck.isWritable = false
        #expect(registry.expired(at: .now() + .seconds(1)).isEmpty)
        #expect(registry.expired(at: .now() + .seconds(3)).count == 1 && registry.count == 0)
    }

    @Test("the guard notes a response's progress when it is flushed, not when its parts are written")
    func progressAtFlush() throws {
        let registry = ConnectionRegistry(limits: ConnectionLimits(idleTimeout: 2))
        let channel = EmbeddedChannel()
        try TableHTTP1Channel.addHTTPHandlers(to: channel.pipeline.syncOperations)
        try channel.pipeline.syncOperations.addHandler(ConnectionGuard(registry: registry))
        try channel.writeInbound(ByteBuffer(string: "GET / HTTP/1.1\r\nHost: example.test\r\n\r\n"))
        while try channel.readInbound(as: HTTPRequestPart.self) != nil {}
        #expect(registry.count == 1 && registry.expired(at: .now() + .seconds(600)).isEmpty, "read whole, being made: never idle")
        channel.write(HTTPResponsePart.head(HTTPResponse(status: .ok, headerFields: [.contentLength: "2"])), promise: nil)
        channel.write(HTTPResponsePart.body(ByteBuffer(string: "o")), promise: nil)
        #expect(registry.expired(at: .now() + .seconds(600)).isEmpty, "written, not sent: still being made")
        channel.flush()
        #expect(registry.expired(at: .now() + .seconds(1)).isEmpty)
        #expect(registry.expired(at: .now() + .seconds(3)).count == 1, "sent: a stall past the idle limit closes it")
    }

    @Test("connections opened and closed between two ticks schedule one sweep, which ends at its first tick")
    func briefConnections() {
        let loop = EmbeddedEventLoop()
        let registry = ConnectionRegistry(limits: ConnectionLimits())
        let sweeping = registry.startSweeping(on: loop)
        defer { sweeping.cancel() }
        for _ in 0..<3 {
            let channel = EmbeddedChannel(loop: loop)
            #expect(registry.opened(channel))
            registry.closed(channel)
        }
        #expect(registry.isSweeping)
        loop.advanceTime(by: .seconds(2))
        #expect(registry.sweepCount == 1 && !registry.isSweeping)
    }

    @Test("a server that stops listening sweeps no more, and one that does not listen yet does not sweep")
    func sweepsOnlyWhileListening() {
        let loop = EmbeddedEventLoop()
        let registry = ConnectionRegistry(limits: ConnectionLimits())
        let channel = EmbeddedChannel(loop: loop)
        #expect(registry.opened(channel))
        #expect(!registry.isSweeping, "not listening yet")
        let sweeping = registry.startSweeping(on: loop)
        #expect(registry.isSweeping, "listening, with a connection open")
        loop.advanceTime(by: ConnectionRegistry.sweepInterval)
        #expect(registry.sweepCount == 1)
        sweeping.cancel()
        #expect(!registry.isSweeping)
        loop.advanceTime(by: .seconds(2))
        #expect(registry.sweepCount == 1, "no tick after the server stopped")
        registry.closed(channel)
    }
}
