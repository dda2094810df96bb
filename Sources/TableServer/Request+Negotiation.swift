import Foundation
import HTTPTypes
import Hummingbird
import TableRender

extension Request {
    /// Whether the client accepts a gzip-compressed body.
    var acceptsGzip: Bool { headers.value(of: .acceptEncoding).map { TextSplice.contains($0, "gzip") } == true }

    /// Whether the client already holds the representation tagged `etag` (If-None-Match may list
    /// several tags).
    func alreadyHas(etag: String) -> Bool {
        guard let match = headers.value(of: .ifNoneMatch) else { return false }
        return match.split(separator: ",").contains { $0.trimmingCharacters(in: .whitespaces) == etag }
    }
}
