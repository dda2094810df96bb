import Foundation
import TableRender
import TableStore

/// What the last complete export knew of each page beyond its file (see `ExportState`): the data
/// it was made from, its links to other pages and the ids those links name. With the change log
/// since that export, the next one makes again only the pages a commit may have changed and
/// takes the rest as they are (see `IncrementalPlan`).
///
/// Kept in a file of its own, read only by an export that has pages to make: the up-to-date
/// check stays a few milliseconds. One line a page, fields after a tab, each field escaped as
/// `LineEscaping` does and led by a letter; the last line counts the pages and fingerprints the
/// lines before it, so a file cut short or damaged is not taken for one (a page that depends on
/// nothing, or a link to a file that is not there, would pass as records):
///
///     TableStack export pages 3
///     templates <the templates' `TemplateSet.checksFingerprint`, or nothing>
///     inputs <the state's inputs>
///     base <fingerprint of the sources, public folder and options>
///     data <the data mark the pages were read after, escaped>
///     <file> [\tL<list's owner>\1<relationship>]… [\tI<item identity>]… [\tK<target>\1<anchor>\1<text>]… [\tD<id>]… | [\tO]
///         [\tS<section record>[\tC<its rows' contract reading>]]…
///     end <pages> <Fingerprint.hex of every byte before this line>
///
/// `O` marks a page whose data the change log cannot speak for (a Swift data source's). Links
/// into `_assets/` are left out: the public folder is part of `base`, and every export copies
/// its files again (a file put into `_assets/` by hand and taken away again goes unnoticed until
/// a full export). So are a page's links to its own ids: they hold while the page is taken as
/// it is. Of a page's ids only those another page's link names are kept. `S` fields, one a
/// section, are those of a long list's page (`SectionRecord`).
struct PageRecords: Equatable {
    static let fileName = ".tablestack-export-pages"
    private static let header = "TableStack export pages 3"

    /// The `checksFingerprint` of the templates the pages were made with: the next export's
    /// load of the same files, by the same build, need not check them again (`TemplateSet`).
    /// Read on its own, from the file's head (`templateChecks(in:)`), before the templates load.
    var templateChecks: String?
    var inputs: String
    var base: String
    var data: String
    var pages: [Page]

