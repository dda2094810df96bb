import Foundation
import Testing
import TableRender
import TableStore

/// Accessories bound to each item of a list, through the served demo: a switch per alarm, the
/// alarms' editing accessory, and the detail disclosure buttons of Recently Played.
@Suite("Accessories on list rows")
struct ListAccessoryTests {
    static func switches(_ page: Browser.Page) -> [String: Bool] {
        Dictionary((page.root?.all { $0.attributes["role"] == "switch" } ?? []).map {
            (String(($0.attributes["name"] ?? "").dropFirst(3)), $0.attributes["checked"] == "checked")
        }, uniquingKeysWith: { first, _ in first })
    }

    @Test("each alarm's switch posts its own state, checked against the list's revision")
    func switchPerRow() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/alarms/")
            #expect(Self.switches(page) == ["weekday": true, "weekend": false, "nap": false, "night": true])
            let json = try EditingDetailsTests.jsonRows(try await browser.get("/alarms/", accept: "application/json"))
            #expect(json["weekday"]?["isOn"] as? Bool == true && json["weekend"]?["isOn"] as? Bool == false)
            #expect(json["weekday"]?["accessory"] as? String == "switch")

            let (csrf, revision) = browser.tokens(of: page)
            let on = try await browser.post("/alarms/_/toggle", [("csrf", csrf), ("revision", revision), ("key", "weekend"), ("on-weekend", "on")])
            #expect(on.status == 200)
            #expect(Self.switches(on) == ["weekday": true, "weekend": true, "nap": false, "night": true])
            let tokens = browser.tokens(of: on)
            let off = try await browser.post("/alarms/_/toggle", [("csrf", tokens.csrf), ("revision", tokens.revision), ("key", "weekday")])
            #expect(Self.switches(off)["weekday"] == false)
            let stored = try await demo.store.list(.root("alarms")).items.first { $0.key == "weekday" }
            #expect(stored?["enabled"] == .bool(false))
            // A script's TRUE means what the checkbox's on does; a value that is neither is refused.
            let scripted = browser.tokens(of: off)
            let upper = try await browser.post("/alarms/_/toggle", [("csrf", scripted.csrf), ("revision", scripted.revision), ("key", "weekday"),
                                                                   ("on-weekday", "TRUE")])
            #expect(Self.switches(upper)["weekday"] == true)
            let after = browser.tokens(of: upper)
            let unclear = try await browser.post("/alarms/_/toggle", [("csrf", after.csrf), ("revision", after.revision), ("key", "nap"),
                                                                     ("on-nap", "maybe")])
            #expect(unclear.status == 400 && unclear.text.contains("The switch value \"maybe\" is neither on nor off."), "\(unclear.text)")

