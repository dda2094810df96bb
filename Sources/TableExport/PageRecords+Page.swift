extension PageRecords {
    /// What the records keep of one page (see `PageRecords`).
    struct Page: Equatable {
        /// The page's fields, in one object however often the page is copied: the pages a
        /// re-export takes as they are go from the records read to the plan, the pages with their
        /// links, the results and the records saved, and a copy of the fields themselves would
        /// retain and release each counted one every time. Copied only when a page sharing it
        /// changes (`owned()`).
        private final class Fields: @unchecked Sendable {  // changed only through a page that holds it alone
            var file: String
            var dependencies: PageDependencies?
            var links: [PageLink]
            var ids: Set<String>
            var sections: [SectionRecord]
            var idOrder: [String]?
            var line: ArraySlice<UInt8>?
            var hasLinks: Bool

            init(file: String, dependencies: PageDependencies?, links: [PageLink], ids: Set<String>, sections: [SectionRecord],
                 idOrder: [String]?, line: ArraySlice<UInt8>?, hasLinks: Bool) {
                self.file = file
                self.dependencies = dependencies
                self.links = links
                self.ids = ids
                self.sections = sections
                self.idOrder = idOrder
                self.line = line
                self.hasLinks = hasLinks
            }

            func copy() -> Fields {
                Fields(file: file, dependencies: dependencies, links: links, ids: ids, sections: sections, idOrder: idOrder, line: line,
                       hasLinks: hasLinks)
            }
        }

        private var fields: Fields

        /// The fields, copied first should another page share them.
        private mutating func owned() -> Fields {
            if !isKnownUniquelyReferenced(&fields) { fields = fields.copy() }
            return fields
        }

        var file: String {
            get { fields.file }
            _modify { yield &owned().file }
        }

        var dependencies: PageDependencies? {
            get { fields.dependencies }
            _modify { yield &owned().dependencies }
        }

        var links: [PageLink] {
            get { fields.links }
            _modify { yield &owned().links }
        }

        /// Changed, it forgets `idOrder`.
        var ids: Set<String> {
            get { fields.ids }
            _modify {
                let fields = owned()
                defer { fields.idOrder = nil }
                yield &fields.ids
            }
        }

        /// Its sections' rows and where they stand in its file, for a long list's page.
        var sections: [SectionRecord] {
            get { fields.sections }
            _modify { yield &owned().sections }
        }

        /// The order its ids are written in, when `ids.sorted()` is not: a page's records made
        /// from an export's results name its ids in the order the export's links name them, which
        /// is always the same for the same results (sorting a long list's 10,000 ids cost 10 M
        /// instructions). Forgotten when the ids change.
        private(set) var idOrder: [String]? {
            get { fields.idOrder }
            _modify { yield &owned().idOrder }
        }

        /// The page's line as a records file held it, which `save` writes again as it is: the
        /// same page saves as the same line, and most of an export's pages are taken as the
        /// last one left them. Part of the page's value only while its links are not read from
        /// it (`hasLinks`): they are in it alone then.
        var line: ArraySlice<UInt8>? {
            get { fields.line }
            _modify { yield &owned().line }
        }

        /// Whether `links` and `ids` hold what the page's line says. An export reads records
        /// without them (`load(from:readingLinks:)`) and then reads them (`readLinks()`) only for
        /// the pages it takes as they are: a long list's page, made again after nearly every
        /// change, has a link and an id for each of its rows.
        private(set) var hasLinks: Bool {
            get { fields.hasLinks }
            _modify { yield &owned().hasLinks }
        }

        init(file: String, dependencies: PageDependencies?, links: [PageLink], ids: Set<String>, sections: [SectionRecord] = [],
             line: ArraySlice<UInt8>? = nil, idOrder: [String]? = nil, hasLinks: Bool = true) {
            fields = Fields(file: file, dependencies: dependencies, links: links, ids: ids, sections: sections, idOrder: idOrder, line: line,
                            hasLinks: hasLinks)
        }

        static func == (lhs: Page, rhs: Page) -> Bool {
            if lhs.fields === rhs.fields { return true }
            return lhs.file == rhs.file && lhs.dependencies == rhs.dependencies && lhs.hasLinks == rhs.hasLinks && lhs.links == rhs.links
                && lhs.ids == rhs.ids && lhs.sections == rhs.sections && (lhs.hasLinks || lhs.line == rhs.line)
        }

        /// Reads the links and ids of the page's line, when they were not read with it; `false`
        /// when the line does not hold them as `save` writes them.
        mutating func readLinks() -> Bool {
            guard !hasLinks else { return true }
            guard let line else { return false }
            // Read beside the page, so that a line that fails leaves it as it was.
            var links: [PageLink] = []
            var ids: Set<String> = []
            let isRead = line.withUnsafeBufferPointer { line in
                PageRecords.fields(of: line) { letter, body in
                    letter == UInt8(ascii: "K") || letter == UInt8(ascii: "D") ? PageRecords.read(letter, body, links: &links, ids: &ids) : true
                }
            }
            guard isRead else { return false }
            let fields = owned()
            fields.links = links
            fields.ids = ids
            fields.idOrder = nil
            fields.hasLinks = true
            return true
        }
    }
}
