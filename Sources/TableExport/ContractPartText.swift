import TableRender

/// How a page's records line keeps the contract scanner's reading of a section's rows
/// (`ContractPart`, in a `C` field after the section's `S`): `<depth> <editing> <sheet> <ids>
/// <links> <row paths>` (the flags `0` or `1`, then how many of each follow), then each id, link
/// and row path in order, each after a U+0001 and escaped as `LineEscaping` does.
enum ContractPartText {
    static func write(_ part: ContractPart, into out: inout [UInt8]) {
        let context = part.context
        let numbers = [context.depth, context.isEditing ? 1 : 0, context.isSheet ? 1 : 0, part.ids.count, part.links.count, part.rowPaths.count]
        for (index, number) in numbers.enumerated() {
            if index > 0 { out.append(UInt8(ascii: " ")) }
            ExportState.appendDecimal(Int64(number), to: &out)
        }
        for list in [part.ids, part.links, part.rowPaths] {
            for text in list {
                out.append(1)
                LineEscaping.escape(text, into: &out)
            }
        }
    }

    /// The reading `text` holds; `nil` when it is not one `write` writes.
    static func read(_ text: ArraySlice<UInt8>) -> ContractPart? {
        text.withUnsafeBufferPointer { bytes -> ContractPart? in
            var pieces = bytes.split(separator: 1, omittingEmptySubsequences: false)[...]
            guard let head = pieces.popFirst() else { return nil }
            let numbers = head.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map {
                ExportState.number(UnsafeBufferPointer(rebasing: $0)).map(Int.init)
            }
            guard numbers.count == 6, let depth = numbers[0], let editing = numbers[1], let sheet = numbers[2],
                  let ids = numbers[3], let links = numbers[4], let paths = numbers[5], editing <= 1, sheet <= 1,
                  [ids, links, paths].allSatisfy({ $0 <= pieces.count }), pieces.count == ids + links + paths else { return nil }
            var texts: [String] = []
            texts.reserveCapacity(pieces.count)
            for piece in pieces {
                guard let text = LineEscaping.unescape(UnsafeBufferPointer(rebasing: piece)) else { return nil }
                texts.append(text)
            }
            return ContractPart(context: ContractPart.Context(depth: depth, isEditing: editing == 1, isSheet: sheet == 1),
                                ids: Array(texts[..<ids]), links: Array(texts[ids..<(ids + links)]), rowPaths: Array(texts[(ids + links)...]))
        }
    }
}
