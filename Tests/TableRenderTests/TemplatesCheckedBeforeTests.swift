import Testing
import Foundation
import TableRender

/// A template folder loaded again with what its last load left (`checksFingerprint`) is compiled
/// without its checks only while its files are byte for byte those that load checked.
@Suite("A template folder checked before")
struct TemplatesCheckedBeforeTests {
    @Test("loaded again with its last load's fingerprint, the folder is compiled unchecked and is the same set; any other value checks it")
    func sameFiles() throws {
        let folder = try Fixtures.templateFolderCopy().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try TemplateSet(folder: folder)
        let checked = try #require(first.checksFingerprint)
        #expect(first.hasRunChecks)
        let again = try TemplateSet(folder: folder, checkedBefore: checked)
        #expect(!again.hasRunChecks)
        #expect(again.checksFingerprint == checked && again.fingerprint == first.fingerprint)
        #expect(try TemplateSet(folder: folder, checkedBefore: checked + "0").hasRunChecks)
        #expect(try TemplateSet(folder: folder, checkedBefore: "").hasRunChecks)
    }

    @Test("a template changed since that load is checked again: one Mustache compiles but the checks refuse is refused")
    func changedFile() throws {
        let folder = try Fixtures.templateFolderCopy().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let checked = try #require(try TemplateSet(folder: folder).checksFingerprint)
        // Unescaped output in a cell: valid Mustache, refused by the checks.
        try Data("<span class=\"cell\">{{{text}}}</span>\n".utf8).write(to: URL(fileURLWithPath: folder + "/cell-value1.mustache"))
        let problems = TemplateValidator.validate(folder: folder)
        #expect(problems.contains { $0.message.hasPrefix("unescaped output") }, "\(problems)")
        #expect(throws: RenderError.invalidTemplates(problems)) { try TemplateSet(folder: folder, checkedBefore: checked) }
    }

    @Test("a file added or removed is another folder: checked again")
    func filesAddedOrRemoved() throws {
        let folder = try Fixtures.templateFolderCopy().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let checked = try #require(try TemplateSet(folder: folder).checksFingerprint)
        try Data("<span>{{text}}</span>\n".utf8).write(to: URL(fileURLWithPath: folder + "/extra.mustache"))
        let added = try TemplateSet(folder: folder, checkedBefore: checked)
        #expect(added.hasRunChecks && added.checksFingerprint != checked)
        try FileManager.default.removeItem(atPath: folder + "/extra.mustache")
        try FileManager.default.removeItem(atPath: folder + "/error.mustache")
        #expect(throws: RenderError.invalidTemplates([XMLDiagnostic(file: folder + "/error.mustache", line: 1, column: 1,
                                                                    message: "missing template: every template folder needs it")])) {
            try TemplateSet(folder: folder, checkedBefore: checked)
        }
    }

    @Test("a link out of the folder, even to the same bytes, is refused by the checks")
    func linkOutside() throws {
        let folder = try Fixtures.templateFolderCopy().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let checked = try #require(try TemplateSet(folder: folder).checksFingerprint)
        let cell = folder + "/cell-default.mustache", copy = folder + "-cell.mustache"
        defer { try? FileManager.default.removeItem(atPath: copy) }
        try FileManager.default.moveItem(atPath: cell, toPath: copy)
        try FileManager.default.createSymbolicLink(atPath: cell, withDestinationPath: copy)
        #expect(throws: RenderError.invalidTemplates([XMLDiagnostic(file: cell, line: 0, column: 0, message: TemplateFiles.outsideMessage)])) {
            try TemplateSet(folder: folder, checkedBefore: checked)
        }
    }

    @Test("the app's own templates are checked always, whatever the folder's fingerprint says")
    func appTemplatesChecked() throws {
        let app = try CustomTemplateTests.appFolder(["cells/tile.mustache": "<span class=\"tile\">{{{symbol}}}</span>"])
        defer { try? FileManager.default.removeItem(at: app) }
        let checked = try #require(Fixtures.templates.checksFingerprint)
        func problems(checkedBefore: String?) -> [XMLDiagnostic] {
            do {
                _ = try TemplateSet(folder: Fixtures.templateFolder, appFolder: app.path, checkedBefore: checkedBefore)
                return []
            } catch {
                switch error {
                case let .invalidTemplates(diagnostics): return diagnostics
                default: return [XMLDiagnostic(file: "", line: 0, column: 0, message: error.description)]
                }
            }
        }
        let checkedNow = problems(checkedBefore: nil)
        #expect(checkedNow.contains { $0.message.hasPrefix("unescaped output") }, "\(checkedNow)")
        #expect(problems(checkedBefore: checked) == checkedNow)
    }
}
