import Foundation
import Testing
import TestSupport
import TableRender
import TableStore

/// Cells and sections the app draws with its own templates, several prototypes in one list, a
/// slider per row, row heights and multiple selection, through the served demo as a browser
/// without JavaScript sees them, and their JSON twins.
@Suite("Custom cells, prototypes and row controls")
struct CustomCellTests {
    static func row(_ page: Browser.Page, _ key: String) -> XMLElement? { EditingDetailsTests.row(page, key) }

    @Test("TheElements as tiles: a custom cell filled from each item, its height, and section headers from a template")
    func elementTiles() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/element-tiles/")
            #expect(page.status == 200)
            let iron = try #require(Self.row(page, "iron"))
            #expect(iron.attributes["data-cell-style"] == "default" && iron.attributes["data-cell-template"] == "element-tile")
            #expect(iron.first { $0.attributes["class"] == "cell__text" } == nil, "the template draws the cell instead of its style")
            #expect(iron.attributes["class"]?.split(separator: " ").contains("row--height-64") == true)
            #expect(iron.first { $0.attributes["class"] == "tile__symbol" }?.normalizedText == "Fe")
            #expect(iron.first { $0.attributes["class"] == "tile__number" }?.normalizedText == "26")
            #expect(iron.first { $0.attributes["class"] == "custom-cell__title" }?.normalizedText == "Iron")
            let action = try #require(iron.first { $0.attributes["class"]?.hasPrefix("row__action") == true })
            #expect(action.attributes["aria-label"] == "Iron, Atomic number 26, symbol Fe", "the row is still named by its texts")
            #expect(page.root?.first { $0.name == "link" && $0.attributes["href"] == "/_assets/row-heights.css" } != nil)
            let headers = page.root?.all { $0.attributes["class"] == "section__header section__header--custom" } ?? []
            #expect(headers.map(\.normalizedText) == ["Solid 10 rows", "Liquid 2 rows", "Gas 11 rows", "Artificial 7 rows"])
            #expect(headers.first?.attributes["role"] == "heading")

            let json = try EditingDetailsTests.jsonRows(try await browser.get("/element-tiles/", accept: "application/json"))
            #expect(json["iron"]?["template"] as? String == "element-tile")
            #expect(json["iron"]?["templateValues"] as? [String: String] == ["name": "Iron", "number": "26", "symbol": "Fe", "state": "Solid"])
            #expect(json["iron"]?["height"] as? Int == 64 && json["iron"]?["heightIsEstimate"] as? Bool == false)
            #expect(json["iron"]?["text"] as? String == "Iron")
            let twin = try SectionFooterTests.json(try await browser.get("/element-tiles/", accept: "application/json"))
            let header = (twin["sections"] as? [[String: Any]])?.first?["headerView"] as? [String: Any]
            #expect(header?["template"] as? String == "element-state" && (header?["values"] as? [String: String])?["rows"] == "10 rows")

