import TableRender

/// How a page's records line keeps the contract scanner's reading of a section's rows
/// (`ContractPart`, in a `C` field after the section's `S`): `<depth> <editing> <sheet> <bytes>
/// <fingerprint> <ids> <links> <row paths>` (the flags `0` or `1`, the part's length and the
/// fingerprint of its bytes, then how many of each list follow), then each id, link and row path
/// in order, each after a U+0001 and escaped as `LineEscaping` does.
enum ContractPartText {
    static func write(_ part: ContractPart, into out: inout [UInt8]) {
        let context = part.context
        for number in [context.depth, context.isEditing ? 1 : 0, context.isSheet ? 1 : 0, part.byteCount] {
            ExportState.appendDecimal(Int64(number), to: &out)
            out.append(UInt8(ascii: " "))
        }
        out.append(contentsOf: part.fingerprint.utf8)
        for number in [part.ids.count, part.links.count, part.rowPaths.count] {
            out.append(UInt8(ascii: " "))
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
            let fields = head.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard fields.count == 8, !fields[4].isEmpty, fields[4].allSatisfy(\.isFingerprintDigit) else { return nil }
            let numbers = fields.enumerated().map { index, field in
                index == 4 ? 0 : ExportState.number(UnsafeBufferPointer(rebasing: field)).map(Int.init)
            }
            guard let depth = numbers[0], let editing = numbers[1], let sheet = numbers[2], let byteCount = numbers[3],
                  let ids = numbers[5], let links = numbers[6], let paths = numbers[7], editing <= 1, sheet <= 1,
                  [ids, links, paths].allSatisfy({ $0 <= pieces.count }), pieces.count == ids + links + paths else { return nil }
            var texts: [String] = []
            texts.reserveCapacity(pieces.count)
            for piece in pieces {
                guard let text = LineEscaping.unescape(UnsafeBufferPointer(rebasing: piece)) else { return nil }
                texts.append(text)
            }
            return ContractPart(context: ContractPart.Context(depth: depth, isEditing: editing == 1, isSheet: sheet == 1),
                                byteCount: byteCount, fingerprint: String(decoding: fields[4], as: UTF8.self), ids: Array(texts[..<ids]),
                                links: Array(texts[ids..<(ids + links)]), rowPaths: Array(texts[(ids + links)...]))
        }
    }
}
