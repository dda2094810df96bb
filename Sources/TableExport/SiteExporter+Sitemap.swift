import TableRender

extension SiteExporter {
    /// Writes `sitemap.xml`, put together as bytes.
    func writeSitemap(_ paths: [[String]], to output: OutputFolder) throws {
        var base = options.basePath.hasPrefix("/") ? options.basePath : "/" + options.basePath
        if !base.hasSuffix("/") { base += "/" }
        let origin = options.siteURL.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 } ?? ""
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
}
