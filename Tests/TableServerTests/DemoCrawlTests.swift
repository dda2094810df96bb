import Foundation
import Testing
import TableKit
import TableRender

/// Every page of the served demo reachable by links from the root, as a browser without
/// JavaScript follows them: together they show every accessory kind, every cell style, custom
/// cells, and plain, grouped and indexed tables, and none fails the markup contract.
@Suite("A crawl of the demo")
struct DemoCrawlTests {
    @Test("the demo shows every accessory, cell style and table kind, and every page keeps the markup contract")
    func crawl() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            var queue = ["/"], seen: Set<String> = ["/"]
            var accessories: Set<String> = [], styles: Set<String> = [], tables: Set<String> = []
            var customCells = 0, problems: [String] = []
            while let path = queue.first, seen.count < 400 {
                queue.removeFirst()
                let page = try await browser.get(path)
                guard page.status == 200, let root = page.root else {
                    problems.append("\(path): status \(page.status)")
                    continue
                }
                problems += PageValidator.inspect(page.html, page: path).problems.map { "\(path): \($0.message)" }
                for row in root.all(having: "data-index-path") {
                    accessories.formUnion([row.attributes["data-accessory"]].compactMap { $0 })
                    styles.formUnion([row.attributes["data-cell-style"]].compactMap { $0 })
                    if row.attributes["data-cell-template"] != nil { customCells += 1 }
                }
                if let main = root.first(where: { $0.name == "main" }) {
                    tables.insert(main.attributes["data-table-style"] ?? "?")
                    if main.attributes["data-indexed"] == "true" { tables.insert("indexed") }
                }
                // Pages and their editing mode; not the form posts, assets or fragments.
                for link in root.all(named: "a").compactMap({ $0.attributes["href"] }) {
                    let target = String(link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0])
                    guard target.hasPrefix("/"), !target.hasPrefix("/_"), !target.contains("/_/"),
                          !target.contains("?") || target.hasSuffix("?editing=1"), seen.insert(target).inserted else { continue }
                    queue.append(target)
                }
            }
            #expect(problems.isEmpty, "\(problems)")
            #expect(accessories == Set(AccessoryKind.allCases.map(\.rawValue)), "missing: \(Set(AccessoryKind.allCases.map(\.rawValue)).subtracting(accessories))")
            #expect(styles == Set(CellStyle.allCases.map(\.rawValue)))
            #expect(customCells > 0, "custom cells")
            #expect(tables == ["plain", "grouped", "indexed"])
            #expect(seen.count > 60 && seen.count < 400, "\(seen.count) pages")
        }
    }
}