    /// The records of an export's results (what is left out: see the type), made with the
    /// templates of `templateChecks`.
    init(inputs: String, base: String, data: String, results: [PageResult], templateChecks: String? = nil) {
        self.templateChecks = templateChecks
        self.inputs = inputs
        self.base = base
        self.data = data
        let kept = { (link: PageLink, file: String, ids: Set<String>) -> Bool in
            guard let target = link.target else { return true }
            if target == file { return !(link.anchor.map(ids.contains) ?? true) }
            return !target.hasPrefix("_assets/")
        }
        // By index, both times: a loop over the results would copy each one (10,001 of them) whole.
        // Only a page with ids can have one named: the anchors named are gathered for those alone,
        // each page's under its place in `withIDs`.
        var withIDs: [String: Int] = [:]
        // Each with room for the page's ids: a long list's page has one named for each of its
        // 10,000 rows, and a set grown by doubling hashes them all again at each step.
        var named: [Set<String>] = []
        // The same, each in the order first named.
        var namedInOrder: [[String]] = []
        for index in results.indices where !results[index].ids.isEmpty && withIDs[results[index].file] == nil {
            withIDs[results[index].file] = withIDs.count
            named.append(Set(minimumCapacity: results[index].ids.count))
            namedInOrder.append([])
        }
        var places = RememberingLookup(withIDs)
        for index in results.indices {
            for link in results[index].links where link.target != results[index].file {
                guard let target = link.target, let anchor = link.anchor, let place = places.value(for: target),
                      named[place].insert(anchor).inserted else { continue }
                namedInOrder[place].append(anchor)
            }
        }
        pages = results.indices.map { index in
            let file = results[index].file, ids = results[index].ids
            // Most often every id is named (each item's page links back to its row): then the ids
            // are taken as they are, not copied into a new set.
            let namedIDs = ids.isEmpty ? [] : withIDs[file].map { ids.isSubset(of: named[$0]) ? ids : named[$0].intersection(ids) } ?? []
            // A page taken as it is has the links and data its line was written with, and the ids
            // the line keeps: the line stands while every one of them is still named.
            if let line = results[index].recordLine, namedIDs.count == ids.count {
                return Page(file: file, dependencies: results[index].dependencies, links: results[index].links, ids: ids,
                            sections: results[index].sections, line: line)
            }
            return Page(file: file, dependencies: results[index].dependencies, links: results[index].links.filter { kept($0, file, ids) },
                        ids: namedIDs, sections: results[index].sections,
                        idOrder: withIDs[file].map { place in namedInOrder[place].filter(namedIDs.contains) })
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
        // Room for it all at once: grown by doubling, a 1.7 MB file was copied into 3.2 MB of
        // fresh memory once more. The lines kept are counted; the others are guessed high, and
        // what is not written of the room is never touched.
        out.reserveCapacity(pages.reduce(4_096) { room, page in
            room + 1 + (page.line?.count
                ?? page.file.utf8.count + 64 + page.links.count * 96 + page.ids.count * 48
                + page.sections.reduce(0) { $0 + 64 + $1.rows * 48 })
        })
        func add(_ text: String) { out.append(contentsOf: text.utf8) }
        add(Self.header + "\ntemplates " + (templateChecks ?? "") + "\ninputs " + inputs + "\nbase " + base + "\ndata ")
        LineEscaping.escape(data, into: &out)
        for page in pages {
            out.append(UInt8(ascii: "\n"))
            if let line = page.line {
                out.append(contentsOf: line)
                continue
            }
            LineEscaping.escape(page.file, into: &out)
            if let dependencies = page.dependencies {
                for list in dependencies.lists { Self.field("L", list.parent ?? "", list.relationship, into: &out) }
                for item in dependencies.items { Self.field("I", item, into: &out) }
            } else {
                Self.field("O", into: &out)
            }
            for link in page.links { Self.field("K", link.target ?? "", link.anchor ?? "", link.text, into: &out) }
            for id in page.idOrder ?? page.ids.sorted() { Self.field("D", id, into: &out) }
            for section in page.sections {
                Self.field("S", section.field, into: &out)
                guard let reading = section.reading else { continue }
                Self.field("C", into: &out)
                switch reading {
                case let .text(text): out.append(contentsOf: text)
                case let .part(part): ContractPartText.write(part, into: &out)
                }
            }
        }
        out.append(UInt8(ascii: "\n"))
        add("end \(pages.count) \(Fingerprint.hex(bytes: out))\n")
        try FileBytes.write(out, to: folder + "/" + Self.fileName)
    }

    /// A field: a tab, its letter and its parts, each escaped, parted by U+0001. The parts are
    /// given one by one, not as an array: a save writes about four fields a page.
    private static func field(_ letter: Unicode.Scalar, _ first: String? = nil, _ second: String? = nil, _ third: String? = nil,
                              into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\t"))
        out.append(UInt8(ascii: letter))
        guard let first else { return }
        LineEscaping.escape(first, into: &out)
        guard let second else { return }
        out.append(1)
        LineEscaping.escape(second, into: &out)
        guard let third else { return }
        out.append(1)
        LineEscaping.escape(third, into: &out)
    }

    /// The records saved in `folder`; `nil` when there are none or they cannot be read. Without
    /// `readingLinks`, each page's links and ids are left in its line, for `Page.readLinks()`.
    static func load(from folder: String, readingLinks: Bool = true) -> PageRecords? {
        // Kept as an array: each page's line is a slice of it.
        guard let file = FileBytes.read(folder + "/" + fileName) else { return nil }
        return file.withUnsafeBufferPointer { parse($0, lines: file, readingLinks: readingLinks) }
    }

    /// The `templateChecks` of the records saved in `folder`, read from the file's head alone
    /// (the rest is read only should pages be made); `nil` when there are none or they name none.
    /// Not vouched for by the file's last line, which is not read: the line is true of the
    /// templates named whatever became of the pages' lines after it.
    static func templateChecks(in folder: String) -> String? {
        FileBytes.headLine(of: folder + "/" + fileName, after: Array((header + "\ntemplates ").utf8)).flatMap { $0.isEmpty ? nil : $0 }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, lines file: [UInt8], readingLinks: Bool) -> PageRecords? {
        var lines = bytes.lines()
        // The file ends in a newline after the count of its pages and the fingerprint of the rest.
        guard lines.count >= 7, lines.removeLast().isEmpty else { return nil }
        let endLine = lines.removeLast()
        let body = UnsafeBufferPointer(rebasing: bytes[..<endLine.startIndex])
        guard let end = value(of: "end ", in: endLine), end.split(separator: UInt8(ascii: " ")).map({ String(decoding: $0, as: UTF8.self) })
                  == [String(lines.count - 5), Fingerprint.hex(bytes: body)],
              lines[0].elementsEqual(header.utf8), let templateChecks = value(of: "templates ", in: lines[1]),
              let inputs = value(of: "inputs ", in: lines[2]), let base = value(of: "base ", in: lines[3]),
              let data = value(of: "data ", in: lines[4]).flatMap(LineEscaping.unescape) else { return nil }
        var records = PageRecords(inputs: String(decoding: inputs, as: UTF8.self), base: String(decoding: base, as: UTF8.self),
                                  data: data, pages: [])
        records.templateChecks = templateChecks.isEmpty ? nil : String(decoding: templateChecks, as: UTF8.self)
        records.pages.reserveCapacity(lines.count - 5)
        for line in lines.dropFirst(5) {
            let kept = file[line.startIndex..<line.endIndex]
            guard let page = page(fromLine: line, keeping: kept, readingLinks: readingLinks) else { return nil }
            records.pages.append(page)
        }
        return records
    }

    /// One page's line; `nil` when it is not one `save` writes. Its links and ids are read with
    /// it only when `readingLinks` (otherwise only their letters are checked).
    private static func page(fromLine line: Slice<UnsafeBufferPointer<UInt8>>, keeping kept: ArraySlice<UInt8>,
                             readingLinks: Bool) -> Page? {
        let line = UnsafeBufferPointer(rebasing: line)
        let end = line.index(of: UInt8(ascii: "\t"), in: 0..<line.count)
        guard let file = LineEscaping.unescape(UnsafeBufferPointer(rebasing: line[..<end])), !file.isEmpty else { return nil }
        // Read into values of their own and made a page at the end: each change through the page
        // would look at whether it holds its fields alone.
        var dependencies = PageDependencies.empty
        var links: [PageLink] = []
        var ids: Set<String> = []
        var sections: [SectionRecord] = []
        var isOpaque = false
        let isRead = fields(of: line) { letter, body in
            switch letter {
            case UInt8(ascii: "L"):
                guard let (parent, relationship, _) = parts(of: body, count: 2) else { return false }
                dependencies.lists.append(ListID(parent: parent.isEmpty ? nil : parent, relationship: relationship))
            case UInt8(ascii: "I"):
                guard let (item, _, _) = parts(of: body, count: 1) else { return false }
                dependencies.items.append(item)
            case UInt8(ascii: "O"):
                guard let (empty, _, _) = parts(of: body, count: 1), empty.isEmpty else { return false }
                isOpaque = true
            case UInt8(ascii: "K"), UInt8(ascii: "D"):
                return readingLinks ? read(letter, body, links: &links, ids: &ids) : true
            case UInt8(ascii: "S"):
                guard let section = SectionRecord(field: body) else { return false }
                sections.append(section)
            case UInt8(ascii: "C"):
                // The scanner's reading of the section before it, read only should its rows be copied.
                // (`body` counts from the line's start, `kept` from the file's.)
                guard let last = sections.indices.last, sections[last].reading == nil else { return false }
                sections[last].reading = .text(kept[(kept.startIndex + body.startIndex)..<(kept.startIndex + body.endIndex)])
            default:
                return false
            }
            return true
        }
        guard isRead else { return nil }
        // A page the change log cannot speak for has no data of its own to name.
        if isOpaque, dependencies != PageDependencies.empty { return nil }
        return Page(file: file, dependencies: isOpaque ? nil : dependencies, links: links, ids: ids, sections: sections, line: kept,
                    hasLinks: readingLinks)
    }

    /// Calls `body` with each field of a page's line after its file (its letter and what
    /// follows it), walked in place, without an array of them; false when a field is empty or
    /// `body` says false.
    static func fields(of line: UnsafeBufferPointer<UInt8>, _ body: (UInt8, Slice<UnsafeBufferPointer<UInt8>>) -> Bool) -> Bool {
        var end = line.index(of: UInt8(ascii: "\t"), in: 0..<line.count)
        while end < line.count {
            let start = end + 1
            end = line.index(of: UInt8(ascii: "\t"), in: start..<line.count)
            let field = line[start..<end]
            guard let letter = field.first, body(letter, field.dropFirst()) else { return false }
        }
        return true
    }

    /// A link (`K`) or an id (`D`) field, added to `links` or `ids`; false when it is not as `save` writes it.
    static func read(_ letter: UInt8, _ body: Slice<UnsafeBufferPointer<UInt8>>, links: inout [PageLink], ids: inout Set<String>) -> Bool {
        if letter == UInt8(ascii: "K") {
            guard let (target, anchor, text) = parts(of: body, count: 3) else { return false }
            links.append(PageLink(text: text, target: target.isEmpty ? nil : target, anchor: anchor.isEmpty ? nil : anchor))
        } else {
            guard let (id, _, _) = parts(of: body, count: 1) else { return false }
            ids.insert(id)
        }
        return true
    }

    /// The parts of a field after its letter, parted by U+0001 and unescaped, in the first
    /// `count` places (the others empty); `nil` when there are not exactly `count` or one is not
    /// escaped as `save` escapes. Read in place, without an array of parts for each field.
    private static func parts(of body: Slice<UnsafeBufferPointer<UInt8>>, count: Int) -> (String, String, String)? {
        var texts = ("", "", "")
        var found = 0
        var start = body.startIndex
        while start <= body.endIndex {
            let index = body.base.index(of: 1, in: start..<body.endIndex)
            guard found < count, let text = LineEscaping.unescape(body[start..<index]) else { return nil }
            switch found {
            case 0: texts.0 = text
            case 1: texts.1 = text
            default: texts.2 = text
            }
            found += 1
            start = index + 1
        }
        return found == count ? texts : nil
    }

    /// What follows `name` on `line`; `nil` when the line does not start with it.
    private static func value(of name: String, in line: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>>? {
        line.starts(with: name.utf8) ? line.dropFirst(name.utf8.count) : nil
    }
}
