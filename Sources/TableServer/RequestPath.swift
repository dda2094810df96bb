import TableRender

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
