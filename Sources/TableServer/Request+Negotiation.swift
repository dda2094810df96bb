import Foundation
import HTTPTypes
import Hummingbird
import TableRender

extension Request {
    /// Whether the client accepts a gzip-compressed body.
    var acceptsGzip: Bool { headers.value(of: .acceptEncoding).map(AcceptEncoding.acceptsGzip) == true }

    /// Whether the client asks for a page's JSON twin rather than its HTML (`AcceptMedia`).
    var wantsJSON: Bool { headers.value(of: .accept).map(AcceptMedia.prefersJSON) == true }

    /// Whether the client already holds the representation tagged `etag`: If-None-Match may list
    /// several tags, compared weakly (a `W/` prefix, as a proxy that compresses adds, is
    /// ignored), or be `*` (any representation), which counts only `whereAnyWillDo`.
    func alreadyHas(etag: String, whereAnyWillDo: Bool = true) -> Bool {
        guard let match = headers.value(of: .ifNoneMatch) else { return false }
        let tag = Self.opaqueTag(Substring(etag))
        return match.split(separator: ",").contains {
            let listed = $0.trimmingCharacters(in: .whitespaces)
            return listed == "*" ? whereAnyWillDo : Self.opaqueTag(Substring(listed)) == tag
        }
    }

    /// An entity tag without its weakness prefix.
    private static func opaqueTag(_ tag: Substring) -> Substring { tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
}
