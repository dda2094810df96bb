/// The one question the server asks of `Accept-Encoding` (RFC 9110, 12.5.3): may the body be
/// gzipped? Codings are named case-insensitively (`x-gzip` is gzip's old name), `q=0` refuses
/// one, and `*` stands for every coding the header does not name. Read in place: every page
/// asks it.
enum AcceptEncoding {
    static func acceptsGzip(_ header: String) -> Bool {
        var header = header
        return header.withUTF8 { bytes in
            var gzip: Bool?
            var any: Bool?
            HeaderElements.forEach(in: bytes) { start, end in
                let name = HeaderElements.name(bytes, start, end)
                let isAny = name.count == 1 && bytes[name.lowerBound] == UInt8(ascii: "*")
                guard isAny || HeaderElements.matches(bytes, name, "gzip") || HeaderElements.matches(bytes, name, "x-gzip") else { return }
                let accepted = HeaderElements.weight(bytes, name.upperBound, end) > 0
                if isAny { any = any.map { $0 || accepted } ?? accepted } else { gzip = gzip.map { $0 || accepted } ?? accepted }
            }
            return gzip ?? any ?? false
        }
    }
}
