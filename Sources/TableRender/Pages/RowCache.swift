import Foundation

/// Rendered rows kept for reuse, as a table view reuses cells: a row whose context (item, links,
/// editing state) is unchanged is not rendered again. Bounded: when full, it starts afresh.
final class RowCache: @unchecked Sendable {
    private let lock = NSLock()
    private var rows: [RowContext: String] = [:]
    private let capacity: Int
    private var renders = 0

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The HTML of `context`, rendered by `render` only when it is not cached.
    func html(for context: RowContext, render: (RowContext) -> String) -> String {
        lock.lock()
        if let cached = rows[context] {
            lock.unlock()
            return cached
        }
        lock.unlock()
        let html = render(context)
        lock.lock()
        if rows.count >= capacity { rows.removeAll(keepingCapacity: true) }
        rows[context] = html
        renders += 1
        lock.unlock()
        return html
    }

    /// How many rows were rendered (not taken from the cache) so far.
    var renderCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return renders
    }
}
