import NIOConcurrencyHelpers

/// The pages whose last form post found them short: a post on one of them is answered on its
/// connection's event loop (`LoopBoundChannel`). A page is long, or not known, until a post has
/// read it whole and found at most `longest` rows; one found longer is forgotten again.
final class ShortLists: Sendable {
    /// The most rows a page may hold and still be answered on the loop: reading and acting on
    /// it then costs about as much as the hand-offs to the task pool it saves.
    let longest: Int
    private let known = NIOLockedValueBox<Set<[String]>>([])
    /// The most pages remembered; past it the memory starts afresh.
    static let mostRemembered = 4_096

    init(longest: Int) {
        self.longest = longest
    }

    func isShort(_ path: [String]) -> Bool {
        known.withLockedValue { $0.contains(path) }
    }

    /// Notes how many rows the page at `path` held when a post read it.
    func note(_ path: [String], rows: Int) {
        known.withLockedValue { known in
            if rows > longest {
                known.remove(path)
            } else {
                if known.count >= Self.mostRemembered { known.removeAll() }
                known.insert(path)
            }
        }
    }
}
