/// What one part of a page (the rows of a section, where `PageRenderer.renderForExport` placed
/// them) gave the contract scanner: its ids, links and row index paths, where the reading stood
/// as it began, and which bytes it read. The scanner records one for each part it is shown that
/// it read whole and that touched nothing else of the page's reading. A later reading of a page
/// that holds the same bytes (the same length and fingerprint) in the same place of the same kind
/// of table takes it as given rather than read them again (`ContractReader.crossPartBoundary`),
/// checking only that its ids and row paths are new to the page. An export copies a long list's
/// unchanged sections from the file it wrote last time (`SectionCopies`), so it can hand the
/// scanner what it recorded for them then.
public struct ContractPart: Equatable, Sendable {
    /// Where the reading stood as the part began: how many elements were open, and whether the
    /// table they are in is in editing mode and a sheet's. The part's rows are judged by these.
    public struct Context: Equatable, Sendable {
        public var depth: Int
        public var isEditing: Bool
        public var isSheet: Bool

        /// The context of a part begun with `depth` elements open in such a table.
        public init(depth: Int, isEditing: Bool, isSheet: Bool) {
            self.depth = depth
            self.isEditing = isEditing
            self.isSheet = isSheet
        }
    }

    public var context: Context
    /// The part's length in bytes and their `Fingerprint`: a reading is taken only for the bytes
    /// it was made from.
    public var byteCount: Int
    public var fingerprint: String
    /// The part's ids, in order.
    public var ids: [String]
    /// The part's `href` and `src` values, element by element, in order.
    public var links: [String]
    /// The index paths of the part's rows, in order.
    public var rowPaths: [String]

    /// A part's reading: see the properties.
    public init(context: Context, byteCount: Int, fingerprint: String, ids: [String], links: [String], rowPaths: [String]) {
        self.context = context
        self.byteCount = byteCount
        self.fingerprint = fingerprint
        self.ids = ids
        self.links = links
        self.rowPaths = rowPaths
    }
}
