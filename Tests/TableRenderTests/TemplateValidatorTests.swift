import Testing
import Foundation
import TableRender

@Suite("The template validator")
struct TemplateValidatorTests {
    static let known: Set<String> = Set(TemplateName.allCases.map(\.rawValue))

    static func problems(_ text: String, template: TemplateName = .cellDefault) -> [String] {
        TemplateValidator.validate(text: text, name: template.rawValue, file: "Templates/\(template.fileName)",
                                   knownTemplates: known).map(\.description)
    }

    @Test("the shipped templates are valid")
    func shippedTemplatesAreValid() {
        #expect(TemplateValidator.validate(folder: Fixtures.templateFolder, displayFolder: "Templates").map(\.description) == [])
    }

    @Test("an unclosed tag is reported at the end of the template, naming the line it was opened on")
    func unclosedTag() {
        #expect(Self.problems("<span class=\"cell\">\n  <span>{{text}}\n</span>\n") == [
            "Templates/cell-default.mustache:4:1: <span> opened on line 1 is never closed",
        ])
    }

    @Test("a mismatched end tag is reported just after the end tag, where libxml2 detects it")
    func mismatchedEndTag() {
        #expect(Self.problems("<span>\n  <b>{{text}}</i>\n</span>") == [
            "Templates/cell-default.mustache:2:18: Opening and ending tag mismatch: b line 2 and i",
        ])
    }

    @Test("a template that is a link to a file outside its folder is refused and not read; a link inside the folder is a template")
    func linksOutside() throws {
        let folder = try Fixtures.templateFolderCopy().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let secret = folder + "-secret.txt"
        defer { try? FileManager.default.removeItem(atPath: secret) }
        try "root:x:0:0".write(toFile: secret, atomically: true, encoding: .utf8)
        let cell = folder + "/cell-default.mustache"
        try FileManager.default.removeItem(atPath: cell)
        try FileManager.default.createSymbolicLink(atPath: cell, withDestinationPath: secret)
        #expect(TemplateValidator.validate(folder: folder, displayFolder: "T").map(\.description) == [
            "T/cell-default.mustache:0:0: the file is a link to a file outside the template folder; templates are read only from inside it",
        ])
        try FileManager.default.removeItem(atPath: cell)
        try FileManager.default.createSymbolicLink(atPath: cell, withDestinationPath: folder + "/cell-value1.mustache")
        #expect(TemplateValidator.validate(folder: folder, displayFolder: "T").map(\.description) == [])
    }

    @Test("a template that is not UTF-8 (saved as UTF-16, or with a Latin-1 byte) is named at the place its bytes stop being UTF-8")
    func notUTF8() throws {
        let folder = try Fixtures.templateFolderCopy().path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cell = folder + "/cell-default.mustache"
        try #require(String(contentsOfFile: cell, encoding: .utf8).data(using: .utf16)).write(to: URL(fileURLWithPath: cell))
        try Data(Array("<span>\n  Caf".utf8) + [0xE9] + Array("</span>\n".utf8)).write(to: URL(fileURLWithPath: folder + "/cell-value1.mustache"))
        #expect(TemplateValidator.validate(folder: folder, displayFolder: "T").map(\.description) == [
            "T/cell-default.mustache:1:1: the file is not valid UTF-8 here; save it as UTF-8",
            "T/cell-value1.mustache:2:6: the file is not valid UTF-8 here; save it as UTF-8",
        ])
        // An app's own template is read the same way.
        let app = folder + "-app"
        defer { try? FileManager.default.removeItem(atPath: app) }
        try FileManager.default.createDirectory(atPath: app + "/cells", withIntermediateDirectories: true)
        try Data(Array("<span class=\"cell__text\">\nCaf".utf8) + [0xE9] + Array("</span>\n".utf8)).write(to: URL(fileURLWithPath: app + "/cells/menu.mustache"))
        #expect(throws: RenderError.invalidTemplates([XMLDiagnostic(file: app + "/cells/menu.mustache", line: 2, column: 4,
                                                                    message: "the file is not valid UTF-8 here; save it as UTF-8")])) {
            try TemplateSet(folder: Fixtures.templateFolder, appFolder: app)
        }
    }

    @Test("a value where an attribute's name goes is refused; in a quoted value, in text, or a section of whole attributes, it is fine")
    func valuesOutsideAttributeValues() {
        let why = "stands where an attribute's name goes, where escaping cannot keep a value from making attributes; put it inside a quoted attribute value"
        #expect(Self.problems("<span class=\"cell__text\" {{text}}>x</span>") == ["Templates/cell-default.mustache:1:26: {{text}} \(why)"])
        #expect(Self.problems("<span data-{{text}}=\"1\">x</span>") == ["Templates/cell-default.mustache:1:12: {{text}} \(why)"])
        #expect(Self.problems("<span class=\"a\"{{text}}>x</span>").first == "Templates/cell-default.mustache:1:16: {{text}} \(why)")
        #expect(Self.problems("<span class=\"{{text}}\" title='{{text}}'>{{text}}</span><!-- <b {{text}}> -->") == [])
        #expect(Self.problems("<span {{#image}}hidden=\"hidden\"{{/image}}>{{text}}</span>") == [])
    }

    @Test("markup an HTML parser reads otherwise than XML is refused where it starts: CDATA, processing instructions, declarations")
    func xmlOnlyConstructs() {
        let why = "is not allowed in a template: a browser's HTML parser ends it at the first '>', and what follows becomes markup"
        #expect(Self.problems("<span>{{text}}\n  <![CDATA[ x ><script src=\"https://evil.example/x.js\"></script> ]]></span>") == [
            "Templates/cell-default.mustache:2:3: a CDATA section \(why)",
        ])
        #expect(Self.problems("<span>{{text}}<?x ><img src=\"x\" /> ?></span>") == [
            "Templates/cell-default.mustache:1:15: a processing instruction (<?…?>) \(why)",
        ])
        #expect(Self.problems("<span><!ELEMENT x ANY>{{text}}</span>").first
            == "Templates/cell-default.mustache:1:7: a declaration (<!…>) other than a document's leading <!DOCTYPE html> \(why)")
        #expect(Self.problems("<span><!-- a comment --> {{text}}</span>") == [])
    }

    @Test("unbalanced sections: a section closed by another name, one never closed, a close never opened")
    func unbalancedSections() {
        #expect(Self.problems("<span>{{#image}}<b></b>{{/text}}</span>") == [
            #"Templates/cell-default.mustache:1:24: {{/text}} closes section "image" opened at 1:7"#,
        ])
        #expect(Self.problems("<span>\n{{#image}}\n</span>") == [
            #"Templates/cell-default.mustache:2:1: section "image" is never closed"#,
        ])
        #expect(Self.problems("<span>{{/image}}</span>") == [
            "Templates/cell-default.mustache:1:7: {{/image}} closes a section that was never opened",
        ])
    }

    @Test("a partial that does not exist")
    func missingPartial() {
        #expect(Self.problems("<span>\n   {{>cell-value3}}</span>") == [
            #"Templates/cell-default.mustache:2:4: partial "cell-value3" does not exist (no cell-value3.mustache in the folder)"#,
        ])
    }

    @Test("templates that include themselves through partials, which would render without end, are reported once a cycle")
    func partialCycles() throws {
        let folder = try Fixtures.templateFolderCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        func add(_ text: String, to name: String) throws {
            let file = folder.appendingPathComponent("\(name).mustache")
            try (String(contentsOf: file, encoding: .utf8) + text).write(to: file, atomically: true, encoding: .utf8)
        }
        try add("{{>cell-default}}", to: "cell-default")
        try add("\n{{>table}}", to: "section")
        let problems = TemplateValidator.validate(folder: folder.path, displayFolder: "T").map(\.description).filter { $0.contains("includes itself") }
        #expect(problems.count == 2)
        #expect(problems.contains { $0.hasPrefix("T/cell-default.mustache:") && $0.hasSuffix(#"partial "cell-default" includes itself (cell-default → cell-default), so a page using it would never end"#) })
        #expect(problems.contains { $0.hasPrefix("T/table.mustache:") && $0.contains(#"partial "section" includes itself (section → table → section)"#) })
    }

    @Test("a stray triple mustache outside the allow-list; the allowed ones pass")
    func strayTripleMustache() {
        #expect(Self.problems("<span>{{{text}}}</span>") == [
            #"Templates/cell-default.mustache:1:7: unescaped output of "text" is not allowed (allowed: none here); use {{text}}"#,
        ])
        #expect(Self.problems("<span>{{& text}}</span>").count == 1)
        #expect(Self.problems("<ul>{{{rows}}}</ul>", template: .section) == [])
    }

    @Test("a key no context answers fails validation instead of rendering as nothing")
    func unknownKey() {
        #expect(Self.problems("<span>{{txet}}</span>") == [
            #"Templates/cell-default.mustache:1:7: unknown key "txet": the cell-default template has no such value, did you mean "text"?"#,
        ])
        #expect(Self.problems("<span>{{image.source}} {{.}}</span>") == [])
    }

    @Test("static ids must be unique; ids built from values are not judged statically")
    func duplicateIDs() {
        #expect(Self.problems("<span><b id=\"a\"></b>\n<i id=\"a\"></i><i id=\"{{key}}\"></i><i id=\"{{key}}\"></i></span>") == [
            #"Templates/cell-default.mustache:2:4: id "a" is used again (first at 1:10)"#,
        ])
    }

    @Test("columns count characters, not bytes, and a carriage return before a line feed ends one line")
    func placesAfterWideCharactersAndCRLF() {
        // "é" is two bytes and "👍🏽" eight (two scalars), each one character.
        #expect(Self.problems("<span>é👍🏽 {{txet}}\r\n\r\n <b>{{/text}}</b></span>") == [
            #"Templates/cell-default.mustache:1:10: unknown key "txet": the cell-default template has no such value, did you mean "text"?"#,
            "Templates/cell-default.mustache:3:5: {{/text}} closes a section that was never opened",
        ])
        #expect(Self.problems("<span>{{#image}}\r\n{{! a\nlong comment }}  {{/text}}</span>") == [
            #"Templates/cell-default.mustache:3:18: {{/text}} closes section "image" opened at 1:7"#,
        ])
        #expect(Self.problems("<span><b id=\"ü\"></b>\r\n<i>ß</i><i id=\"ü\"></i></span>") == [
            #"Templates/cell-default.mustache:2:12: id "ü" is used again (first at 1:10)"#,
        ])
        #expect(Self.problems("<span>ü\n ü {{text</span>") == ["Templates/cell-default.mustache:2:4: Mustache tag is never closed with }}"])
        // A carriage return alone ends no line: it is a character of its line.
        #expect(Self.problems("<span>\r{{txet}}</span>") == [
            #"Templates/cell-default.mustache:1:8: unknown key "txet": the cell-default template has no such value, did you mean "text"?"#,
        ])
    }

    @Test("a Mustache tag that never closes, and unsupported tags")
    func badTags() {
        #expect(Self.problems("<span>\n  {{text</span>") == ["Templates/cell-default.mustache:2:3: Mustache tag is never closed with }}"])
        #expect(Self.problems("<span>{{=<% %>=}}</span>").first?.contains("is not supported") == true)
    }

    @Test("a folder missing a template, and the loader refusing an invalid folder with every problem")
    func folders() throws {
        let folder = try Fixtures.templateFolderCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.removeItem(at: folder.appendingPathComponent("error.mustache"))
        try Data("<span>{{{text}}}".utf8).write(to: folder.appendingPathComponent("cell-value1.mustache"))
        let problems = TemplateValidator.validate(folder: folder.path, displayFolder: "T").map(\.description)
        #expect(problems.first == "T/error.mustache:1:1: missing template: every template folder needs it")
        #expect(problems.contains { $0.hasPrefix("T/cell-value1.mustache:1:7: unescaped output") })
        #expect(problems.contains { $0 == "T/cell-value1.mustache:1:17: <span> opened on line 1 is never closed" })
        #expect(throws: RenderError.self) { try TemplateSet(folder: folder.path) }
        #expect(throws: RenderError.templateFolderMissing("/nonexistent")) { try TemplateSet(folder: "/nonexistent") }
    }

    @Test("a template neither the checks nor Mustache accept is refused with the checks' problems")
    func checksBeforeMustache() throws {
        let folder = try Fixtures.templateFolderCopy()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A section opened and never closed: Mustache cannot compile it either.
        try Data("<span>{{#text}}</span>".utf8).write(to: folder.appendingPathComponent("cell-value1.mustache"))
        let checks = TemplateValidator.validate(folder: folder.path)
        #expect(!checks.isEmpty)
        #expect(throws: RenderError.invalidTemplates(checks)) { try TemplateSet(folder: folder.path) }
    }
}
