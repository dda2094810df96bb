import TableRender
import Testing
import TestSupport
@testable import TableServer

@Suite("Request paths")
struct RequestPathTests {
    @Test("paths route to pages, actions, assets, live streams and sign-in, and odd ones to nothing")
    func routes() {
        #expect(RequestPath("/", basePath: "/") == .page([]))
        #expect(RequestPath("/groceries/milk/", basePath: "/") == .page(["groceries", "milk"]))
        #expect(RequestPath("/groceries/caf%C3%A9/", basePath: "/") == .page(["groceries", "café"]))
        #expect(RequestPath("/groceries/_/delete", basePath: "/") == .action(["groceries"], .delete))
        #expect(RequestPath("/groceries/_/explode", basePath: "/") == .unknownAction(["groceries"], name: "explode"))
        #expect(RequestPath("/_assets/app.css", basePath: "/") == .asset(["app.css"]))
        #expect(RequestPath("/groceries/_live", basePath: "/") == .live(["groceries"]))
        #expect(RequestPath("/_login", basePath: "/") == .signIn)
        #expect(RequestPath("/_logout/", basePath: "/") == .signOut)
        #expect(RequestPath("/docs", basePath: "/docs/") == .page([]))
        #expect(RequestPath("/docs/a/", basePath: "/docs/") == .page(["a"]))
        for refused in ["//", "/a//b/", "/a/./", "/a/../", "/a/%2E%2E/", "/a%2Fb/", "/a/%zz/", "/a/%C3/", "/_private/", "/a/_live/"] {
            #expect(RequestPath(refused, basePath: "/") == nil, "\(refused)")
        }
        #expect(RequestPath("/a/", basePath: "/docs/") == nil)
        // Bytes, not characters: a segment starting with the underscore byte is reserved whatever
        // follows it, and a slash splits even where a combining mark follows it.
        #expect(RequestPath("/a/_%CC%81x/", basePath: "/") == nil)
        #expect(RequestPath("/a/\u{301}b/", basePath: "/") == .page(["a", "\u{301}b"]))
    }

    @Test("splitting at bytes routes as splitting at characters did")
    func sameAsBefore() {
        var generator = SeededGenerator(seed: 11)
        let pieces = ["/", "/", "/", "a", "b", "_", ".", "%2F", "%41", "%", "%C3%A9", "é", "+", "_live", "_assets", "_login", "_logout", "docs"]
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...8, using: &generator)
            let path = "/" + (0..<count).map { _ in pieces[Int.random(in: 0..<pieces.count, using: &generator)] }.joined()
            for base in ["/", "/docs/"] {
                #expect(RequestPath(path, basePath: base) == Self.characterSplit(path, basePath: base), "\(path) under \(base)")
            }
        }
    }

    /// How `RequestPath` parsed a path before it split at bytes.
    static func characterSplit(_ path: String, basePath: String) -> RequestPath? {
        guard path.hasPrefix(basePath) || path + "/" == basePath else { return nil }
        let rest = path.dropFirst(min(basePath.count, path.count))
        var segments: [String] = []
        let parts = rest.isEmpty ? [] : Array(rest.split(separator: "/", omittingEmptySubsequences: false).dropLast(rest.hasSuffix("/") ? 1 : 0))
        for raw in parts {
            guard !raw.isEmpty, let segment = raw.removingPercentEncodingStrictly(plusIsSpace: false), segment != ".", segment != "..",
                  !segment.contains("/") else { return nil }
            segments.append(segment)
        }
        if segments.first == "_assets" { return .asset(Array(segments.dropFirst())) }
        if segments == ["_login"] { return .signIn }
        if segments == ["_logout"] { return .signOut }
        if segments.count >= 2, segments[segments.count - 2] == "_" {
            let (page, name) = (Array(segments.dropLast(2)), segments[segments.count - 1])
            return PageAction(rawValue: name).map { .action(page, $0) } ?? .unknownAction(page, name: name)
        }
        if segments.last == "_live", !rest.hasSuffix("/"), !segments.dropLast().contains(where: { $0.hasPrefix("_") }) {
            return .live(Array(segments.dropLast()))
        }
        return segments.contains(where: { $0.hasPrefix("_") }) ? nil : .page(segments)
    }
}
