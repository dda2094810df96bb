import Foundation
import Testing
import TableApp
import TableRender

/// The demo's indexed lists beyond Latin, fetched as a browser without JavaScript would: the index
/// bar's titles, labels and links, the sections they lead to, and the JSON twin.
@Suite("Indexed lists in other languages, served")
struct IndexedListTests {
    /// The index bar's links as (text, href, aria-label), and the page's sections by id with their
    /// header and row texts.
    static func read(_ page: Browser.Page) throws -> (bar: [(String, String, String?)], sections: [String: (header: String?, rows: [String])]) {
        let root = try #require(page.root)
        let nav = try #require(root.first { $0.attributes["data-section-index"] != nil })
        let bar = nav.all(named: "a").map { ($0.normalizedText, $0.attributes["href"] ?? "", $0.attributes["aria-label"]) }
        var sections: [String: (header: String?, rows: [String])] = [:]
        for section in root.all(named: "section") {
            guard let id = section.attributes["id"] else { continue }
            let rows = section.all(having: "data-index-path").map { $0.first { $0.attributes["class"]?.contains("cell__text") == true }?.normalizedText ?? "" }
            sections[id] = (section.first { $0.name == "h2" && $0.attributes["class"]?.contains("visually-hidden") != true }?.normalizedText, rows)
        }
        return (bar, sections)
    }

    @Test("Greek cities: Α to Ω then #, accented names with their letter, the # title read as Άλλα; the page meets the contract")
    func greek() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/greek-cities/")
            #expect(page.status == 200)
            #expect(PageValidator.shared.validate(page.html, page: "greek-cities").isEmpty)
            #expect(page.root?.first { $0.name == "main" }?.attributes["data-indexed"] == "true")
            let (bar, sections) = try Self.read(page)
            #expect(bar.map(\.0) == "ΑΒΓΔΕΖΗΘΙΚΛΜΝΞΟΠΡΣΤΥΦΧΨΩ".map(String.init) + ["#"])
            #expect(bar.map(\.1) == (0..<25).map { "#section-\($0)" })
            #expect(bar.map(\.2) == Array(repeating: nil, count: 24) + ["Άλλα"])
            let links = try #require(page.root?.first { $0.attributes["data-section-index"] != nil }).all(named: "a")
            #expect(links.map { $0.attributes["lang"] } == Array(repeating: nil, count: 24) + ["el"], "the Greek label in an English page says it is Greek")
            #expect(sections["section-0"]?.header == "Α" && sections["section-0"]?.rows == ["Αθήνα", "Άρτα"])
            #expect(sections["section-6"]?.header == "Η" && sections["section-6"]?.rows == ["Ηράκλειο"])
            #expect(sections["section-23"]?.header == "Ω" && sections["section-23"]?.rows == ["Ωρωπός"])
            #expect(sections["section-24"]?.header == nil && sections["section-24"]?.rows == [], "no header over the empty # section")

            let json = try #require(try JSONSerialization.jsonObject(with: Data(try await browser.get("/greek-cities/", accept: "application/json").html.utf8)) as? [String: Any])
            let index = try #require(json["sectionIndex"] as? [[String: Any]])
            #expect(index.map { $0["title"] as? String } == bar.map(\.0))
            #expect(index.map { $0["section"] as? Int } == Array(0..<25))
            #expect(index.map { $0["accessibilityLabel"] as? String } == bar.map(\.2))
            #expect(index.last?["accessibilityLanguage"] as? String == "el" && index.first?["accessibilityLanguage"] == nil)
            let jsonSections = try #require(json["sections"] as? [[String: Any]])
            #expect(jsonSections[0]["headerTitle"] as? String == "Α")
        }
    }

    @Test("Danish towns: Aa under Å after Z, and the app's own index bar, several letters to a title, with labels")
    func danish() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let page = try await browser.get("/danish-towns/")
            #expect(PageValidator.shared.validate(page.html, page: "danish-towns").isEmpty)
            let (bar, sections) = try Self.read(page)
            // A=0, H=7, O=14, Æ=26, Ø=27, Å=28, #=29 in the Danish collation.
            #expect(bar.map(\.0) == ["A–G", "H–N", "O–Z", "Æ", "Ø", "Å", "#"])
            #expect(bar.map(\.1) == ["#section-0", "#section-7", "#section-14", "#section-26", "#section-27", "#section-28", "#section-29"])
            #expect(bar.map(\.2) == ["A to G", "H to N", "O to Z", nil, nil, "Å and Aa", "Other"])
            #expect(sections["section-0"]?.rows == ["Albertslund"], "only the A that is not Aa")
            #expect(sections["section-28"]?.header == "Å")
            #expect(sections["section-28"]?.rows == ["Aabenraa", "Åbyhøj", "Aalborg", "Aarhus"])
            #expect(sections["section-19"]?.rows == ["Taastrup"], "aa inside a name changes nothing")
            #expect(sections["section-26"]?.rows == ["Ærøskøbing"] && sections["section-27"]?.rows == ["Ølstykke"])

            let json = try #require(try JSONSerialization.jsonObject(with: Data(try await browser.get("/danish-towns/", accept: "application/json").html.utf8)) as? [String: Any])
            let index = try #require(json["sectionIndex"] as? [[String: Any]])
            #expect(index.map { $0["section"] as? Int } == [0, 7, 14, 26, 27, 28, 29])
            #expect(index.map { $0["accessibilityLabel"] as? String } == bar.map(\.2))
        }
    }

    @Test("the root menu leads to both lists")
    func reachedFromTheRoot() async throws {
        let demo = try await ServedDemo()
        defer { demo.remove() }
        try await demo.browse { browser in
            let links = try #require(try await browser.get("/").root).all(named: "a").compactMap { $0.attributes["href"] }
            #expect(links.contains { $0.hasSuffix("greek-cities/") } && links.contains { $0.hasSuffix("danish-towns/") })
        }
    }

    @Test("validate refuses an index title naming a section the collation lacks, with file:line:column")
    func validateReportsTheTitle() throws {
        let folder = try RunningServer.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("app.yaml")
        let yaml = """
            title: Towns
            root: towns
            scenes:
              towns:
                title: Towns
                list: towns
                index:
                  by: name
                  locale: da
                  titles:
                    - { title: A, section: A }
                    - { title: Ω, section: Ω }
                cell: { text: "{name}" }
            """
        try Data(yaml.utf8).write(to: file)
        let result = try IndexWarningTests.run(["validate", "--app", file.path])
        #expect(result.status != 0)
        #expect(result.errors.contains(file.path + #":12:32: index title "Ω" names section "Ω", which the index does not have (its sections: A, B,"#),
                "\(result.errors)")
    }
}
