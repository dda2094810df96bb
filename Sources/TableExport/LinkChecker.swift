import Foundation

/// Resolves every internal link of an export against the files written and the ids in them.
struct LinkChecker {
    let results: [PageResult]
    let outputFolder: String

    func problems() -> [String] {
        let pages = Dictionary(results.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        var problems: [String] = []
        var fileExists: [String: Bool] = [:]
        for page in results {
            let folder = (page.file as NSString).deletingLastPathComponent
            for link in page.links {
                guard !Self.isExternal(link) else { continue }
                let withoutQuery = link.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
                let parts = withoutQuery.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let target = parts[0].isEmpty ? page.file : Self.normalize(folder.isEmpty ? String(parts[0]) : folder + "/" + parts[0])
                guard let target else {
                    problems.append("\(page.file): link \"\(link)\" climbs out of the export")
                    continue
                }
                let exists = fileExists[target] ?? {
                    let found = pages[target] != nil || FileManager.default.fileExists(atPath: outputFolder + "/" + target)
                    fileExists[target] = found
                    return found
                }()
                guard exists else {
                    problems.append("\(page.file): link \"\(link)\" leads to \(target), which the export does not have")
                    continue
                }
                if parts.count == 2, !parts[1].isEmpty {
                    let anchor = String(parts[1])
                    guard let targetPage = pages[target], targetPage.ids.contains(anchor) else {
                        problems.append("\(page.file): link \"\(link)\" names #\(anchor), which \(target) does not have")
                        continue
                    }
                }
            }
        }
        return problems
    }

    static func isExternal(_ link: String) -> Bool {
        link.contains("://") || link.hasPrefix("mailto:") || link.hasPrefix("data:") || link.hasPrefix("//")
    }

    /// `a/b/../c/./d` → `a/c/d`; `nil` when it climbs above the export's root.
    static func normalize(_ path: String) -> String? {
        var parts: [Substring] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
