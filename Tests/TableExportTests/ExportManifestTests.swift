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
            #expect(manifest.date(for: name, html: "f\(number)", otherwise: first.addingTimeInterval(Double(number))) == first.addingTimeInterval(Double(number)))
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
            #expect(later.date(for: name, html: "f\(number)", otherwise: now) == first.addingTimeInterval(Double(number)), "\(name)")
        }
        #expect(later.date(for: names[0], html: "changed", otherwise: now) == now)
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
        #expect(manifest.date(for: "a/index.html", html: "<p>a</p>", otherwise: now) == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(manifest.date(for: "b/index.html", html: "<p>b changed</p>", otherwise: now) == now)
    }
}
