/// Direction controls a text leaves open. An embedding, override or isolate a name opens and
/// does not end turns around whatever a page shows after the name in the same paragraph (a
/// notice's rest, a quantity beside it, the site's name after a page title), so text taken in
/// (a form's field, an import) has them ended where it ends.
extension DocumentText {
    /// `text` with every embedding, override or isolate it leaves open ended at its end; `text`
    /// itself when it leaves none open.
    package static func closingDirections(_ text: String) -> String {
        // Every control is U+202A…U+202E or U+2066…U+2069, whose UTF-8 begins with 0xE2.
        guard text.utf8.contains(0xE2) else { return text }
        let open = openDirections(text.unicodeScalars)
        guard !open.isEmpty else { return text }
        var closed = text.unicodeScalars
        closed.append(contentsOf: open.reversed().map { (0x2066...0x2068).contains($0.value) ? "\u{2069}" : "\u{202C}" })
        return String(closed)
    }

    /// The embeddings and overrides (U+202A, U+202B, U+202D, U+202E) and isolates (U+2066 to
    /// U+2068) `scalars` leave open, in order, as Unicode's bidirectional algorithm pairs them:
    /// a pop (U+202C) ends the embedding last opened, not one outside an isolate; an isolate's
    /// end (U+2069) ends it and every embedding opened inside it; ends with nothing to end do
    /// nothing.
    package static func openDirections(_ scalars: some Sequence<Unicode.Scalar>) -> [Unicode.Scalar] {
        var open: [Unicode.Scalar] = []
        for scalar in scalars {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E, 0x2066...0x2068: open.append(scalar)
            case 0x202C: if let last = open.last, (0x202A...0x202E).contains(last.value) { open.removeLast() }
            case 0x2069: if let isolate = open.lastIndex(where: { (0x2066...0x2068).contains($0.value) }) { open.removeSubrange(isolate...) }
            default: break
            }
        }
        return open
    }
}
