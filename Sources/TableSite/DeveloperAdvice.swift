import Foundation
import TableKit

/// The advice TableKit gives about a Swift data source's table (a disclosure accessory under an
/// indexed list's index bar), said once per controller type and kind of advice. An app file's
/// advice is said when the file loads, with its line and column; a Swift controller's rows are
/// only known once a page is built, so it is said the first time one shows it.
public final class DeveloperAdvice: @unchecked Sendable {
    private let lock = NSLock()
    private var said: Set<String> = []

    public init() {}

    /// The advice of `snapshot` shown on `page` not said before, each naming the controller.
    public func newAdvice(for page: SitePage, snapshot: TableSnapshot, site: Site) -> [String] {
        guard site.appRuntime == nil else { return [] }
        let controller = String(describing: type(of: page.controller))
        return snapshot.warnings.filter { !$0.isShownOnPage }.compactMap { warning in
            let key = controller + "\u{0}" + Self.kind(of: warning)
            let isNew = lock.withLock { said.insert(key).inserted }
            return isNew ? "\(controller) at /\(page.path.map { $0 + "/" }.joined()): warning: \(warning.description)" : nil
        }
    }

    /// The advice without its row, so one list's many rows count once.
    private static func kind(of warning: TableWarning) -> String {
        switch warning {
        case let .accessoryInIndexedList(kind, _): "index-accessory-\(kind.rawValue)"
        case .severalCheckmarksInExclusiveList: "checkmarks"
        }
    }
}
