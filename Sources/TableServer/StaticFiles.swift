import Foundation
import HTTPTypes
import Hummingbird
import TableRender

/// Serves files from the public folder only: every segment must be a plain file name, so no
/// request can reach outside the folder.
///
/// Files are kept in memory once read, with their ETag and, for text, a gzip copy made once. Each
/// request looks at the file's size and modification time, so a file edited while the server
/// runs is sent anew at the next reload.
final class StaticFiles: @unchecked Sendable {
    let folder: String
    private let lock = NSLock()
    private var assets: [String: Asset] = [:]

    /// Files larger than this are read for each request and sent as they are.
    static let largestKept = 1 << 20

    static let types: [String: String] = [
        "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8", "svg": "image/svg+xml",
        "png": "image/png", "ico": "image/x-icon", "woff2": "font/woff2", "json": "application/json",
        "txt": "text/plain; charset=utf-8", "html": "text/html; charset=utf-8",
    ]

    /// The types worth compressing (the others are compressed formats already).
    static let compressible: Set<String> = ["css", "js", "svg", "json", "txt", "html"]

    /// One file as it is served.
    private struct Asset {
        var size: Int
        var modified: Date
        var plain: ByteBuffer
        var etag: String
        /// The gzip copy and its ETag (a different representation needs its own), when smaller.
        var gzip: (body: ByteBuffer, etag: String)?
    }

    /// The folder's own path with its links resolved: a file served must lie under it.
    private let resolvedFolder: String?

    init(folder: String) {
        self.folder = folder
        resolvedFolder = FolderLinks.resolved(folder)
    }

    func response(for segments: [String], request: Request) throws(ServerError) -> Response {
        // A path ending in '/' names a folder, which is no file.
        guard !segments.isEmpty, segments.allSatisfy(Self.isPlainName), request.uri.path.utf8.last != UInt8(ascii: "/") else {
            throw .notFound("no such file", upPath: [])
        }
        let path = ([folder] + segments).joined(separator: "/")
        let fileExtension = (path as NSString).pathExtension.lowercased()
        // A link in the public folder is followed only to a file inside it (as an export copies).
        guard let type = Self.types[fileExtension], FolderLinks.lies(path, inside: resolvedFolder),
              let attributes = try? FileManager.default.attributesOfItem(atPath: FolderLinks.target(of: path) ?? path),
              attributes[.type] as? FileAttributeType == .typeRegular,
              let size = attributes[.size] as? Int, let modified = attributes[.modificationDate] as? Date,
              let asset = asset(at: path, size: size, modified: modified, compressible: Self.compressible.contains(fileExtension)) else {
            throw .notFound("no file \(segments.joined(separator: "/")) in the public folder", upPath: [])
        }
        let zipped = request.acceptsGzip ? asset.gzip : nil
        let etag = zipped?.etag ?? asset.etag
        var headers: HTTPFields = [.contentType: type, .eTag: etag, .cacheControl: "public, max-age=300"]
        if asset.gzip != nil { headers[.vary] = "Accept-Encoding" }
        if request.alreadyHas(etag: etag) {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        if zipped != nil { headers[.contentEncoding] = "gzip" }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: zipped?.body ?? asset.plain))
    }

    /// The file at `path` as last read, read again when its size or modification time changed;
    /// `nil` when it cannot be read.
    private func asset(at path: String, size: Int, modified: Date, compressible: Bool) -> Asset? {
        if let kept = lock.withLock({ assets[path] }), kept.size == size, kept.modified == modified { return kept }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        let etag = "\"" + Fingerprint.hex(bytes: bytes) + "-\(bytes.count)\""
        var asset = Asset(size: bytes.count, modified: modified, plain: ByteBuffer(bytes: bytes), etag: etag, gzip: nil)
        if compressible, Gzip.isWorthCompressing(bytes.count), let compressed = Gzip.compress(bytes), compressed.count < bytes.count {
            asset.gzip = (ByteBuffer(bytes: compressed), String(etag.dropLast()) + "-gzip\"")
        }
        // Kept only when the file did not change while it was read (its size is what its attributes said).
        if bytes.count == size, size <= Self.largestKept {
            lock.withLock { assets[path] = asset }
        }
        return asset
    }

    static func isPlainName(_ segment: String) -> Bool {
        guard let first = segment.unicodeScalars.first, first != ".", segment.count <= 200 else { return false }
        return segment.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0)) }
    }
}
