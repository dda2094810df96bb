import Foundation
import Testing
@testable import TableExport
import TableStore

/// The manifest's text read in place: what `save` writes is read so, escapes and all, and anything
/// else is refused (and then read as JSON by the manifest).
@Suite("The manifest's text, read in place")
struct ManifestTextTests {
    static let date = #""date":"2023-11-14T22:13:20Z""#

    static func entry(_ escapedName: String, _ fingerprint: String = "2:1") -> String {
        #""\#(escapedName)":{\#(date),"fingerprint":"\#(fingerprint)"}"#
    }

    @Test("names with quotes, backslashes, tabs and other control characters are found by their text and read back as written")
    func escapedNames() throws {
        let names = ["a\u{01}b", "back\\slash", "q\"uote", "tab\there", "z/index.html"]
        let written = ManifestText.written(Dictionary(uniqueKeysWithValues: names.map {
            ($0, ExportManifest.Entry(fingerprint: "2:\($0.utf8.count)", date: Date(timeIntervalSince1970: 1_700_000_000)))
        }))
        let text = try #require(ManifestText(written), "read in place")
        #expect(Set(text.names) == Set(names))
        for name in names {
            let number = try #require(text.entry(named: name), "\(name)")
            #expect(text.recorded(number)?.fingerprint == "2:\(name.utf8.count)")
        }
        #expect(String(decoding: written, as: UTF8.self).contains(#""a\u0001b""#))
        #expect(ManifestText(text.saved(replacing: [:], adding: [:])).map(\.bytes) == written, "saved again, the same bytes")
    }

    @Test("text written otherwise is not read in place: spacing, names out of order or twice, escapes JSONText does not write, other dates")
    func refused() {
        let refusals = [
            "", " {}", "{ }", "{" + Self.entry("b") + "," + Self.entry("a") + "}", "{" + Self.entry("a") + "," + Self.entry("a") + "}",
            "{" + Self.entry(#"a\u0041"#) + "}", "{" + Self.entry(#"a\u001F"#) + "}", "{" + Self.entry(#"a\/b"#) + "}",
            "{" + Self.entry(#"a\b"#) + "}", "{" + Self.entry("a\u{01}") + "}",
            #"{"a":{"date":"2023-11-14T22:13:20.5Z","fingerprint":"2:1"}}"#, #"{"a":{"date":"2023-02-29T00:00:00Z","fingerprint":"2:1"}}"#,
            #"{"a":{"fingerprint":"2:1","date":"2023-11-14T22:13:20Z"}}"#, "{" + Self.entry("a") + "}x",
        ]
        for text in refusals { #expect(ManifestText(Array(text.utf8)) == nil, "\(text)") }
        #expect(ManifestText(Array("{}".utf8))?.slots.isEmpty == true)
        #expect(ManifestText(Array(("{" + Self.entry(#"a\u001f"#) + "," + Self.entry("b") + "}").utf8))?.names == ["a\u{1F}", "b"])
    }

    @Test("a date the file cannot hold is not recorded, so the manifest stays readable in place")
    func unwritableDates() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-manifest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manifest = ExportManifest(folder: folder)
        let far = Date(timeIntervalSince1970: 400_000_000_000)
        #expect(manifest.made("far/index.html", html: "far", otherwise: far) == (far, .unknown))
        _ = manifest.made("near/index.html", html: "near", otherwise: Date(timeIntervalSince1970: 1_700_000_000))
        try manifest.save()
        let bytes = try #require(FileManager.default.contents(atPath: folder + "/" + ExportManifest.fileName))
        #expect(ManifestText([UInt8](bytes))?.names == ["near/index.html"])
    }
}
