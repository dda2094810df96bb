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
            let made = manifest.made(name, html: "f\(number)", otherwise: first.addingTimeInterval(Double(number)))
            #expect(made.date == first.addingTimeInterval(Double(number)) && made.lastWritten == .unknown)
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
            #expect(made.date == first.addingTimeInterval(Double(number)) && made.lastWritten == .these, "\(name)")
        }
        #expect(later.made(names[0], html: "changed", otherwise: now) == (now, .others))
    }

    @Test("read and saved again, a manifest writes the entries it was not told of as it read them, the same bytes")
    func savedAsRead() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-manifest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/" + ExportManifest.fileName
        let names = ["index.html", "a%20b/index.html", "q\"uote/index.html", "ø/🙂/index.html", "z/index.html"]
        let first = Date(timeIntervalSince1970: 1_700_000_000), later = Date(timeIntervalSince1970: 1_800_000_000)
        let manifest = ExportManifest(folder: folder)
        for (number, name) in names.enumerated() { _ = manifest.made(name, html: name, otherwise: first.addingTimeInterval(Double(number))) }
        try manifest.save()
        let saved = try #require(FileManager.default.contents(atPath: file))
        // Read in place, each entry where its escaped name stands, the quoted and the non-ASCII ones too.
        let text = try #require(ManifestText([UInt8](saved)))
        #expect(Set(text.names) == Set(names))
        for (number, slot) in text.slots.enumerated() {
            let entry = String(decoding: text.bytes[slot.whole], as: UTF8.self)
            #expect(entry.hasPrefix("\"\(String(decoding: ManifestText.encoded(text.names[number]), as: UTF8.self))\":{\"date\":\""), "\(entry)")
            #expect(entry.hasSuffix("\"}"))
        }
        try ExportManifest(folder: folder).save()
        #expect(FileManager.default.contents(atPath: file) == saved)
        // One page made again with new content: its entry alone changes.
        let third = ExportManifest(folder: folder)
        #expect(third.made("index.html", html: "changed", otherwise: later) == (later, .others))
        #expect(third.made("q\"uote/index.html", html: "q\"uote/index.html", otherwise: later) == (first.addingTimeInterval(2), .these))
        try third.save()
        let object = { (data: Data) in try #require(try JSONSerialization.jsonObject(with: data) as? [String: [String: String]]) }
        var expected = try object(saved)
        expected["index.html"] = ["date": "2027-01-15T08:00:00Z", "fingerprint": "2:" + Fingerprint.hex(of: "changed")]
        #expect(try object(try #require(FileManager.default.contents(atPath: file))) == expected)
    }

    @Test("a manifest not as TableStack writes it (spaces, other escapes) is read as JSON, keeps its dates and is written as TableStack writes it")
    func readAsJSON() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-manifest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let file = folder + "/" + ExportManifest.fileName
        let fingerprint = "2:" + Fingerprint.hex(of: "<p>a</p>")
        let loose = #"{ "a\/index.html" : { "fingerprint" : "\#(fingerprint)", "date" : "2023-11-14T22:13:20Z" },"#
            + #" "\u0062/index.html": {"date": "2024-01-01T00:00:00Z", "fingerprint": "2:1"} }"#
        try Data(loose.utf8).write(to: URL(fileURLWithPath: file))
        #expect(ManifestText([UInt8](loose.utf8)) == nil, "not read in place")
        let manifest = ExportManifest(folder: folder)
        #expect(manifest.hasDates(for: ["a/index.html", "b/index.html"]))
        #expect(!manifest.hasDates(for: ["a/index.html", "c/index.html"]))
        #expect(manifest.made("a/index.html", html: "<p>a</p>", otherwise: Date()) == (Date(timeIntervalSince1970: 1_700_000_000), .these))
        try manifest.save()
        let written = try String(contentsOfFile: file, encoding: .utf8)
        #expect(written == #"{"a/index.html":{"date":"2023-11-14T22:13:20Z","fingerprint":"\#(fingerprint)"},"#
            + #""b/index.html":{"date":"2024-01-01T00:00:00Z","fingerprint":"2:1"}}"#)
        #expect(ManifestText(Array(written.utf8)) != nil, "read in place from now on")
    }

    @Test("saved with its names sorted: names added to a manifest read back go in their places; a file out of order is sorted")
    func savedInOrder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-manifest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        func namesSaved() throws -> [String] {
            let data = try #require(FileManager.default.contents(atPath: folder + "/" + ExportManifest.fileName))
            return try #require(ManifestText([UInt8](data))).names
        }
        let first = ExportManifest(folder: folder)
        for name in ["m", "c", "x"] { _ = first.made(name, html: name, otherwise: date) }
        try first.save()
        #expect(try namesSaved() == ["c", "m", "x"])
        let second = ExportManifest(folder: folder)
        for name in ["z", "a", "m", "d", "c2"] { _ = second.made(name, html: "changed " + name, otherwise: date) }
        try second.save()
        #expect(try namesSaved() == ["a", "c", "c2", "d", "m", "x", "z"])
        let unordered = #"{"b":{"date":"2023-11-14T22:13:20Z","fingerprint":"2:1"},"a":{"date":"2023-11-14T22:13:20Z","fingerprint":"2:2"}}"#
        try Data(unordered.utf8).write(to: URL(fileURLWithPath: folder + "/" + ExportManifest.fileName))
        let third = ExportManifest(folder: folder)
        _ = third.made("c", html: "c", otherwise: date)
        try third.save()
        #expect(try namesSaved() == ["a", "b", "c"])
        // A name with an escape, out of order: read as JSON, whose order says nothing, and sorted too.
        let escaped = #"{"z\"q":{"date":"2023-11-14T22:13:20Z","fingerprint":"2:1"},"b":{"date":"2023-11-14T22:13:20Z","fingerprint":"2:2"}}"#
        try Data(escaped.utf8).write(to: URL(fileURLWithPath: folder + "/" + ExportManifest.fileName))
        let fourth = ExportManifest(folder: folder)
        _ = fourth.made("m", html: "m", otherwise: date)
        try fourth.save()
        let text = try String(contentsOfFile: folder + "/" + ExportManifest.fileName, encoding: .utf8)
        let places = [#""b":"#, #""m":"#, #""z\"q":"#].map { text.range(of: $0)?.lowerBound }
        #expect(places.allSatisfy { $0 != nil } && places == places.sorted { $0! < $1! }, "\(text)")
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
        #expect(manifest.made("a/index.html", html: "<p>a</p>", otherwise: now) == (Date(timeIntervalSince1970: 1_700_000_000), .unknown))
        // Nor for other bytes: the file is read and compared, as for a page the manifest lacks.
        #expect(manifest.made("b/index.html", html: "<p>b changed</p>", otherwise: now) == (now, .unknown))
    }

    @Test("dates are read by hand as the ISO 8601 formatter reads them, and anything else is not taken for one")
    func datesReadByHand() {
        let formatter = ISO8601DateFormatter()
        // 29 February 2000 and 2024 among them.
        for seconds in [0, 951_782_400, 1_700_000_000, 1_709_164_799, 1_709_251_199, 4_102_444_799] {
            let text = formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            #expect(ManifestText.utcDate(text.utf8) == formatter.date(from: text), "\(text)")
        }
        for text in ["2023-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2100-02-29T00:00:00Z", "2023-11-14T22:13:20", "2023-11-14 22:13:20Z", "2023-13-14T22:13:20Z", "2023-04-31T22:13:20Z", "2023-11-14T24:00:00Z",
                     "2023-11-14T22:13:2xZ", "2023-11-14T22:13:20.5Z", "+023-11-14T22:13:20Z"] {
            #expect(ManifestText.utcDate(text.utf8) == nil, "\(text)")
        }
    }

    @Test("a manifest as TableStack writes it, read in place, gives what JSONDecoder gives")
    func readInPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tablestack-manifest-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let manifest = ExportManifest(folder: folder)
        let first = Date(timeIntervalSince1970: 1_700_000_000)
        for number in 0..<50 { _ = manifest.made("p\(number)/index.html", html: "<p>\(number)</p>", otherwise: first.addingTimeInterval(Double(number % 3) * 86_400)) }
        try manifest.save()
        let later = ExportManifest(folder: folder)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let data = try #require(FileManager.default.contents(atPath: folder + "/" + ExportManifest.fileName))
        let decoded = try decoder.decode([String: ExportManifest.Entry].self, from: data)
        let text = try #require(ManifestText([UInt8](data)), "read in place, not by the decoder")
        #expect(decoded.count == 50 && text.slots.count == 50)
        #expect(text.names == decoded.keys.sorted(), "the names in the file's order, sorted")
        for (number, name) in text.names.enumerated() {
            let recorded = try #require(text.recorded(number))
            #expect(recorded.date == decoded[name]?.date && recorded.fingerprint == decoded[name]?.fingerprint, "\(name)")
            #expect(text.entry(named: name) == number)
        }
        #expect(text.entry(named: "p50/index.html") == nil && text.entry(named: "") == nil)
        for (name, entry) in decoded {
            let made = later.made(name, html: "<p>\(name.dropFirst().prefix { $0 != "/" })</p>", otherwise: Date())
            #expect(made.date == entry.date && made.lastWritten == .these, "\(name)")
        }
    }
}
