/// A request path split into what TableStack routes on: assets, the sign-in and sign-out pages,
/// a page's navigation path, or a page's action (`…/_/delete`).
enum RequestPath: Equatable {
    case asset([String])
    case signIn
    case signOut
    case page([String])
    case action([String], name: String)
    /// The live stream of a page (`…/_live`).
    case live([String])

    /// Parses `path` (still percent-encoded) below `basePath`; `nil` for a path outside the site
    /// or with empty, undecodable or dot segments.
    init?(_ path: String, basePath: String) {
        guard path.hasPrefix(basePath) || path + "/" == basePath else { return nil }
        let rest = path.dropFirst(min(basePath.count, path.count))
        var segments: [String] = []
        let parts = rest.isEmpty ? [] : Array(rest.split(separator: "/", omittingEmptySubsequences: false).dropLast(rest.hasSuffix("/") ? 1 : 0))
        for raw in parts {
            guard !raw.isEmpty, let segment = raw.removingPercentEncodingStrictly(plusIsSpace: false), segment != ".", segment != "..",
                  !segment.contains("/") else { return nil }
            segments.append(segment)
        }
        if segments.first == "_assets" {
            self = .asset(Array(segments.dropFirst()))
        } else if segments == ["_login"] {
            self = .signIn
        } else if segments == ["_logout"] {
            self = .signOut
        } else if segments.count >= 2, segments[segments.count - 2] == "_" {
            self = .action(Array(segments.dropLast(2)), name: segments[segments.count - 1])
        } else if segments.last == "_live", !rest.hasSuffix("/"), !segments.dropLast().contains(where: { $0.hasPrefix("_") }) {
            self = .live(Array(segments.dropLast()))
        } else if segments.contains(where: { $0.hasPrefix("_") }) {
            return nil
        } else {
            self = .page(segments)
        }
    }
}

extension Substring {
    /// Percent-decoding that refuses malformed escapes and bytes that are not UTF-8: the one
    /// decoder of paths and form fields. A form's `+` stands for a space (`plusIsSpace`); in a
    /// path it is itself.
    func removingPercentEncodingStrictly(plusIsSpace: Bool) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var iterator = utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == UInt8(ascii: "%") {
                guard let high = iterator.next().flatMap(Self.hexValue), let low = iterator.next().flatMap(Self.hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else if plusIsSpace, byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
