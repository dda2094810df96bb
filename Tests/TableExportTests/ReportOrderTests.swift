import Testing
import TestSupport
@testable import TableExport

@Suite("The report's order: breadth first, by path within a level; carried pages merged into it")
struct ReportOrderTests {
    static func result(_ path: [String]) -> PageResult {
        PageResult(path: path, file: (path + ["index.html"]).joined(separator: "/"), ids: [], links: [], problems: [], wasWritten: false)
    }

    @Test("shallower paths first, then by segment; a path is not before itself")
    func precedes() {
        #expect(ReportOrder.precedes([], ["a"]))
        #expect(ReportOrder.precedes(["z"], ["a", "a"]))
        #expect(ReportOrder.precedes(["a", "b"], ["a", "c"]))
        #expect(ReportOrder.precedes(["a", "z"], ["b", "a"]))
        #expect(!ReportOrder.precedes(["a"], ["a"]))
        #expect(!ReportOrder.precedes(["b"], ["a"]))
        #expect([[], ["a"], ["b"], ["a", "a"]].isInOrder(by: ReportOrder.precedes))
        #expect(![[], ["b"], ["a"]].isInOrder(by: ReportOrder.precedes))
        #expect(![["a"], ["a"]].isInOrder(by: ReportOrder.precedes))
        #expect([[String]]().isInOrder(by: ReportOrder.precedes))
    }

    @Test("two ordered lists merge into what sorting both gives, on 500 random splits")
    func merged() {
        var generator = SeededGenerator(seed: 21)
        let segments = ["a", "b", "c", "é", "a b", "10", "9"]
        for _ in 0..<500 {
            var paths: Set<[String]> = []
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                paths.insert((0..<Int.random(in: 0...3, using: &generator)).map { _ in segments.randomElement(using: &generator)! })
            }
            let all = paths.sorted(by: ReportOrder.precedes)
            var first: [PageResult] = [], second: [PageResult] = []
            for path in all {
                if Bool.random(using: &generator) { first.append(Self.result(path)) } else { second.append(Self.result(path)) }
            }
            #expect(ReportOrder.merged(first, second).map(\.path) == all)
            #expect(ReportOrder.merged(second, first).map(\.path) == all)
        }
    }
}
