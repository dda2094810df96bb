import Foundation

/// The contract rules a grammar cannot say (one table, unique ids, index links that land), each
/// named, checked on a page libxml2 has parsed and the schema has accepted. The names are part of
/// the contract's fingerprint: a rule added here changes it, and the contract scanner, which must
/// enforce every rule for the pages it clears, stops clearing pages until it covers the new one.
struct ContractRule: Sendable {
    let name: String
    let check: @Sendable (_ page: ContractRules.Page, _ report: (XMLElement, String) -> Void) -> Void
}

enum ContractRules {
    /// A parsed page, with what several rules look up.
    struct Page {
        let root: XMLElement
        let elements: [XMLElement]
        let ids: [String: XMLElement]
        let mains: [XMLElement]
        let indexes: [XMLElement]

        init(_ root: XMLElement) {
            self.root = root
            elements = root.descendantsAndSelf
            var ids: [String: XMLElement] = [:]
            for element in elements { if let id = element.attributes["id"], ids[id] == nil { ids[id] = element } }
            self.ids = ids
            mains = elements.filter { $0.name == "main" }
            indexes = elements.filter { $0.name == "nav" && $0.attributes["data-section-index"] != nil }
        }
    }

    static let all: [ContractRule] = [
        ContractRule(name: "unique ids") { page, report in
            var seen: [String: XMLElement] = [:]
            for element in page.elements {
                guard let id = element.attributes["id"] else { continue }
                if let first = seen[id] { report(element, "id \"\(id)\" is used again (first on line \(first.line))") } else { seen[id] = element }
            }
        },
        ContractRule(name: "one main") { page, report in
            if page.mains.count != 1 { report(page.root, "a page has exactly one <main>, this one has \(page.mains.count)") }
        },
        ContractRule(name: "one navigation bar, with one h1 and at most one back link") { page, report in
            let bars = page.elements.filter { $0.name == "nav" && $0.attributes["data-navigation-bar"] != nil }
            if bars.count > 1 { report(bars[1], "a page has one navigation bar") }
            for bar in bars {
                if bar.all(named: "h1").count != 1 { report(bar, "the navigation bar holds its title in exactly one <h1>") }
                if bar.all(where: { $0.attributes["rel"] == "up" }).count > 1 { report(bar, "the navigation bar has one back link") }
            }
        },
        ContractRule(name: "section index labelled, its links landing on the page") { page, report in
            for index in page.indexes {
                if (index.attributes["aria-label"] ?? "").isEmpty { report(index, "the section index needs an aria-label") }
                for link in index.all(named: "a") {
                    let href = link.attributes["href"] ?? ""
                    if !href.hasPrefix("#") || page.ids[String(href.dropFirst())] == nil {
                        report(link, "index link \"\(href)\" leads to no section on the page")
                    }
                }
            }
        },
        ContractRule(name: "data-indexed matches the section index") { page, report in
            guard let main = page.mains.first else { return }
            let isIndexed = main.attributes["data-indexed"] == "true"
            if isIndexed != !page.indexes.isEmpty { report(main, "data-indexed=\"\(isIndexed)\" but the page has \(page.indexes.count) section index") }
        },
        ContractRule(name: "rows unique by index path, editing styles as the table's mode says") { page, report in
            guard let main = page.mains.first else { return }
            let isEditing = main.attributes["data-editing"] == "true"
            let isSheet = main.attributes["class"].map { TextSplice.contains($0, "sheet") } ?? false
            var paths: Set<String> = []
            for row in main.all(having: "data-index-path") {
                let path = row.attributes["data-index-path"] ?? ""
                if !paths.insert(path).inserted { report(row, "row \(path) appears twice") }
                if isEditing != (row.attributes["data-editing-style"] != nil), !isSheet {
                    report(row, "row \(path): data-editing-style belongs on every row in editing mode and on none otherwise")
                }
            }
        },
    ]

    /// Every rule's problems on the page `root`.
    static func check(_ root: XMLElement, page file: String) -> [XMLDiagnostic] {
        let page = Page(root)
        var problems: [XMLDiagnostic] = []
        for rule in all {
            rule.check(page) { element, message in problems.append(XMLDiagnostic(file: file, line: element.line, column: 0, message: message)) }
        }
        return problems
    }

    /// The fingerprint of the contract as it stands: the schema's bytes and every rule's name.
    static func fingerprint(schema: Data) -> String {
        Fingerprint.hex(bytes: schema + Data(all.map(\.name).joined(separator: "\n").utf8))
    }
}
