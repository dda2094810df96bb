import Foundation
import Testing
@testable import TableExport
import TableRender

@Suite("The export manifest remembers when each page's content was made")
struct ExportManifestTests {
    @Test("saved and read back, every page keeps its date for the same content, whatever its name")
    func roundTrip() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-manifest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let names = ["index.html", "a \"quoted\"/index.html", "back\\slash/index.html", "tab\there/index.html", "ø/🙂/index.html"]
        let first = Date(timeIntervalSince1970: 1_700_000_000)
        let manifest = ExportManifest(folder: folder)
        for (number, name) in names.enumerated() {
            #expect(manifest.made(name, html: "f\(number)", otherwise: first.addingTimeInterval(Double(number))).date == first.addingTimeInterval(Double(number)))
        }
        try manifest.save()
        // The file is plain JSON that JSONSerialization reads too.
        let data = try #require(FileManager.default.contents(atPath: folder + "/" + ExportManifest.fileName))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: String]])
        #expect(Set(object.keys) == Set(names))
        #expect(object["index.html"] == ["date": "2023-11-14T22:13:20Z", "fingerprint": "2:" + Fingerprint.hex(of: "f0")])

        let later = ExportManifest(folder: folder)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for (number, name) in names.enumerated() {
            let made = later.made(name, html: "f\(number)", otherwise: now)
            #expect(made.date == first.addingTimeInterval(Double(number)) && made.isAsRecorded, "\(name)")
        }
        #expect(later.made(names[0], html: "changed", otherwise: now) == (now, false))
    }

    @Test("a manifest of an earlier TableStack (FNV-1a fingerprints) keeps its dates for unchanged pages")
    func earlierFingerprints() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-manifest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let old = #"{"a/index.html":{"date":"2023-11-14T22:13:20Z","fingerprint":"\#(Fingerprint.fnv1a(of: "<p>a</p>"))"},"#
            + #""b/index.html":{"date":"2023-11-14T22:13:20Z","fingerprint":"\#(Fingerprint.fnv1a(of: "<p>b</p>"))"}}"#
        try Data(old.utf8).write(to: URL(fileURLWithPath: folder + "/" + ExportManifest.fileName))
        let manifest = ExportManifest(folder: folder)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        // The date is kept, but an old fingerprint does not vouch for these very bytes.
        #expect(manifest.made("a/index.html", html: "<p>a</p>", otherwise: now) == (Date(timeIntervalSince1970: 1_700_000_000), false))
        #expect(manifest.made("b/index.html", html: "<p>b changed</p>", otherwise: now).date == now)
    }
}
