/// What one part of a page (the rows of a section, where `PageRenderer.renderForExport` placed
/// them) gave the contract scanner: its ids, links and row index paths, and where the reading
/// stood as it began. The scanner records one for each part it is shown that it read whole and
/// that touched nothing else of the page's reading; a later reading of a page holding the same
/// bytes in the same place of the same kind of table takes them as given rather than read the
/// bytes again (`ContractReader.crossPartBoundary`), checking only that its ids and row paths are
/// new to the page. An export copies a long list's unchanged sections from the file it wrote
/// last time (`SectionCopies`), so it can hand the scanner what it recorded for them then.
public struct ContractPart: Equatable, Sendable {
    /// Where the reading stood: open elements, and the kind of table they are in.
    public struct Context: Equatable, Sendable {
        public var depth: Int
        public var isEditing: Bool
        public var isSheet: Bool

        public init(depth: Int, isEditing: Bool, isSheet: Bool) {
            self.depth = depth
            self.isEditing = isEditing
            self.isSheet = isSheet
        }
    }

    public var context: Context
    /// The part's ids, links (`href`, then `src`, element by element) and row index paths, in order.
    public var ids: [String]
    public var links: [String]
    public var rowPaths: [String]

    public init(context: Context, ids: [String], links: [String], rowPaths: [String]) {
        self.context = context
        self.ids = ids
        self.links = links
        self.rowPaths = rowPaths
    }
}
