import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TableStack
import Testing

/// A Swift controller's indexed list: Japanese prefectures collated into gojūon rows by
/// `IndexedCollation`, with an index bar of its own (`SectionIndexMapping`) whose titles each
/// cover several rows and one of which leads nowhere of its own.
@Suite("A custom controller's index bar")
struct SectionIndexDelegateTests {
    struct Prefectures: TableViewController {
        let collation: IndexedCollation
        let sections: [[String]]
        let index: SectionIndexMapping
        var title: String { "Prefectures" }

        init() throws {
            collation = try IndexedCollation(localeIdentifier: "ja")
            sections = collation.collate(["ほっかいどう", "アオモリ", "いわて", "きょうと", "カナガワ", "おおさか", "とうきょう", "なら", "わかやま", "Okinawa"]) { $0 }
            index = try collation.sectionIndex(titles: [
                .init(SectionIndexTitle("あ〜さ", accessibilityLabel: "あ行からさ行"), sectionTitle: "あ"),
                .init("た", sectionTitle: "た"),
                .init(SectionIndexTitle("・", accessibilityLabel: "中略"), sectionTitle: nil),
                .init(SectionIndexTitle("は〜わ", accessibilityLabel: "は行からわ行"), sectionTitle: "は"),
                .init(collation.indexTitles[collation.indexTitles.count - 1], sectionTitle: "#"),
            ])
        }

        func numberOfSections() -> Int { sections.count }
        func numberOfRows(inSection section: Int) -> Int { sections[section].count }
        func cell(at indexPath: IndexPath) -> Cell {
            let name = sections[indexPath.section][indexPath.row]
            return Cell(key: "p\(indexPath.section)-\(indexPath.row)", text: name)
        }
        func titleForHeader(inSection section: Int) -> String? {
            collation.titleForHeader(inSection: section, rowCount: sections[section].count)
        }
        func sectionIndexTitles() -> [SectionIndexTitle]? { index.titles }
        func section(forSectionIndexTitle title: String, at position: Int) -> Int {
            index.section(forSectionIndexTitleAt: position) ?? 0
        }
    }

    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    @Test("the page's index bar and its JSON twin follow the controller's mapping and labels; kana of both kinds share a row")
    func customIndexBar() async throws {
        var server = TableStackServer(root: try Prefectures(), title: "Japan")
        server.templatesFolder = Self.repository.appendingPathComponent("Templates").path
        server.publicFolder = Self.repository.appendingPathComponent("Public").path
        let app = Application(router: try server.makeServer().router())
        try await app.test(.router) { client in
            let html = String(buffer: try await client.execute(uri: "/", method: .get).body)
            let links = html.matches(of: /<a class="section-index__title" href="#section-(\d+)"(?: aria-label="([^"]*)")?(?: lang="ja" xml:lang="ja")?>([^<]*)<\/a>/)
                .map { (Int($0.1) ?? -1, $0.2.map(String.init), String($0.3)) }
            // あ=0, か=1, さ=2, た=3, な=4, は=5, ま=6, や=7, ら=8, わ=9, #=10.
            #expect(links.map(\.0) == [0, 3, 3, 5, 10], "・ leads where た above it does")
            #expect(links.map(\.1) == ["あ行からさ行", nil, "中略", "は行からわ行", "その他"])
            #expect(links.map(\.2) == ["あ〜さ", "た", "・", "は〜わ", "#"])
            #expect(html.contains(##"href="#section-10" aria-label="その他" lang="ja" xml:lang="ja">#</a>"##), "the collation's label, marked Japanese")
            let section0 = try #require(html.firstMatch(of: /<section[^>]*id="section-0"[\s\S]*?<\/section>/)).0
            #expect(section0.contains("アオモリ") && section0.contains("いわて") && section0.contains("おおさか"))
            let section1 = try #require(html.firstMatch(of: /<section[^>]*id="section-1"[\s\S]*?<\/section>/)).0
            #expect(section1.contains("カナガワ") && section1.contains("きょうと"))

            let json = try await client.execute(uri: "/", method: .get, headers: [.accept: "application/json"])
            let twin = try #require(try JSONSerialization.jsonObject(with: Data(String(buffer: json.body).utf8)) as? [String: Any])
            let index = try #require(twin["sectionIndex"] as? [[String: Any]])
            #expect(index.map { $0["section"] as? Int } == [0, 3, 3, 5, 10])
            #expect(index.map { $0["accessibilityLabel"] as? String } == links.map(\.1))
        }
    }
}
