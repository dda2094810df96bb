import Foundation
import TableRender

/// The footer's note, escaped for the page, for each date pages were made on: nearly every page
/// of an export shares one, and making a DateFormatter per page cost more than rendering it.
final class ExportNotes: @unchecked Sendable {
    private let lock = NSLock()
    private var texts: [Date: String] = [:]

    func text(for date: Date) -> String {
        lock.withLock {
            if let known = texts[date] { return known }
            let text = HTMLEscaping.escape("This is a read-only export made with TableStack on \(SiteExporter.format(date)).")
            texts[date] = text
            return text
        }
    }
}