            let standard = try await browser.get("/elements/")
            #expect(standard.root?.first { $0.name == "link" && $0.attributes["href"] == "/_assets/row-heights.css" } == nil,
                    "a page without row heights does not load their classes")
        }
    }

    @Test("two prototypes in one list: the state picks each row's, lab-made elements with a custom accessory view")
    func twoPrototypes() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/element-kinds/")
            let iron = try #require(Self.row(page, "iron"))
            #expect(iron.attributes["data-cell-style"] == "value1" && iron.attributes["data-accessory"] == "none")
            let plutonium = try #require(Self.row(page, "plutonium"))
            #expect(plutonium.attributes["data-cell-style"] == "subtitle" && plutonium.attributes["data-accessory"] == "custom")
            #expect(plutonium.first { $0.attributes["data-custom"] == "lab-badge" }?.normalizedText == "Lab-made")
            #expect(plutonium.attributes["class"]?.contains("row--estimate-60") == true)
            let json = try EditingDetailsTests.jsonRows(try await browser.get("/element-kinds/", accept: "application/json"))
            #expect(json["plutonium"]?["accessoryTemplate"] as? String == "lab-badge" && json["plutonium"]?["detailText"] as? String == "Atomic number 94")
            #expect(json["plutonium"]?["heightIsEstimate"] as? Bool == true && json["iron"]?["accessoryTemplate"] == nil)
            // The prototype follows the data: an element that turns out to be lab-made changes its row.
            let revision = try await demo.store.revision(of: .root("elements"))
            try await demo.store.apply([.update(key: "iron", attributes: ["state": .string("Artificial")])], to: .root("elements"), basedOn: revision)
            #expect(Self.row(try await browser.get("/element-kinds/"), "iron")?.attributes["data-accessory"] == "custom")
        }
    }

    @Test("a slider per row: each posts its own level, checked against the list's revision and the slider's range")
    func sliderPerRow() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/volumes/")
            let slider = try #require(page.root?.first { $0.name == "input" && $0.attributes["name"] == "value-media" })
            #expect(slider.attributes["type"] == "range" && slider.attributes["value"] == "45" && slider.attributes["max"] == "100")
            #expect(Self.row(page, "media")?.attributes["data-accessory"] == "slider")
            let (csrf, revision) = browser.tokens(of: page)
            let moved = try await browser.post("/volumes/_/slider", [("csrf", csrf), ("revision", revision), ("key", "media"), ("value-media", "80")])
            #expect(moved.status == 200)
            #expect(moved.root?.first { $0.attributes["name"] == "value-media" }?.attributes["value"] == "80")
            #expect(try await demo.store.list(.root("volumes")).items.first { $0.key == "media" }?["level"] == .number(80))
            let json = try EditingDetailsTests.jsonRows(try await browser.get("/volumes/", accept: "application/json"))
            #expect(json["media"]?["value"] as? Double == 80 && json["voice"]?["value"] as? Double == 90)

            let tokens = browser.tokens(of: moved)
            let tooLoud = try await browser.post("/volumes/_/slider", [("csrf", tokens.csrf), ("revision", tokens.revision), ("key", "voice"), ("value-voice", "101")])
            #expect(tooLoud.status == 422, "a value outside the slider's range is refused, not clamped")
            let unrevised = try await browser.post("/volumes/_/slider", [("csrf", tokens.csrf), ("revision", "groceries=1"), ("key", "voice"), ("value-voice", "10")])
            #expect(unrevised.status == 400)
            let noSlider = try await browser.post("/alarms/_/slider", [("csrf", tokens.csrf), ("revision", tokens.revision), ("key", "nap"), ("value-nap", "1")])
            #expect(noSlider.status == 400 || noSlider.status == 422)
            #expect(try await demo.store.list(.root("volumes")).items.first { $0.key == "voice" }?["level"] == .number(90))
            // A level between whole numbers is shown as it is stored, not to two places: the
            // slider posts back what it shows.
            let fine = try await browser.post("/volumes/_/slider", [("csrf", tokens.csrf), ("revision", tokens.revision), ("key", "media"),
                                                                   ("value-media", "80.625")])
            let shown = Self.row(fine, "media")
            #expect(shown?.first { $0.attributes["name"] == "value-media" }?.attributes["value"] == "80.625")
            #expect(shown?.first { $0.name == "output" }?.normalizedText == "80.625")
        }
    }

    @Test("allowsMultipleSelection: tapping rows checks several, each kept in its item")
    func multipleSelection() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            var page = try await browser.get("/shopping/")
            let milk = try #require(Self.row(page, "milk")?.first { $0.name == "button" })
            #expect(milk.attributes["role"] == "checkbox" && milk.attributes["aria-checked"] == "false")
            for key in ["milk", "bread"] {
                let (csrf, revision) = browser.tokens(of: page)
                page = try await browser.post("/shopping/_/select", [("csrf", csrf), ("revision", revision), ("key", key)])
                #expect(page.status == 200)
            }
            let checked = ["milk", "eggs", "bread", "butter"].filter { key in
                Self.row(page, key)?.first { $0.name == "button" }?.attributes["aria-checked"] == "true"
            }
            #expect(checked == ["milk", "bread"])
            let json = try EditingDetailsTests.jsonRows(try await browser.get("/shopping/", accept: "application/json"))
            #expect(json["milk"]?["isChecked"] as? Bool == true && json["eggs"]?["isChecked"] as? Bool == false)
        }
    }
}

/// `tablestack validate --app` and `serve` check the app's own templates and every template the
/// app file names, each problem at its file, line and column.
@Suite("App templates on the command line")
struct AppTemplateCommandTests {
    static let app = """
        title: Metals
        root: metals
        templates: looks
        scenes:
          metals:
            title: Metals
            list: metals
            cell: { text: "{name}", template: tile, accessoryView: badge }
        """

    @Test("a template the app names but lacks, and a template that breaks its row, stop validate and serve")
    func commands() throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.yaml")
        try Data(Self.app.utf8).write(to: file)
        let looks = folder.appendingPathComponent("looks/cells")
        try FileManager.default.createDirectory(at: looks, withIntermediateDirectories: true)
        try Data("<span class=\"tile\">{{symbol}}</span>".utf8).write(to: looks.appendingPathComponent("tile.mustache"))

