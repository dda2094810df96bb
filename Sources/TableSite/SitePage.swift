import Foundation
import TableApp
import TableKit
import TableRender

/// A page of the site: the controller it shows, the navigation path that reached it, and the
/// stack of levels from the root (their titles make the back button).
public struct SitePage: Sendable {
    public var path: [String]
    public var controller: any TableViewController
    public var stack: NavigationStack

    /// Makes a page.
    public init(path: [String], controller: any TableViewController, stack: NavigationStack) {
        self.path = path
        self.controller = controller
        self.stack = stack
    }

    /// An app file's scene as a page (a long list's window, say, read apart from the storyboard).
    public init(scene: ResolvedScene) {
        self.init(path: scene.path, controller: scene, stack: scene.stack)
    }

    /// The back button's title: the level below's.
    public var backTitle: String? { stack.backTitle }

    /// The app file's scene behind the page, when it is one.
    public var scene: ResolvedScene? { controller as? ResolvedScene }

    /// The title in the navigation bar.
    public var title: String { controller.title }
}

/// Why the site has no page to show.
public enum SiteError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path leads nowhere; `upPath` is the part of it that does, to the page titled
    /// `upTitle` when the failure knows it.
    case notFound(String, upPath: [String], upTitle: String? = nil)
    /// The app and its data disagree, or a controller could not be read.
    case unavailable(String)

    public var description: String {
        switch self {
        case let .notFound(reason, _, _), let .unavailable(reason): reason
        }
    }
}

extension Site {
    /// How deep pages may nest (`NavigationStack.deepestLevel`).
    public static let deepestPage = NavigationStack.deepestLevel

    /// The page at `path`: the storyboard's controllers from the root, each made from the outcome
    /// its parent's delegate gives the row the next segment names.
    public func page(at path: [String]) async throws -> SitePage {
        let controllers: [any TableViewController]
        do {
            controllers = try await storyboard.viewControllers(along: path)
        } catch let failure as NavigationFailure {
            throw SiteError.notFound(failure.reason, upPath: Array(path.prefix(failure.depth)), upTitle: failure.upTitle)
        } catch let error as RuntimeError {
            if case let .notFound(_, depth, reason, title) = error { throw SiteError.notFound(reason, upPath: Array(path.prefix(depth)), upTitle: title) }
            throw SiteError.unavailable(error.description)
        }
        let top = controllers[controllers.count - 1]
        if let scene = top as? ResolvedScene { return SitePage(scene: scene) }
        var stack = NavigationStack(root: .init(scene: Self.sceneName(controllers[0]), title: controllers[0].title))
        for (segment, controller) in zip(path, controllers.dropFirst()) {
            stack.push(scene: Self.sceneName(controller), itemKey: segment, title: controller.title)
        }
        return SitePage(path: path, controller: top, stack: stack)
    }

    /// A controller's scene name in the navigation stack: its type's.
    static func sceneName(_ controller: any TableViewController) -> String { String(describing: type(of: controller)) }

    /// The pages the rows of `page` lead to, as segments below its path: where selecting each row
    /// and tapping each detail button goes, as the page's own links say; each once, in the rows'
    /// order.
    public func childSegments(of page: SitePage) -> [String] {
        let controller = page.controller
        // Sized for a segment a row, as a list's pages have: a long list's set would grow and
        // hash every segment again a dozen times.
        let rows = (0..<controller.numberOfSections()).reduce(0) { $0 + controller.numberOfRows(inSection: $1) }
        var seen = Set<String>(minimumCapacity: rows)
        var segments: [String] = []
        segments.reserveCapacity(rows)
        // The table's set-up once, not a copy of it for each of 10,000 rows.
        let configuration = controller.tableConfiguration(isEditing: false)
        for section in 0..<controller.numberOfSections() {
            for row in 0..<controller.numberOfRows(inSection: section) {
                let path = IndexPath(row: row, section: section)
                if let segment = controller.linkSegment(ofRowAt: path, in: configuration), seen.insert(segment).inserted {
                    segments.append(segment)
                }
                if let segment = controller.detailSegment(ofRowAt: path), seen.insert(segment).inserted { segments.append(segment) }
            }
        }
        return segments
    }

    /// The page one of `page`'s links leads to, made from `page`'s controller without walking
    /// from the root again (the export's way down a site).
    public func child(_ segment: String, of page: SitePage) async throws -> SitePage? {
        guard let outcome = page.controller.outcome(forSegment: segment),
              let next = try await storyboard.viewController(for: outcome, from: page.controller) else { return nil }
        if let scene = next as? ResolvedScene { return SitePage(scene: scene) }
        var stack = page.stack
        stack.push(scene: Self.sceneName(next), itemKey: segment, title: next.title)
        return SitePage(path: page.path + [segment], controller: next, stack: stack)
    }
}
