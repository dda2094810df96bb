import Foundation
import Testing
@testable import TableExport

/// The public folder's links, as an export copies them: a link to a file inside the folder is
/// copied as that file, one to a file outside it is not (the server does not serve it either).
@Suite("Links in the public folder, exported")
struct PublicFolderLinkTests {
    @Test("a link inside the public folder is copied into _assets; a link out of it is not")
    func linksInsideOnly() async throws {
        let fixture = try await ExportFixture()
        defer { fixture.remove() }
        let assets = fixture.folder.appendingPathComponent("public"), outside = fixture.folder.appendingPathComponent("outside")
        try FileManager.default.copyItem(atPath: ExportFixture.repository.appendingPathComponent("Public").path, toPath: assets.path)
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try "secret".write(to: outside.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(at: assets.appendingPathComponent("secret.txt"), withDestinationURL: outside.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: assets.appendingPathComponent("alias.css").path, withDestinationPath: "tablestack.css")
        let report = try await fixture.export(sources: "app", publicFolder: assets.path)
        #expect(report.problems == [])
        #expect(!FileManager.default.fileExists(atPath: fixture.output + "/_assets/secret.txt"))
        #expect(FileManager.default.contents(atPath: fixture.output + "/_assets/alias.css") == FileManager.default.contents(atPath: assets.path + "/tablestack.css"))
    }
}
