import Foundation
import Logging
import Testing
import TableServer

@Suite("Log entries")
struct LazyMetadataLogHandlerTests {
    /// Lines written, kept for the test to read.
    final class Lines: TextOutputStream, @unchecked Sendable {
        private let lock = NSLock()
        private var written: [String] = []
        func write(_ string: String) { lock.withLock { written.append(string) } }
        var all: [String] { lock.withLock { written } }
    }

    @Test("a logger's metadata, set entry by entry, is written as the stream handler writes it, and only when an entry is")
    func sameAsStreamHandler() throws {
        let lazyLines = Lines(), streamLines = Lines()
        var lazy = Logger(label: "tablestack") { LazyMetadataLogHandler(label: $0, output: lazyLines) }
        var stream = Logger(label: "tablestack") { StreamLogHandler(label: $0, stream: streamLines) }
        lazy.logLevel = .info
        stream.logLevel = .info
        lazy[metadataKey: "hb.request.id"] = "7f"
        stream[metadataKey: "hb.request.id"] = "7f"
        lazy[metadataKey: "hb.request.path"] = .stringConvertible("/groups/")
        stream[metadataKey: "hb.request.path"] = .stringConvertible("/groups/")
        lazy.debug("not written at info")
        stream.debug("not written at info")
        lazy.info("Request", metadata: ["extra": "1"])
        stream.info("Request", metadata: ["extra": "1"])
        lazy.notice("Plain")
        stream.notice("Plain")
        #expect(lazyLines.all.count == 2)
        // Each line starts with its time; the rest is the same.
        func withoutTime(_ line: String) -> String { String(line.drop { $0 != " " }) }
        #expect(lazyLines.all.map(withoutTime) == streamLines.all.map(withoutTime))
        #expect(lazyLines.all.first.map(withoutTime)?.contains("hb.request.id=7f") == true)
        #expect(lazy[metadataKey: "hb.request.path"] == .stringConvertible("/groups/"))
    }
}
