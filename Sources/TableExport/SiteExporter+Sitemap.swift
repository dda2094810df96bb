import Glibc
import TableRender

extension SiteExporter {
    /// Writes `sitemap.xml`, put together as bytes, when the site's origin is known: the sitemap
    /// protocol takes only absolute addresses, and a sitemap of paths is one search engines
    /// refuse. Without an origin, the sitemap the last export into the folder (`previous`) left
    /// is removed, if it is as that export left it: one written by anyone else stays.
    func writeSitemap(_ paths: [[String]], to output: OutputFolder, previous: ExportState?) throws {
        guard let siteURL = options.siteURL else {
            if let previous { Self.removeSitemap(leftBy: previous, in: options.outputFolder) }
            return
        }
        var base = options.basePath.hasPrefix("/") ? options.basePath : "/" + options.basePath
        if !base.hasSuffix("/") { base += "/" }
        let origin = siteURL.hasSuffix("/") ? String(siteURL.dropLast()) : siteURL
        // Encoded segments are unreserved characters and escapes, which HTML escaping leaves as they are.
        let start = Array(("  <url><loc>" + HTMLEscaping.escape(origin + base)).utf8)
        var xml = Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n".utf8)
        xml.reserveCapacity(xml.count + paths.count * (start.count + 40))
        for path in paths {
            xml += start
            for segment in path {
                xml += URLBuilder.encodeSegment(segment).utf8
                xml.append(UInt8(ascii: "/"))
            }
            xml += "</loc></url>\n".utf8
        }
        xml += "</urlset>\n".utf8
        _ = try output.write(xml, to: "sitemap.xml")
    }

    private static func removeSitemap(leftBy previous: ExportState, in folder: String) {
        guard let left = previous.files.first(where: { $0.file == "sitemap.xml" })?.stamp else { return }
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        if ExportState.stamp(of: "sitemap.xml", in: descriptor, followingLinks: false) == left { unlinkat(descriptor, "sitemap.xml", 0) }
    }
}
