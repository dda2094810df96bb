import Foundation
import Testing
import TestSupport
@testable import TableExport

@Suite("The sitemap: absolute addresses, or none")
struct SitemapTests {
    var sitemap: (ExportFixture) -> String? = { try? String(contentsOfFile: $0.output + "/sitemap.xml", encoding: .utf8) }

    @Test("with the site's origin every page is listed by its address; without it, the sitemap that export wrote goes")
    func writtenAndRemoved() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let report = try await fixture.export(sources: "demo", siteURL: "https://example.com/")
        let written = try #require(sitemap(fixture))
        #expect(written.contains("<loc>https://example.com/trails/north-cascades/cascade-pass/</loc>"))
        #expect(written.components(separatedBy: "<loc>https://example.com/").count - 1 == report.pages.count)
        // An export vouches only for data whose last commit came before the second it began in.
        try await waitForNextSecond()
        _ = try await fixture.export(sources: "demo")
        #expect(sitemap(fixture) == nil)
        // Up to date, without one; and the origin given again writes it again.
        #expect(try await fixture.export(sources: "demo").wasUpToDate)
        _ = try await fixture.export(sources: "demo", siteURL: "https://example.com")
        #expect(sitemap(fixture) == written)
    }

    @Test("a sitemap the export did not leave as it is stays: one put there by hand (an export asked for one refuses to replace it), or changed since")
    func othersKept() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        _ = try await fixture.export()
        let own = "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"/>\n"
        try own.write(toFile: fixture.output + "/sitemap.xml", atomically: false, encoding: .utf8)
        _ = try await fixture.export()
        #expect(sitemap(fixture) == own)
        // Asked for a sitemap, the export refuses to replace one it did not write.
        let refusal = await #expect(throws: ExportError.self) { try await fixture.export(siteURL: "https://example.com") }
        #expect(refusal?.description.hasSuffix("/sitemap.xml: cannot write: a file no export into this folder lists as its own stands here, "
                                                + "and an export never replaces such a file; move it away and export again") == true)
        #expect(sitemap(fixture) == own)
        try FileManager.default.removeItem(atPath: fixture.output + "/sitemap.xml")
        _ = try await fixture.export(siteURL: "https://example.com")
        let handle = try #require(FileHandle(forWritingAtPath: fixture.output + "/sitemap.xml"))
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("<!-- kept -->\n".utf8))
        try handle.close()
        _ = try await fixture.export()
        #expect(sitemap(fixture)?.hasSuffix("<!-- kept -->\n") == true)
    }
}
