import Foundation
import Logging
import TableStore

/// Keeps the change log short: every hour, commits older than the time kept are deleted (the
/// newest is always kept). Each server trims; the deletes are idempotent, so several servers
/// on one database do no harm.
enum ChangeLogTrimming {
    static func start(store: any DatabaseStore, keeping seconds: Double, logger: Logger) -> Task<Void, Never> {
        Task.detached {
            while !Task.isCancelled {
                do {
                    let removed = try await store.trimChangeLog(before: Date().addingTimeInterval(-seconds))
                    if removed > 0 { logger.info("change log: \(removed) entries older than \(Int(seconds / 3600)) hours removed") }
                } catch {
                    logger.warning("change log: trimming failed: \(error)")
                }
                try? await Task.sleep(for: .seconds(3600))
            }
        }
    }
}
