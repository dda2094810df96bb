import Foundation
import Testing
@testable import TableExport

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
            #expect(manifest.date(for: name, fingerprint: "f\(number)", otherwise: first.addingTimeInterval(Double(number))) == first.addingTimeInterval(Double(number)))
        }
        try manifest.save()
        // The file is plain JSON that JSONSerialization reads too.
        let data = try #require(FileManager.default.contents(atPath: folder + "/" + ExportManifest.fileName))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: String]])
        #expect(Set(object.keys) == Set(names))
        #expect(object["index.html"] == ["date": "2023-11-14T22:13:20Z", "fingerprint": "f0"])

        let later = ExportManifest(folder: folder)
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        for (number, name) in names.enumerated() {
            #expect(later.date(for: name, fingerprint: "f\(number)", otherwise: now) == first.addingTimeInterval(Double(number)), "\(name)")
        }
        #expect(later.date(for: names[0], fingerprint: "changed", otherwise: now) == now)
    }
}
