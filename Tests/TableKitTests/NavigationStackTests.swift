import Testing
import TableKit
import Foundation

@Suite("Navigation stack")
struct NavigationStackTests {
    static func trails() -> NavigationStack {
        var stack = NavigationStack(root: .init(scene: "regions", title: "Regions"))
        stack.push(scene: "trails", itemKey: "north-cascades", title: "North Cascades")
        stack.push(scene: "trail", itemKey: "cascade-pass", title: "Cascade Pass")
        return stack
    }

    @Test("the back button carries the previous level's title; the root has none")
    func backTitle() {
        let stack = Self.trails()
        #expect(stack.top.title == "Cascade Pass")
        #expect(stack.backTitle == "North Cascades")
        #expect(stack.parent?.backTitle == "Regions")
        #expect(NavigationStack(root: .init(scene: "regions", title: "Regions")).backTitle == nil)
    }

    @Test("the path is spelled by stable item keys, root first")
    func itemKeys() {
        #expect(Self.trails().itemKeys == ["north-cascades", "cascade-pass"])
        #expect(Self.trails().depth == 3)
    }

    @Test("popping returns to the parent; the root cannot be popped")
    func popping() throws {
        var stack = Self.trails()
        #expect(try stack.pop().scene == "trail")
        #expect(stack == Self.trails().parent)
        _ = try stack.pop()
        #expect(stack.isAtRoot && stack.parent == nil)
        #expect(throws: TableKitError.cannotPopRoot) { try stack.pop() }
    }

    @Test("the ancestry lists every stack from the root to this one, for breadcrumbs")
    func ancestry() {
        #expect(Self.trails().ancestry.map(\.top.title) == ["Regions", "North Cascades", "Cascade Pass"])
    }
}
