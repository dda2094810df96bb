import Testing
import TestSupport
@testable import TableExport

@Suite("The report's order: breadth first, by path within a level; pages made put among the carried")
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

    @Test("pages put into an ordered list, few or many, give what sorting both gives, on 500 random splits")
    func inserted() {
        var generator = SeededGenerator(seed: 21)
        let segments = ["a", "b", "c", "é", "a b", "10", "9"]
        for _ in 0..<500 {
            var paths: Set<[String]> = []
            // Up to 100 paths: more than `insert` puts in one by one, on either side.
            for _ in 0..<Int.random(in: 0...100, using: &generator) {
                paths.insert((0..<Int.random(in: 0...3, using: &generator)).map { _ in segments.randomElement(using: &generator)! })
            }
            let all = paths.sorted(by: ReportOrder.precedes)
            var first: [PageResult] = [], second: [PageResult] = []
            for path in all {
                if Bool.random(using: &generator) { first.append(Self.result(path)) } else { second.append(Self.result(path)) }
            }
            var intoSecond = second, intoFirst = first
            ReportOrder.insert(first, into: &intoSecond)
            ReportOrder.insert(second, into: &intoFirst)
            #expect(intoSecond.map(\.path) == all)
            #expect(intoFirst.map(\.path) == all)
        }
    }
}