            let unrevised = try await browser.post("/alarms/_/toggle", [("csrf", tokens.csrf), ("revision", "groceries=1"), ("key", "nap"), ("on-nap", "on")])
            #expect(unrevised.status == 400, "a form without the alarms' revision changes nothing")
            let noSwitch = try await browser.post("/groceries/_/toggle", [("csrf", tokens.csrf), ("revision", "groceries=1"), ("key", "milk"), ("on-milk", "on")])
            #expect(noSwitch.status == 400 && noSwitch.text.contains("switch"), "a row without a switch takes no switch post")
            #expect(Self.switches(try await browser.get("/alarms/"))["nap"] == false)
        }
    }

    @Test("an Add sheet's switch starts as its default says, written in any case, and the new item gets that value")
    func switchDefaults() async throws {
        let yaml = """
            title: Lamps
            root: lamps
            scenes:
              lamps:
                title: Lamps
                list: lamps
                cell: { text: "{name}" }
                add:
                  fields:
                    - { attribute: name, label: Name }
                    - { attribute: lit, label: Lit, type: switch, default: "ON" }
                    - { attribute: dim, label: Dim, type: switch, default: "off" }
            """
        let app = try await ServedApp(yaml, DataDocument(lists: [("lamps", [])]))
        defer { app.remove() }
        try await app.browse { browser in
            let sheet = try await browser.get("/?add=1")
            let checked = Dictionary((sheet.root?.all { $0.attributes["type"] == "checkbox" } ?? []).map {
                ($0.attributes["name"] ?? "", $0.attributes["checked"] == "checked")
            }, uniquingKeysWith: { first, _ in first })
            #expect(checked == ["lit": true, "dim": false], "\(checked)")
            let (csrf, revision) = browser.tokens(of: sheet)
            _ = try await browser.post("/_/add", [("csrf", csrf), ("revision", revision), ("name", "Desk"), ("lit", "on")])
            #expect(try await app.store.list(.root("lamps")).items.first?["lit"] == .bool(true))
        }
    }

    @Test("the editing accessory shows only in editing mode, where a tap opens the alarm")
    func editingAccessory() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/alarms/")
            #expect(page.root?.all(having: "data-key").allSatisfy { $0.attributes["data-accessory"] == "switch" } == true)
            #expect(page.root?.all { $0.name == "a" && $0.attributes["class"] == "row__action" }.isEmpty == true)
            let editing = try await browser.get("/alarms/?editing=1")
            #expect(editing.root?.all(having: "data-key").allSatisfy { $0.attributes["data-accessory"] == "disclosure-indicator" } == true)
            #expect(Self.switches(editing).isEmpty)
            let link = try #require(editing.root?.first { $0.name == "a" && $0.attributes["class"] == "row__action" })
            #expect(link.attributes["href"] == "/alarms/weekday/")
            let alarm = try await browser.get("/alarms/weekday/")
            #expect(alarm.root?.first { $0.name == "h1" }?.normalizedText == "6:30 AM")
            let json = try EditingDetailsTests.jsonRows(try await browser.get("/alarms/?editing=1", accept: "application/json"))
            #expect(json["nap"]?["editingAccessory"] as? String == "disclosure-indicator")
        }
    }

    @Test("the detail disclosure button: the ⓘ opens the item's info page, the chevron says the row opens the item")
    func detailDisclosureButton() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/playlist/")
            let row = try #require(page.root?.first { $0.attributes["data-key"] == "the-swan" })
            #expect(row.attributes["data-accessory"] == "detail-disclosure-button")
            #expect(row.first { $0.name == "a" && $0.attributes["class"] == "row__action" }?.attributes["href"] == "/playlist/the-swan/")
            #expect(row.first { $0.attributes["class"] == "accessory accessory--disclosure-indicator" } != nil)
            let button = try #require(row.first { $0.attributes["class"] == "accessory accessory--detail-disclosure-button" })
            #expect(button.attributes["href"] == "/playlist/the-swan~info/")
            let info = try await browser.get("/playlist/the-swan~info/")
            #expect(info.status == 200 && info.root?.first { $0.attributes["rel"] == "up" }?.attributes["href"] == "/playlist/#row-the-swan")
        }
    }

    @Test("the detail button: the ⓘ alone opens the item's info page, though a tap on the row selects nothing")
    func detailButton() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/recently-played/")
            let row = try #require(page.root?.first { $0.attributes["data-key"] == "the-swan" })
            #expect(row.attributes["data-accessory"] == "detail-button")
            #expect(row.first { $0.attributes["class"] == "accessory accessory--disclosure-indicator" } == nil, "no chevron")
            #expect(row.first { $0.name == "a" && $0.attributes["class"] == "row__action" } == nil)
            let button = try #require(row.first { $0.attributes["class"] == "accessory accessory--detail-disclosure-button" })
            #expect(button.attributes["href"] == "/recently-played/the-swan~info/" && button.attributes["aria-label"] == "More info about The Swan")
            let info = try await browser.get("/recently-played/the-swan~info/")
            #expect(info.root?.first { $0.name == "h1" }?.normalizedText == "The Swan")
            #expect(info.root?.first { $0.attributes["rel"] == "up" }?.attributes["href"] == "/recently-played/#row-the-swan")
            #expect(info.text.contains("Camille Saint-Saëns"))
            let json = try EditingDetailsTests.jsonRows(try await browser.get("/recently-played/", accept: "application/json"))
            #expect(json["the-swan"]?["accessory"] as? String == "detail-button")
        }
    }
}
