import Foundation
import TableStore

/// What the last complete export knew of each page beyond its file (see `ExportState`): the data
/// it was made from, its links to other pages and the ids those links name. With the change log
/// since that export, the next one makes again only the pages a commit may have changed and
/// takes the rest as they are (see `IncrementalPlan`).
///
/// Kept in a file of its own, read only by an export that has pages to make: the up-to-date
/// check stays a few milliseconds. One line a page, fields after a tab, each field escaped
/// (`\\`, `\n`, `\t`, `\1`) and led by a letter:
///
///     TableStack export pages 1
///     inputs <the state's inputs>
///     base <fingerprint of the sources, public folder and options>
///     data <the data mark the pages were read after, escaped>
///     <file> [\tL<list's owner>\1<relationship>]… [\tI<item identity>]… [\tK<target>\1<anchor>\1<text>]… [\tD<id>]… [\tO]
///
/// `O` marks a page whose data the change log cannot speak for (a Swift data source's). Links
/// into `_assets/` are left out: the public folder is part of `base`, and its files are copied
/// again by every export. So are a page's links to its own ids: they hold while the page is
/// taken as it is. Of a page's ids only those another page's link names are kept.
struct PageRecords: Equatable {
    struct Page: Equatable {
        var file: String
        var dependencies: PageDependencies?
        var links: [PageLink]
        var ids: Set<String>
    }

    static let fileName = ".tablestack-export-pages"
    private static let header = "TableStack export pages 1"

    var inputs: String
    var base: String
    var data: String
    var pages: [Page]

    /// The records of an export's results. Left out: links into `_assets/`, links of a page to
    /// itself that hold (they hold as long as the page is taken as it is), and the ids no other
    /// page's link names.
    init(inputs: String, base: String, data: String, results: [PageResult]) {
        self.inputs = inputs
        self.base = base
        self.data = data
        let kept = { (link: PageLink, result: PageResult) -> Bool in
            guard let target = link.target else { return true }
            if target == result.file { return !(link.anchor.map(result.ids.contains) ?? true) }
            return !target.hasPrefix("_assets/")
        }
        var named: [String: Set<String>] = [:]
        for result in results {
            for link in result.links where link.target != result.file {
                if let target = link.target, let anchor = link.anchor { named[target, default: []].insert(anchor) }
            }
        }
        pages = results.map { result in
            Page(file: result.file, dependencies: result.dependencies, links: result.links.filter { kept($0, result) },
                 ids: named[result.file].map { $0.intersection(result.ids) } ?? [])
        }
    }

    init(inputs: String, base: String, data: String, pages: [Page]) {
        self.inputs = inputs
        self.base = base
        self.data = data
        self.pages = pages
    }

    /// Forgets the records of `folder`.
    static func remove(from folder: String) {
        unlink(folder + "/" + fileName)
    }

    func save(to folder: String) throws {
        var out: [UInt8] = []
        out.reserveCapacity(pages.count * 160)
        func add(_ text: String) { out.append(contentsOf: text.utf8) }
        add(Self.header + "\ninputs " + inputs + "\nbase " + base + "\ndata ")
        Self.escape(data, into: &out)
        for page in pages {
            out.append(UInt8(ascii: "\n"))
            Self.escape(page.file, into: &out)
            func field(_ letter: Character, _ parts: String...) {
                out.append(UInt8(ascii: "\t"))
                add(String(letter))
                for (index, part) in parts.enumerated() {
                    if index > 0 { out.append(1) }
                    Self.escape(part, into: &out)
                }
            }
            if let dependencies = page.dependencies {
                for list in dependencies.lists { field("L", list.parent ?? "", list.relationship) }
                for item in dependencies.items { field("I", item) }
            } else {
                field("O")
            }
            for link in page.links { field("K", link.target ?? "", link.anchor ?? "", link.text) }
            for id in page.ids.sorted() { field("D", id) }
        }
        out.append(UInt8(ascii: "\n"))
        do {
            try Data(out).write(to: URL(fileURLWithPath: folder + "/" + Self.fileName), options: .atomic)
        } catch {
            throw ExportError.cannotWrite(folder + "/" + Self.fileName, error.localizedDescription)
        }
    }

    /// The records saved in `folder`; `nil` when there are none or they cannot be read.
    static func load(from folder: String) -> PageRecords? {
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName) else { return nil }
        return data.withUnsafeBytes { parse($0.bindMemory(to: UInt8.self)) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> PageRecords? {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard lines.count >= 4, lines[0].elementsEqual(header.utf8),
              let inputs = value(of: "inputs ", in: lines[1]), let base = value(of: "base ", in: lines[2]),
              let data = value(of: "data ", in: lines[3]) else { return nil }
        var records = PageRecords(inputs: String(decoding: inputs, as: UTF8.self), base: String(decoding: base, as: UTF8.self),
                                  data: unescape(data), pages: [])
        records.pages.reserveCapacity(lines.count - 4)
        for line in lines.dropFirst(4) where !line.isEmpty {
            let fields = line.split(separator: UInt8(ascii: "\t"), omittingEmptySubsequences: false)
            var page = Page(file: unescape(fields[0]), dependencies: PageDependencies(lists: [], items: []), links: [], ids: [])
            for field in fields.dropFirst() {
                guard let letter = field.first else { return nil }
                let parts = field.dropFirst().split(separator: 1, omittingEmptySubsequences: false).map(unescape)
                switch (letter, parts.count) {
                case (UInt8(ascii: "L"), 2): page.dependencies?.lists.append(ListID(parent: parts[0].isEmpty ? nil : parts[0], relationship: parts[1]))
                case (UInt8(ascii: "I"), 1): page.dependencies?.items.append(parts[0])
                case (UInt8(ascii: "O"), 1) where parts[0].isEmpty: page.dependencies = nil
                case (UInt8(ascii: "K"), 3):
                    page.links.append(PageLink(text: parts[2], target: parts[0].isEmpty ? nil : parts[0], anchor: parts[1].isEmpty ? nil : parts[1]))
                case (UInt8(ascii: "D"), 1): page.ids.insert(parts[0])
                default: return nil
                }
            }
            records.pages.append(page)
        }
        return records
    }

    /// What follows `name` on `line`; `nil` when the line does not start with it.
    private static func value(of name: String, in line: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        line.starts(with: name.utf8) ? line.dropFirst(name.utf8.count) : nil
    }

    private static func escape(_ text: String, into out: inout [UInt8]) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\\"): out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case UInt8(ascii: "\n"): out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case UInt8(ascii: "\t"): out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 1: out += [UInt8(ascii: "\\"), UInt8(ascii: "1")]
            default: out.append(byte)
            }
        }
    }

    private static func unescape<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        guard bytes.contains(UInt8(ascii: "\\")) else { return String(decoding: bytes, as: UTF8.self) }
        var out: [UInt8] = []
        var escaped = false
        for byte in bytes {
            if escaped {
                switch byte {
                case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "1"): out.append(1)
                default: out.append(byte)
                }
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