        let missing = try IndexWarningTests.run(["validate", "--app", file.path])
        #expect(missing.status == 1)
        #expect(missing.errors.contains(file.path + ":8:60: no accessory template \"badge\""), "\(missing.errors)")
        let served = try IndexWarningTests.run(["serve", "--app", file.path, "--port", "0", "--db", folder.appendingPathComponent("d.sqlite").path])
        #expect(served.status != 0 && served.errors.contains(":8:60: no accessory template \"badge\""))

        try FileManager.default.createDirectory(at: folder.appendingPathComponent("looks/accessories"), withIntermediateDirectories: true)
        try Data("<button>{{count}}</button>".utf8).write(to: folder.appendingPathComponent("looks/accessories/badge.mustache"))
        let broken = try IndexWarningTests.run(["validate", "--app", file.path])
        #expect(broken.status == 1)
        #expect(broken.errors.contains("looks/accessories/badge.mustache:1:1: <button> is not allowed"), "\(broken.errors)")

        try Data("<span class=\"badge\">{{count}}</span>".utf8).write(to: folder.appendingPathComponent("looks/accessories/badge.mustache"))
        #expect(try IndexWarningTests.run(["validate", "--app", file.path]).status == 0)
    }

    @Test("an export says it is up to date only while the app's templates are those it was made with")
    func exportFollowsAppTemplates() async throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.yaml")
        try Data(Self.app.utf8).write(to: file)
        let tile = folder.appendingPathComponent("looks/cells/tile.mustache")
        let badge = folder.appendingPathComponent("looks/accessories/badge.mustache")
        for template in [tile, badge] { try FileManager.default.createDirectory(at: template.deletingLastPathComponent(), withIntermediateDirectories: true) }
        try Data("<span class=\"tile\">{{symbol}}</span>".utf8).write(to: tile)
        try Data("<span class=\"badge\">{{count}}</span>".utf8).write(to: badge)
        let data = folder.appendingPathComponent("metals.json")
        try Data(#"{"metals": [{"key": "fe", "name": "Iron", "symbol": "Fe", "count": 3}]}"#.utf8).write(to: data)
        let db = folder.appendingPathComponent("d.sqlite").path
        #expect(try IndexWarningTests.run(["import", "--db", db, data.path]).status == 0)
        try await waitForNextSecond()
        let out = folder.appendingPathComponent("dist").path
        let export = { try IndexWarningTests.run(["export", "--app", file.path, "--db", db, "--out", out]) }
        let page = { try String(contentsOfFile: out + "/index.html", encoding: .utf8) }

        #expect(try export().output.hasPrefix("Exported 1 pages"))
        #expect(try export().output.hasPrefix(out + " is up to date: 1 pages"))
        try Data("<span class=\"tile\">{{symbol}}!</span>".utf8).write(to: tile)
        #expect(try export().output.hasPrefix("Exported 1 pages"), "an app template changed")
        #expect(try page().contains("Fe!"))

        try Data("<button>{{count}}</button>".utf8).write(to: badge)
        let broken = try export()
        #expect(broken.status == 1 && broken.errors.contains("looks/accessories/badge.mustache:1:1: <button> is not allowed"), "\(broken.errors)")
        #expect(try page().contains("Fe!"), "the folder keeps the last export")
        // A database written since the last export has the templates loaded while the store
        // opens: their problems are printed the same, once.
        let touch = { try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: db) }
        try touch()
        let brokenAgain = try export()
        #expect(brokenAgain.status == 1 && brokenAgain.errors.components(separatedBy: "<button> is not allowed").count == 2, "\(brokenAgain.errors)")
        try Data("<span class=\"badge\">{{count}}</span>".utf8).write(to: badge)
        #expect(try export().output.hasPrefix(out + " is up to date"), "the templates of the last export again")
        // Written without a change to its data, it leaves the folder up to date, and the
        // templates loaded for nothing say nothing.
        try touch()
        let still = try export()
        #expect(still.status == 0 && still.output.hasPrefix(out + " is up to date"), "\(still.errors)")
        #expect(CommandLineRefusalTests.messages(in: still.errors).isEmpty, "\(still.errors)")

        // A file where the folder should be is named as it is, not through its assets.
        let inTheWay = folder.appendingPathComponent("a-file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: inTheWay))
        let blocked = try IndexWarningTests.run(["export", "--app", file.path, "--db", db, "--out", inTheWay])
        #expect(blocked.status == 1 && blocked.errors.contains(inTheWay + ": cannot write"), "\(blocked.errors)")
    }
}
