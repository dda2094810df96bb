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
    /// Each page's place in `results`, by file (`positions(of:)`).
    let pages: [String: Int]

    init(results: [PageResult], outputFolder: String, positions: [String: Int]? = nil) {
        self.results = results
        self.outputFolder = outputFolder
        pages = positions ?? Self.positions(of: results)
    }

    /// Where each page's result stands in `results`, by file (the first, should a file stand
    /// twice): looking a page up copies nothing.
    static func positions(of results: [PageResult]) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(results.count)
        // By index, and from the end so that the first of a file is the one set last: one
        // hashing of each name. (`enumerated()` would hand out a copy of each result.)
        for position in results.indices.reversed() { positions[results[position].file] = position }
        return positions
    }

    /// Every broken link, page by page in the order of `results`; the pages are checked in
    /// `parts` parts at once.
    func problems(parts: Int = ProcessInfo.processInfo.activeProcessorCount) async -> [String] {
        let size = max(1, (results.count + parts - 1) / max(parts, 1))
        let ranges = stride(from: 0, to: results.count, by: size).map { $0..<min($0 + size, results.count) }
        return await withTaskGroup(of: (Int, [String]).self) { [pages] group in
            for (number, range) in ranges.enumerated() {
                group.addTask { (number, self.problems(in: range, pages: pages)) }
            }
            var found: [[String]] = Array(repeating: [], count: ranges.count)
            for await (number, problems) in group { found[number] = problems }
            return found.flatMap { $0 }
        }
    }

    private func problems(in range: Range<Int>, pages: [String: Int]) -> [String] {
        var problems: [String] = []
        var fileExists: [String: Bool] = [:]
        var positions = RememberingLookup(pages)
        // Read in place: copying a page's result (its ids, its links) for each link retained the
        // same few objects from every core at once.
        results.withUnsafeBufferPointer { results in
            for position in range {
                for link in results[position].links {
                    let file = results[position].file
                    guard let target = link.target else {
                        problems.append("\(file): link \"\(link.text)\" climbs out of the export")
                        continue
                    }
                    let targetPage = positions.value(for: target)
                    let exists = targetPage != nil || fileExists[target] ?? {
                        let found = FileManager.default.fileExists(atPath: outputFolder + "/" + target)
                        fileExists[target] = found
                        return found
                    }()
                    guard exists else {
                        problems.append("\(file): link \"\(link.text)\" leads to \(target), which the export does not have")
                        continue
                    }
                    if let anchor = link.anchor, !(targetPage.map { results[$0].ids.contains(anchor) } ?? false) {
                        problems.append("\(file): link \"\(link.text)\" names #\(anchor), which \(target) does not have")
                    }
                }
            }
        }
        return problems
    }
}

extension PageLink {
    /// The internal links among `links` of the page `file`, resolved; external ones are left out.
    /// A query is ignored; what follows `#` names an id, and a leading `/` counts from the
    /// export's root. Read on UTF-8 bytes: every exported page resolves its links.
    static func resolve(_ links: [String], of file: String) -> [PageLink] {
        let folder = Array(file.utf8.lastIndex(of: UInt8(ascii: "/")).map { file.utf8[..<$0] } ?? file.utf8[file.utf8.endIndex...])
        let depth = folder.isEmpty ? 0 : folder.reduce(1) { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }
        var resolved: [PageLink] = []
        resolved.reserveCapacity(links.count)
        for link in links {
            var text = link
            let entry: PageLink? = text.withUTF8 { bytes in
                guard !isExternal(bytes) else { return nil }
                let hash = bytes.firstIndex(of: UInt8(ascii: "#"))
                let pathEnd = bytes[..<(hash ?? bytes.count)].firstIndex(of: UInt8(ascii: "?")) ?? hash ?? bytes.count
                let path = UnsafeBufferPointer(rebasing: bytes[..<pathEnd])
                let anchor = hash.flatMap { $0 + 1 < bytes.count ? String(decoding: bytes[($0 + 1)...], as: UTF8.self) : nil }
                let target: String?
                if path.isEmpty {
                    target = file
                } else if path.first == UInt8(ascii: "/") {
                    target = normalize(folder: [], path)
                } else if let quick = climbingToRoot(path, depth: depth) {
                    target = quick
                } else {
                    target = normalize(folder: folder, path)
                }
                return PageLink(text: link, target: target, anchor: anchor)
            }
            if let entry { resolved.append(entry) }
        }
        return resolved
    }

    static func isExternal(_ link: UnsafeBufferPointer<UInt8>) -> Bool {
        if link.starts(with: "//".utf8) || link.starts(with: "mailto:".utf8) || link.starts(with: "data:".utf8) { return true }
        guard link.count >= 3 else { return false }
        for k in 0..<(link.count - 2) where link[k] == UInt8(ascii: ":") && link[k + 1] == UInt8(ascii: "/") && link[k + 2] == UInt8(ascii: "/") {
            return true
        }
        return false
    }

    /// `path` read from `folder`: `a/b` + `../c/./d` → `a/c/d`; `nil` when it climbs above the
    /// export's root.
    static func normalize(folder: [UInt8], _ path: UnsafeBufferPointer<UInt8>) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(folder.count + path.count + 1)
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
        guard folder.withUnsafeBufferPointer(add), add(path) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The common case without building anything: a link that climbs exactly to the export's
    /// root (`../_assets/x.css` from a page `depth` folders down, `./x` from the root itself),
    /// then plain parts. `.some(nil)` when it climbs out; `nil` when `normalize` must decide.
    private static func climbingToRoot(_ path: UnsafeBufferPointer<UInt8>, depth: Int) -> String?? {
        var start = 0
        var climbs = 0
        while path.count - start >= 3, path[start] == UInt8(ascii: "."), path[start + 1] == UInt8(ascii: "."), path[start + 2] == UInt8(ascii: "/") {
            start += 3
            climbs += 1
        }
        if climbs == 0 {
            while path.count - start >= 2, path[start] == UInt8(ascii: "."), path[start + 1] == UInt8(ascii: "/") { start += 2 }
        }
        if climbs > depth { return .some(nil) }
        guard climbs == depth, start < path.count, path[start] != UInt8(ascii: "/") else { return nil }
        // Plain parts only: none empty, none of dots alone.
        var partLength = 0, dots = 0
        for byte in path[start...] {
            if byte == UInt8(ascii: "/") {
                if partLength == dots { return nil }
                partLength = 0
                dots = 0
            } else {
                partLength += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        guard partLength != dots else { return nil }
        return .some(String(decoding: UnsafeBufferPointer(rebasing: path[start...]), as: UTF8.self))
    }
}
