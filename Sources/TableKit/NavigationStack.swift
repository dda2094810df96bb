import Foundation

/// The levels a user drilled down through, root first, as a `UINavigationController` keeps its
/// view controllers. Each pushed level names its scene and the stable key of the item selected
/// to reach it, so a path survives reordering.
public struct NavigationStack: Sendable, Hashable, Codable {
    /// How deep pages may nest: far deeper than any data's hierarchy, and well inside the file
    /// system's longest path. Deeper, a scene leads to itself: the export stops, and the server
    /// answers 404 rather than walk a path of thousands of levels for one request.
    public static let deepestLevel = 100

    /// One level of the stack.
    public struct Level: Sendable, Hashable, Codable {
        /// The scene (table view controller) shown at this level.
        public var scene: String
        /// The key of the item selected in the level below; `nil` at the root.
        public var itemKey: String?
        /// The title in the navigation bar at this level.
        public var title: String

        /// Makes a level.
        public init(scene: String, itemKey: String? = nil, title: String) {
            self.scene = scene
            self.itemKey = itemKey
            self.title = title
        }
    }

    /// The levels, root first; never empty.
    public private(set) var levels: [Level]

    /// Makes a stack holding only its root.
    public init(root: Level) {
        levels = [root]
    }

    /// The level on screen.
    public var top: Level { levels[levels.count - 1] }

    /// Whether only the root is on the stack (no back button).
    public var isAtRoot: Bool { levels.count == 1 }

    /// The back button's title: the title of the level below the top, `nil` at the root.
    public var backTitle: String? { isAtRoot ? nil : levels[levels.count - 2].title }

    /// The stack the back button returns to; `nil` at the root.
    public var parent: NavigationStack? {
        guard !isAtRoot else { return nil }
        var copy = self
        copy.levels.removeLast()
        return copy
    }

    /// The item keys from the root to the top: the path a URL spells.
    public var itemKeys: [String] { levels.compactMap(\.itemKey) }

    /// How many levels are on the stack.
    public var depth: Int { levels.count }

    /// Pushes a level reached by selecting the item `itemKey` (`pushViewController`).
    public mutating func push(scene: String, itemKey: String, title: String) {
        levels.append(Level(scene: scene, itemKey: itemKey, title: title))
    }

    /// Pops the top level and returns it; the root cannot be popped.
    @discardableResult
    public mutating func pop() throws(TableKitError) -> Level {
        guard !isAtRoot else { throw .cannotPopRoot }
        return levels.removeLast()
    }

    /// The stacks from the root up to and including this one, for a breadcrumb trail.
    public var ancestry: [NavigationStack] {
        var stacks: [NavigationStack] = []
        var current: NavigationStack? = self
        while let stack = current {
            stacks.insert(stack, at: 0)
            current = stack.parent
        }
        return stacks
    }
}
