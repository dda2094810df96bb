/// Whether a request's `Accept` asks for a page's JSON twin rather than its HTML (RFC 9110,
/// 12.5.1): each type's weight is the one of the most specific range that covers it
/// (`application/json`, then `application/*`, then `*/*`), types named without case, `q=0`
/// refusing one. JSON is sent when its weight is the higher, or the same and JSON is named
/// while HTML is only covered by a wildcard (`application/json, text/plain, */*`, which
/// JavaScript clients send); HTML otherwise, and without the header. Read in place: every page
/// asks it.
enum AcceptMedia {
    static func prefersJSON(_ header: String) -> Bool {
        var header = header
        return header.withUTF8 { bytes in
            // A browser's header begins with text/html at full weight, which JSON cannot outweigh:
            // answered without reading the rest (a warm page asks twice).
            let firstEnd = bytes.firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
            if firstEnd == 9, HeaderElements.matches(bytes, 0..<9, "text/html") { return false }
            // Weights by how specific the range that gave them is: 0 the type, 1 its `/*`, 2 `*/*`.
            var json: (weight: Int, rank: Int)?
            var html: (weight: Int, rank: Int)?
            func take(_ found: inout (weight: Int, rank: Int)?, _ weight: Int, _ rank: Int) {
                // The most specific range decides; among equally specific ones, the highest weight.
                if let old = found, old.rank < rank || (old.rank == rank && old.weight >= weight) { return }
                found = (weight, rank)
            }
            HeaderElements.forEach(in: bytes) { start, end in
                let name = HeaderElements.name(bytes, start, end)
                guard let slash = name.firstIndex(where: { bytes[$0] == UInt8(ascii: "/") }) else { return }
                let type = name.lowerBound..<slash, subtype = (slash + 1)..<name.upperBound
                let anySubtype = subtype.count == 1 && bytes[subtype.lowerBound] == UInt8(ascii: "*")
                let weight = HeaderElements.weight(bytes, name.upperBound, end)
                if type.count == 1, bytes[type.lowerBound] == UInt8(ascii: "*") {
                    guard anySubtype else { return }
                    take(&json, weight, 2)
                    take(&html, weight, 2)
                } else if HeaderElements.matches(bytes, type, "application") {
                    if anySubtype { take(&json, weight, 1) } else if HeaderElements.matches(bytes, subtype, "json") { take(&json, weight, 0) }
                } else if HeaderElements.matches(bytes, type, "text") {
                    if anySubtype { take(&html, weight, 1) } else if HeaderElements.matches(bytes, subtype, "html") { take(&html, weight, 0) }
                }
            }
            guard let json, json.weight > 0 else { return false }
            guard let html else { return true }
            return json.weight > html.weight || (json.weight == html.weight && json.rank == 0 && html.rank > 0)
        }
    }
}
