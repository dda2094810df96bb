import NIOCore
import NIOEmbedded
import NIOPosix
import Testing
@testable import TableServer

/// The registry's sweep, which closes connections past their limits: it runs while the server
/// listens and someone is connected, so a server nobody uses does not wake four times a second.
@Suite("The connection registry's sweep")
struct ConnectionRegistryTests {
    @Test("the sweep runs only while the server listens and a connection is open")
    func sweepsOnlyWithConnections() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let registry = ConnectionRegistry(limits: ConnectionLimits())
        let first = EmbeddedChannel(), second = EmbeddedChannel()
        #expect(registry.opened(first))
        #expect(!registry.isSweeping, "the server does not listen yet")
        registry.closed(first)
        let sweeping = registry.startSweeping(on: group.next())
        #expect(!registry.isSweeping, "nobody is connected")
        #expect(registry.opened(first))
        #expect(registry.isSweeping)
        #expect(registry.opened(second))
        registry.closed(first)
        #expect(registry.isSweeping, "one connection is still open")
        registry.closed(second)
        #expect(!registry.isSweeping, "the last connection closed")
        #expect(registry.opened(first))
        #expect(registry.isSweeping, "a new connection starts it again")
        sweeping.cancel()
        #expect(!registry.isSweeping, "a server that stopped listening sweeps no more")
        registry.closed(first)
    }

    @Test("a sweep that takes out the last connection, idle past its timeout, ends itself")
    func sweepEndsWithTheLastConnection() throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        defer { try? group.syncShutdownGracefully() }
        let registry = ConnectionRegistry(limits: ConnectionLimits(idleTimeout: 60))
        let sweeping = registry.startSweeping(on: group.next())
        defer { sweeping.cancel() }
        let channel = EmbeddedChannel()
        #expect(registry.opened(channel))
        #expect(registry.expired(at: .now() + .seconds(30)).isEmpty, "not idle for long enough")
        #expect(registry.isSweeping)
        let expired = registry.expired(at: .now() + .seconds(61))
        #expect(expired.count == 1 && registry.count == 0)
        #expect(!registry.isSweeping, "nobody is left to sweep")
    }
}
