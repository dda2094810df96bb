/// The parts of a page (`ContractPart`): recorded as they are read, or taken as given. The reading
/// stops at each part's first byte and at the end of the one it records (`nextBoundary`); a part
/// that does not begin or end exactly between two of the reading's steps, or that begins outside
/// an open table or inside its navigation bar or section index, is neither recorded nor taken.
extension ContractReader {
    /// Marks the parts of the page to record, where each lies (`nil` for none), and `given`, the
    /// readings of some of them to take as they are where they still hold.
    mutating func markParts(_ parts: [Range<Int>?], given: [Int: ContractPart]) {
        self.parts = parts
        givenParts = given
        foundParts = Array(repeating: nil, count: parts.count)
        nextPart = 0
        nextBoundary = boundaryAhead()
    }

    /// Where the reading is, as a part beginning here would record it; `nil` where no part is taken.
    private var partContext: ContractPart.Context? {
        guard isMainOpen, !isBarOpen, openIndexes == 0 else { return nil }
        return ContractPart.Context(depth: stack.count, isEditing: isMainEditing, isSheet: isMainSheet)
    }

    private var pageCounts: [Int] { [mains, bars, indexes, rootChildren, indexTargets.count] }

    /// The fingerprint of the page's bytes in `range`.
    private func fingerprint(of range: Range<Int>) -> String {
        Fingerprint.hex(buffer: UnsafeBufferPointer(start: bytes.start + range.lowerBound, count: range.count))
    }

    /// Ends the part being recorded or begins the parts that begin here; false when a part taken
    /// as given repeats an id or a row path the page has already (then the page is not clean).
    mutating func crossPartBoundary() -> Bool {
        while position >= nextBoundary {
            if let part = recording {
                recording = nil
                if position == part.end, part.isWhole, stack.count == part.context.depth, pageCounts == part.counts {
                    foundParts[part.number] = ContractPart(context: part.context, byteCount: part.end - part.start,
                                                           fingerprint: fingerprint(of: part.start..<part.end), ids: part.ids,
                                                           links: Array(links[part.firstLink...]), rowPaths: part.rowPaths)
                }
            } else {
                let number = nextPart
                nextPart += 1
                if let range = parts[number], position == range.lowerBound, range.upperBound <= bytes.count, let context = partContext {
                    if let given = givenParts[number], given.context == context, given.byteCount == range.count,
                       given.fingerprint == fingerprint(of: range) {
                        for id in given.ids { guard ids.insert(id).inserted else { return false } }
                        for path in given.rowPaths { guard rowPaths.insert(path).inserted else { return false } }
                        links += given.links
                        foundParts[number] = given
                        takenParts.append(number)
                        position = range.upperBound
                    } else {
                        recording = PartRecording(number: number, start: range.lowerBound, end: range.upperBound, context: context,
                                                  firstLink: links.count, counts: pageCounts)
                    }
                }
            }
            nextBoundary = boundaryAhead()
        }
        return true
    }

    /// The end of the part being recorded, or else where the next part begins.
    private mutating func boundaryAhead() -> Int {
        if let recording { return recording.end }
        // Parts that are not there, or that the reading is past already, are passed over.
        while nextPart < parts.count {
            if let range = parts[nextPart], range.lowerBound >= position { return range.lowerBound }
            nextPart += 1
        }
        return Int.max
    }
}
