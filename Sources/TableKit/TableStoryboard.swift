import Foundation

/// Makes the table view controllers of an app, as a storyboard instantiates its scenes: the one
/// at the root of the navigation stack, and the one a row's selection or detail button leads to.
/// The server builds every page's stack through it, and the static export walks the same way,
/// so neither decides on its own where a row leads.
public protocol TableStoryboard: Sendable {
    /// The app's name: the page title of the root.
    var title: String { get }
    /// The language of the pages, as a BCP 47 tag; "en" by default.
    var language: String { get }
    /// The controller at the root of the navigation stack.
    func rootViewController() async throws -> any TableViewController
    /// The controller `outcome` (`.push` or `.showDetail`, from `parent`'s delegate) shows, or
    /// `nil` when it shows none.
    func viewController(for outcome: SelectionOutcome, from parent: any TableViewController) async throws -> (any TableViewController)?
    /// The controllers from the root to the one `path` leads to. Every storyboard has the walk
    /// from the root through `viewController(for:from:)` (the extension's, which throws
    /// `NavigationFailure` for a segment that leads nowhere); one that keeps the levels above a
    /// page, as they rarely change, may answer from those instead, and throw errors of its own.
    func viewControllers(along path: [String]) async throws -> [any TableViewController]
}

extension TableStoryboard {
    public var language: String { "en" }
}

/// The storyboard of an app whose controllers push one another: the root is given, and every
/// other controller comes from its parent's `viewController(for:)`.
public struct RootStoryboard: TableStoryboard {
    public let title: String
    public let language: String
    private let makeRoot: @Sendable () async throws -> any TableViewController

    /// Makes a storyboard rooted at `root`, the same controller for every page; the app is named
    /// `title` (the root's by default).
    public init(root: some TableViewController, title: String? = nil, language: String = "en") {
        makeRoot = { root }
        self.title = title ?? root.title
        self.language = language
    }

    /// Makes a storyboard whose root `makeRoot` makes afresh for every page, as a view
    /// controller is loaded: one that reads its data when it is made shows it as it is now.
    public init(title: String, language: String = "en", root makeRoot: @escaping @Sendable () async throws -> any TableViewController) {
        self.makeRoot = makeRoot
        self.title = title
        self.language = language
    }

    public func rootViewController() async throws -> any TableViewController { try await makeRoot() }

    public func viewController(for outcome: SelectionOutcome, from parent: any TableViewController) async throws -> (any TableViewController)? {
        try await parent.viewController(for: outcome)
    }
}
