import Foundation
import HTTPTypes
import Hummingbird
import TableRender

/// Serves files from the public folder only: every segment must be a plain file name, so no
/// request can reach outside the folder.
struct StaticFiles: Sendable {
    let folder: String

    static let types: [String: String] = [
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
        "png": "image/png", "ico": "image/x-icon", "woff2": "font/woff2", "json": "application/json",
        "txt": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8",
    ]

    func response(for segments: [String], request: Request) throws(ServerError) -> Response {
        guard !segments.isEmpty, segments.allSatisfy(Self.isPlainName) else {
            throw .notFound("no such file", upPath: [])
        }
        let path = ([folder] + segments).joined(separator: "/")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let data = FileManager.default.contents(atPath: path),
              let type = Self.types[(path as NSString).pathExtension.lowercased()] else {
            throw .notFound("no file \(segments.joined(separator: "/")) in the public folder", upPath: [])
        }
        let etag = "\"" + Fingerprint.hex(bytes: data) + "-\(data.count)\""
        var headers: HTTPFields = [.contentType: type, .eTag: etag, .cacheControl: "public, max-age=300"]
        if request.headers[.ifNoneMatch] == etag {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func isPlainName(_ segment: String) -> Bool {
        guard let first = segment.unicodeScalars.first, first != ".", segment.count <= 200 else { return false }
        return segment.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
    }
}
