import Foundation

/// One internal link of an exported page, resolved against the page's folder.
struct PageLink: Sendable, Equatable {
    /// The link as the page has it.
    var text: String
    /// The file it leads to, relative to the output folder; nil when it climbs out of the export.
    var target: String?
    /// The id it names after `#`, if any.
    var anchor: String?
}

/// Resolves every internal link of an export against the files written and the ids in them.
///
/// Each page's links are resolved while the page is made (`PageLink.resolve`, in parallel with
/// other pages); what is left for the end, when every page is known, is looking targets up.
struct LinkChecker: Sendable {
    let results: [PageResult]
    let outputFolder: String

    /// Every broken link, page by page in the order of `results`; the pages are checked in
    /// `parts` parts at once.
    func problems(parts: Int = ProcessInfo.processInfo.activeProcessorCount) async -> [String] {
        let pages = Dictionary(results.map { ($0.file, $0) }, uniquingKeysWith: { first, _ in first })
        let size = max(1, (results.count + parts - 1) / max(parts, 1))
        let ranges = stride(from: 0, to: results.count, by: size).map { $0..<min($0 + size, results.count) }
        return await withTaskGroup(of: (Int, [String]).self) { group in
            for (number, range) in ranges.enumerated() {
                group.addTask { (number, self.problems(in: range, pages: pages)) }
            }
            var found: [[String]] = Array(repeating: [], count: ranges.count)
            for await (number, problems) in group { found[number] = problems }
            return found.flatMap { $0 }
        }
    }

    private func problems(in range: Range<Int>, pages: [String: PageResult]) -> [String] {
        var problems: [String] = []
        var fileExists: [String: Bool] = [:]
        for page in results[range] {
            for link in page.links {
                guard let target = link.target else {
                    problems.append("\(page.file): link \"\(link.text)\" climbs out of the export")
                    continue
                }
                let targetPage = pages[target]
                let exists = targetPage != nil || fileExists[target] ?? {
                    let found = FileManager.default.fileExists(atPath: outputFolder + "/" + target)
                    fileExists[target] = found
                    return found
                }()
                guard exists else {
                    problems.append("\(page.file): link \"\(link.text)\" leads to \(target), which the export does not have")
                    continue
                }
                if let anchor = link.anchor, targetPage?.ids.contains(anchor) != true {
                    problems.append("\(page.file): link \"\(link.text)\" names #\(anchor), which \(target) does not have")
                }
            }
        }
        return problems
    }
}

extension PageLink {
    /// The internal links among `links` of the page `file`, resolved; external ones are left out.
    /// A query is ignored; what follows `#` names an id, and a leading `/` counts from the
    /// export's root.
    static func resolve(_ links: [String], of file: String) -> [PageLink] {
        let folder = file.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(file[..<$0]) } ?? ""
        var resolved: [PageLink] = []
        resolved.reserveCapacity(links.count)
        for link in links where !isExternal(link) {
            let utf8 = link.utf8
            let hash = utf8.firstIndex(of: UInt8(ascii: "#"))
            let path = link[..<(utf8[..<(hash ?? utf8.endIndex)].firstIndex(of: UInt8(ascii: "?")) ?? hash ?? utf8.endIndex)]
            let anchor = hash.map { link[utf8.index(after: $0)...] }.flatMap { $0.isEmpty ? nil : String($0) }
            let target = path.isEmpty ? file : normalize(folder: path.hasPrefix("/") ? "" : folder, path)
            resolved.append(PageLink(text: link, target: target, anchor: anchor))
        }
        return resolved
    }

    static func isExternal(_ link: String) -> Bool {
        let utf8 = link.utf8
        if utf8.starts(with: "//".utf8) || utf8.starts(with: "mailto:".utf8) || utf8.starts(with: "data:".utf8) { return true }
        var colons = utf8.makeIterator()
        var previous: (UInt8, UInt8) = (0, 0)
        while let byte = colons.next() {
            if previous == (UInt8(ascii: ":"), UInt8(ascii: "/")), byte == UInt8(ascii: "/") { return true }
            previous = (previous.1, byte)
        }
        return false
    }

    /// `path` read from `folder`: `a/b` + `../c/./d` → `a/c/d`; `nil` when it climbs above the
    /// export's root. A leading `/` counts from the root too.
    static func normalize(folder: String = "", _ path: Substring) -> String? {
        if let quick = climbingToRoot(folder: folder, path) { return quick }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(folder.utf8.count + path.utf8.count + 1)
        var starts: [Int] = []
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        // Appends the parts of `text` one by one, `.` skipped and `..` taking the last one back.
        func add(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
            var start = 0
            while start <= text.count {
                var end = start
                while end < text.count, text[end] != slash { end += 1 }
                let length = end - start
                if length == 0 || (length == 1 && text[start] == dot) {
                    // nothing to add
                } else if length == 2, text[start] == dot, text[start + 1] == dot {
                    guard let last = starts.popLast() else { return false }
                    bytes.removeSubrange(max(last - 1, 0)...)
                } else {
                    if !bytes.isEmpty { bytes.append(slash) }
                    starts.append(bytes.count)
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[start..<end]))
                }
                start = end + 1
            }
            return true
        }
        var folder = folder
        var path = path
        guard folder.withUTF8(add), path.withUTF8(add) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The common case without building anything: a link that climbs exactly to the export's
    /// root (`../_assets/x.css` from `a/index.html`), or one from the root itself, followed by
    /// plain parts. `.some(nil)` when it climbs out; `nil` when the general way must decide.
    private static func climbingToRoot(folder: String, _ path: Substring) -> String?? {
        var rest = path.utf8[...]
        var climbs = 0
        while rest.starts(with: "../".utf8) {
            rest = rest.dropFirst(3)
            climbs += 1
        }
        let depth = folder.isEmpty ? 0 : folder.utf8.reduce(1) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
        if climbs > depth { return .some(nil) }
        guard climbs == depth, !rest.isEmpty, rest.first != UInt8(ascii: "/") else { return nil }
        // Plain parts only: no empty, `.` or `..` part.
        var previous = UInt8(ascii: "/")
        var partLength = 0, dots = 0
        for byte in rest {
            if byte == UInt8(ascii: "/") {
                if partLength == 0 || partLength == dots { return nil }
                partLength = 0
                dots = 0
            } else {
                partLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
            previous = byte
        }
        guard previous != UInt8(ascii: "/"), partLength != dots || partLength > 2 else { return nil }
        return .some(String(Substring(rest)))
    }
}
