import Foundation
import Logging

/// Log lines as `level message`, kept for a test to read.
final class RecordedLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    var all: [String] { lock.withLock { lines } }

    func append(_ line: String) { lock.withLock { lines.append(line) } }

    /// Waits until a line holds `text`; throws when none does within `timeout`.
    func wait(for text: String, within timeout: Duration) async throws {
        let deadline = ContinuousClock.now + timeout
        while !all.contains(where: { $0.contains(text) }) {
            guard ContinuousClock.now < deadline else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSLocalizedDescriptionKey: "no log line with \"\(text)\" in \(all)"])
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }
}

struct RecordingLogHandler: LogHandler {
    let lines: RecordedLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info  // a server's default level

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        lines.append("\(event.level) \(event.message)")
    }
}
