import Foundation
import Testing
import TableKit
@testable import TableRender

/// An app's own templates (custom cells, accessory views, section views): loaded from the
/// template folder's subfolders and the app's folder, checked with file:line:column, drawn with
/// every value escaped, and rows given their heights by class.
@Suite("Custom templates")
struct CustomTemplateTests {
    /// A fresh app template folder with `files` (path inside the folder → text).
    static func appFolder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("app-templates-\(UUID().uuidString)")
        for (path, text) in files {
            let file = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        return folder
    }

    static func problems(_ files: [String: String]) throws -> [String] {
        let folder = try appFolder(files)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            _ = try TemplateSet(folder: Fixtures.templateFolder, appFolder: folder.path)
            return []
        } catch {
            // Read apart from the catch: a pattern in the catch clause crashed the compiler.
            let problems: [XMLDiagnostic]
            switch error {
            case let .invalidTemplates(diagnostics): problems = diagnostics
            default: problems = [XMLDiagnostic(file: "", line: 0, column: 0, message: error.description)]
            }
            return problems.map { $0.description.replacingOccurrences(of: folder.path + "/", with: "") }
        }
    }

    @Test("an app's templates draw custom cells, accessories and section views, every value escaped")
    func drawing() throws {
        let folder = try Self.appFolder([
            "cells/tile.mustache": "<span class=\"tile\">{{symbol}}</span>{{#note}}<small>{{note}}</small>{{/note}}",
            "accessories/badge.mustache": "<span class=\"badge\">{{count}}</span>",
            "sections/head.mustache": "<strong>{{title}}</strong>",
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let templates = try TemplateSet(folder: Fixtures.templateFolder, appFolder: folder.path)
        #expect(templates.contains("tile", kind: .cell) && templates.contains("badge", kind: .accessory))
        #expect(!templates.contains("tile", kind: .accessory), "kinds are apart")
        #expect(templates.render(TemplateView(name: "tile", values: ["symbol": "<b>\"Fe\"&"]), kind: .cell)
            == "<span class=\"tile\">&lt;b&gt;&quot;Fe&quot;&amp;</span>")
        #expect(templates.render(TemplateView(name: "tile", values: ["symbol": "Fe", "note": "rusts"]), kind: .cell)
            == "<span class=\"tile\">Fe</span><small>rusts</small>")
        #expect(templates.render(TemplateView(name: "missing"), kind: .cell) == nil)
        #expect(templates.shownValues(of: TemplateView(name: "tile", values: ["symbol": "Fe", "secret": "x"]), kind: .cell) == ["symbol": "Fe"])
        let plain = try TemplateSet(folder: Fixtures.templateFolder)
        #expect(plain.fingerprint != templates.fingerprint, "an app's templates are part of every page's ETag")
    }

    @Test("the app's folder replaces a template of the same name in the template folder")
    func appFolderWins() throws {
        let base = try Fixtures.templateFolderCopy()
        defer { try? FileManager.default.removeItem(at: base) }
        try FileManager.default.createDirectory(at: base.appendingPathComponent("cells"), withIntermediateDirectories: true)
        try Data("<span>base {{name}}</span>".utf8).write(to: base.appendingPathComponent("cells/card.mustache"))
        let app = try Self.appFolder(["cells/card.mustache": "<span>app {{name}}</span>"])
        defer { try? FileManager.default.removeItem(at: app) }
        #expect(try TemplateSet(folder: base.path).render(TemplateView(name: "card", values: ["name": "x"]), kind: .cell) == "<span>base x</span>")
        #expect(try TemplateSet(folder: base.path, appFolder: app.path).render(TemplateView(name: "card", values: ["name": "x"]), kind: .cell)
            == "<span>app x</span>")
    }

    @Test("a template that would break its row is refused, each problem at its file, line and column")
    func problems() throws {
        let problems = try Self.problems([
            "cells/link.mustache": "<span>{{name}}</span>\n  <a href=\"/x\">{{name}}</a>",
            "cells/raw.mustache": "<span>{{{name}}}</span>",
            "cells/ids.mustache": "<span id=\"tile\">{{name}}</span>",
            "cells/open.mustache": "<span>{{name}}",
            "accessories/sections.mustache": "{{#a}}<span>{{b}}</span>",
            "sections/block.mustache": "<div>{{title}}</div>",
            "sections/handler.mustache": "<span onclick=\"go()\" style=\"color: red\">{{title}}</span>",
            "cells/partial.mustache": "<span>{{>row}}</span>",
            "cells/1st.mustache": "<span>x</span>",
        ])
        #expect(problems.contains { $0.hasPrefix("cells/link.mustache:2:3: <a> is not allowed") }, "\(problems)")
        #expect(problems.contains { $0.hasPrefix("cells/raw.mustache:1:7: unescaped output of \"name\"") })
        #expect(problems.contains { $0.hasPrefix("cells/ids.mustache:1:1: an id is not allowed") })
        #expect(problems.contains { $0.hasPrefix("cells/open.mustache:1:") && $0.contains("<span> opened on line 1 is never closed") })
        #expect(problems.contains { $0 == "accessories/sections.mustache:1:1: section \"a\" is never closed" })
        #expect(problems.contains { $0.hasPrefix("sections/block.mustache:1:1: <div> is not allowed") })
        #expect(problems.contains { $0.hasPrefix("sections/handler.mustache:1:1: event handler onclick") })
        #expect(problems.contains { $0.hasPrefix("sections/handler.mustache:1:1: inline style") })
        #expect(problems.contains { $0.hasPrefix("cells/partial.mustache:1:7: an app's template cannot include partials") })
        #expect(problems.contains { $0.hasPrefix("cells/1st.mustache:1:1: \"1st\" cannot name a template") })
        #expect(problems.count == 10, "\(problems)")
        #expect(try Self.problems(["cells/fine.mustache": "<span class=\"a\">{{x}}</span><img src=\"{{image}}\" alt=\"\" />"]).isEmpty)
    }

    @Test("a row's height becomes a class that row-heights.css defines, rounded to the nearest step")
    func rowHeights() throws {
        #expect(RowHeightClass.name(for: nil) == nil)
        #expect(RowHeightClass.name(for: .fixed(64)) == "row--height-64")
        #expect(RowHeightClass.name(for: .fixed(63)) == "row--height-64")
        #expect(RowHeightClass.name(for: .estimated(201)) == "row--estimate-200")
        #expect(RowHeightClass.name(for: .fixed(211)) == "row--height-220")
        #expect(RowHeightClass.name(for: .fixed(800)) == "row--height-800")
        let css = try String(contentsOfFile: Fixtures.templateFolder + "/../Public/row-heights.css", encoding: .utf8)
        for points in RowHeight.allowedPoints {
            for height in [RowHeight.fixed(points), .estimated(points)] {
                let name = try #require(RowHeightClass.name(for: height))
                #expect(css.contains("." + name + " {"), "row-heights.css lacks .\(name)")
            }
        }
    }
}
