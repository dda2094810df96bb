import Foundation
import Testing
import TestSupport

/// An export leaves in its records what its templates' checks found them to be, and the next export
/// into the folder skips the checks only while the templates are still those.
@Suite("A re-export checks only templates changed since the last export")
struct ExportTemplateChecksTests {
    @Test("a template made invalid after an export, though Mustache compiles it, is refused by the next one, which leaves the site as it was")
    func changedTemplateRefused() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = folder.appendingPathComponent("templates").path
        try FileManager.default.copyItem(atPath: ServedDemo.repository.appendingPathComponent("Templates").path, toPath: templates)
        let out = folder.appendingPathComponent("site").path
        let export = ["export", "--db", folder.appendingPathComponent("demo.sqlite").path, "--out", out, "--templates", templates, "--quiet"]
        let first = try await CommandLineRefusalTests.run(export)
        #expect(first.status == 0, "\(first.errors)")
        // The records name the templates' fingerprint on their second line.
        let records = try String(contentsOfFile: out + "/.tablestack-export-pages", encoding: .utf8).split(separator: "\n")
        #expect(records.count > 3 && records[1].hasPrefix("templates ") && records[1].count > "templates ".count, "\(records.prefix(2))")
        let page = try #require(FileManager.default.contents(atPath: out + "/groceries/index.html"))

        let accessory = templates + "/accessory.mustache"
        let original = try #require(FileManager.default.contents(atPath: accessory))
        try Data("<span class=\"accessory\">{{{detail}}}</span>\n".utf8).write(to: URL(fileURLWithPath: accessory))
        let refused = try await CommandLineRefusalTests.run(export)
        #expect(refused.status == 1, "\(refused.errors)")
        #expect(refused.errors.contains("\(accessory):1:25: unescaped output"), "\(refused.errors)")
        #expect(FileManager.default.contents(atPath: out + "/groceries/index.html") == page)

        try original.write(to: URL(fileURLWithPath: accessory))
        let again = try await CommandLineRefusalTests.run(export)
        #expect(again.status == 0, "\(again.errors)")
        #expect(FileManager.default.contents(atPath: out + "/groceries/index.html") == page)
    }
}
