import Foundation

/// Remembers, in the export folder, each page's content fingerprint and when that content was
/// made, so that a re-export keeps the date (and so the bytes) of pages whose content is unchanged.
final class ExportManifest: @unchecked Sendable {
    struct Entry: Codable {
        var fingerprint: String
        var date: Date
    }

    static let fileName = ".tablestack-export.json"
    private let url: URL
    private let lock = NSLock()
    private var entries: [String: Entry]

    init(folder: String) {
        url = URL(fileURLWithPath: folder).appendingPathComponent(Self.fileName)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        entries = FileManager.default.contents(atPath: url.path).flatMap { try? decoder.decode([String: Entry].self, from: $0) } ?? [:]
    }

    /// The date the page `name` with this content was first made; `otherwise` for new content.
    func date(for name: String, fingerprint: String, otherwise date: Date) -> Date {
        lock.lock()
        defer { lock.unlock() }
        if let entry = entries[name], entry.fingerprint == fingerprint { return entry.date }
        entries[name] = Entry(fingerprint: fingerprint, date: date)
        return date
    }

    func save() throws {
        lock.lock()
        defer { lock.unlock() }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(entries).write(to: url, options: .atomic)
    }
}
