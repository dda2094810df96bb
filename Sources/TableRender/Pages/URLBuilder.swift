import Foundation

/// Every link TableStack writes comes from here, so a page served at `/` and the same page
/// exported under a sub-path or opened from `file://` differ only in this builder's settings.
public struct URLBuilder: Sendable, Hashable {
    /// Where pages are mounted on the server ("/" or "/prefix/").
    public let basePath: String
    /// Whether links are relative to the page they are on (static export) or absolute (server).
    public let isRelative: Bool

    /// Makes a builder; `basePath` gets its leading and trailing slash.
    public init(basePath: String = "/", isRelative: Bool = false) {
        var path = basePath.hasPrefix("/") ? basePath : "/" + basePath
        if !path.hasSuffix("/") { path += "/" }
        self.basePath = path
        self.isRelative = isRelative
    }

    /// The link to the page whose navigation path is `keys`, shown in `state`, written on the
    /// page at `current`; with `row`, landing on that row.
    public func page(_ keys: [String], from current: [String], state: ViewState = ViewState(), row: String? = nil) -> String {
        // One string, grown in place: every row of a page links to a page.
        var link = isRelative ? prefix(from: current) : basePath
        Self.append(keys, to: &link)
        link += pageFile
        link += Self.encodeQuery(state.query)
        if let row { link += "#" + RowAnchor.id(for: row) }
        return link
    }

    /// The links from the page at `keys` to its children, as `page(keys + [child], from: keys)`
    /// writes them: every row of a list links to a child, and the part before the child's
    /// segment and the part after are the same for all of them.
    public func childLinks(of keys: [String]) -> ChildLinks {
        var head = isRelative ? prefix(from: keys) : basePath
        Self.append(keys, to: &head)
        return ChildLinks(head: head, tail: "/" + pageFile)
    }

    /// What follows a page's path in a link: its file, which a folder opened from `file://` does
    /// not supply, when links are relative.
    private var pageFile: String { isRelative ? "index.html" : "" }

    /// The links from one page to its children (see `childLinks(of:)`).
    public struct ChildLinks: Sendable, Hashable {
        let head: String
        let tail: String

        /// The link to the child whose path segment is `segment`.
        public func link(_ segment: String) -> String {
            var encoded = URLBuilder.encodeSegment(segment)
            var head = head, tail = tail
            // The three parts copied into one allocation, sized once: each row has a link.
            return head.withUTF8 { head in
                encoded.withUTF8 { encoded in
                    tail.withUTF8 { tail in
                        String(unsafeUninitializedCapacity: head.count + encoded.count + tail.count) { link in
                            var end = link.initialize(fromContentsOf: head)
                            end = link[end...].initialize(fromContentsOf: encoded)
                            return link[end...].initialize(fromContentsOf: tail)
                        }
                    }
                }
            }
        }
    }

    /// The page at `keys` in editing mode, linked from itself (at `row`, when one is given).
    public func editing(_ keys: [String], row: String? = nil) -> String { page(keys, from: keys, state: .editing, row: row) }

    /// The page at `keys` with its Add sheet.
    public func addSheet(_ keys: [String]) -> String { page(keys, from: keys, state: ViewState(sheet: .add)) }

    /// The page at `keys` in editing mode with the Delete button of the row `key` showing.
    public func deleteConfirmation(_ keys: [String], key: String) -> String {
        page(keys, from: keys, state: ViewState(isEditing: true, confirmingDelete: key), row: key)
    }

    /// The Move to… sheet of the row `key` of the page at `keys`.
    public func moveSheet(_ keys: [String], key: String) -> String {
        page(keys, from: keys, state: ViewState(isEditing: true, sheet: .move(key: key)))
    }

    /// The link to a form action of the page at `keys` (`/path/_/delete`), with fields of its own
    /// in `query`; never relative, since an export has no actions.
    public func action(_ action: PageAction, on keys: [String], query: [(String, String)] = []) -> String {
        var link = basePath
        Self.append(keys, to: &link)
        return link + "_/" + action.rawValue + Self.encodeQuery(query)
    }

    /// The live stream of the page at `keys` shown in `state` (`/path/_live`); never relative,
    /// since an export has no live pages.
    public func live(_ keys: [String], state: ViewState) -> String {
        var link = basePath
        Self.append(keys, to: &link)
        return link + "_live" + Self.encodeQuery(state.query)
    }

    /// The prefix of asset URLs as seen from the page at `current`.
    public func assets(from current: [String]) -> String {
        isRelative ? prefix(from: current) : basePath
    }

    /// Appends each of `keys`, encoded, and a slash after it.
    private static func append(_ keys: [String], to link: inout String) {
        link.reserveCapacity(link.utf8.count + keys.reduce(0) { $0 + $1.utf8.count + 1 } + 24)
        for key in keys {
            link += encodeSegment(key)
            link += "/"
        }
    }

    private func prefix(from current: [String]) -> String {
        current.isEmpty ? "./" : String(repeating: "../", count: current.count)
    }

    /// Percent-encodes a path segment: only unreserved characters stay as they are.
    public static func encodeSegment(_ segment: String) -> String {
        // Most keys hold unreserved characters only: then the segment is itself. (Every row's
        // link and every exported page's name passes through here.)
        guard segment.utf8.contains(where: { !isUnreserved($0) }) else { return segment }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count * 3)
        for byte in segment.utf8 {
            if isUnreserved(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), upperHexDigits[Int(byte >> 4)], upperHexDigits[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let upperHexDigits = Array("0123456789ABCDEF".utf8)

    /// RFC 3986's unreserved characters.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func encodeQuery(_ query: [(String, String)]) -> String {
        guard !query.isEmpty else { return "" }
        return "?" + query.map { encodeSegment($0.0) + "=" + encodeSegment($0.1) }.joined(separator: "&")
    }
}
