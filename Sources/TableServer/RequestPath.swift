import TableRender

/// A request path split into what TableStack routes on: assets, the sign-in and sign-out pages,
/// a page's navigation path, or a page's action (`…/_/delete`).
enum RequestPath: Equatable {
    case asset([String])
    case signIn
    case signOut
    case page([String])
    case action([String], PageAction)
    /// `…/_/NAME` where NAME is no action: not there, whatever the method.
    case unknownAction([String], name: String)
    /// The live stream of a page (`…/_live`).
    case live([String])

    /// Parses `path` (still percent-encoded) below `basePath`; `nil` for a path outside the site
    /// or with empty, undecodable or dot segments.
    init?(_ path: String, basePath: String) {
        // The base compared byte for byte, as URLs are (RFC 3986 §6.2.1), and cut off by its
        // bytes (counting the path's characters costs a warm page a thousand instructions).
        let rest: Substring
        if path.utf8.starts(with: basePath.utf8) {
            rest = path[path.utf8.index(path.startIndex, offsetBy: basePath.utf8.count)...]
        } else if basePath.utf8.last == UInt8(ascii: "/"), basePath.utf8.dropLast().elementsEqual(path.utf8) {
            rest = ""
        } else {
            return nil
        }
        let endsInSlash = rest.utf8.last == UInt8(ascii: "/")
        // The segments without the slash that ends the path.
        let body = endsInSlash ? rest[..<rest.utf8.index(before: rest.endIndex)] : rest
        var segments: [String] = []
        for raw in rest.isEmpty ? [] : body.split(atByte: UInt8(ascii: "/")) {
            guard !raw.isEmpty, let segment = raw.removingPercentEncodingStrictly(plusIsSpace: false), segment != ".", segment != "..",
                  !segment.utf8.contains(UInt8(ascii: "/")) else { return nil }
            segments.append(segment)
        }
        let isReserved = { (segment: String) in segment.utf8.first == UInt8(ascii: "_") }
        if segments.first == "_assets" {
            self = .asset(Array(segments.dropFirst()))
        } else if segments.count == 1, segments[0] == "_login" {
            self = .signIn
        } else if segments.count == 1, segments[0] == "_logout" {
            self = .signOut
        } else if segments.count >= 2, segments[segments.count - 2] == "_" {
            let name = segments[segments.count - 1]
            self = PageAction(rawValue: name).map { .action(Array(segments.dropLast(2)), $0) } ?? .unknownAction(Array(segments.dropLast(2)), name: name)
        } else if segments.last == "_live", !endsInSlash, !segments.dropLast().contains(where: isReserved) {
            self = .live(Array(segments.dropLast()))
        } else if segments.contains(where: isReserved) {
            return nil
        } else {
            self = .page(segments)
        }
    }

    /// How many navigation segments the path names (a page's, or the page an action or stream is of).
    var depth: Int {
        switch self {
        case let .page(segments), let .action(segments, _), let .unknownAction(segments, _), let .live(segments): segments.count
        case .asset, .signIn, .signOut: 0
        }
    }

    /// The methods the site answers at this path, for a 405's `Allow`.
    var allowedMethods: String {
        switch self {
        case .asset, .page: "GET, HEAD"
        case .signIn, .signOut: "GET, HEAD, POST"
        case .action, .unknownAction: "POST"
        case .live: "GET, HEAD"
        }
    }
}
