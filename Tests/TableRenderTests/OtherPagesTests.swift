import Testing
import TableRender

@Suite("Sheets and error pages")
struct OtherPagesTests {
    let renderer = PageRenderer(templates: Fixtures.templates)

    @Test("error pages say what went wrong and link back up", arguments: [
        (400, "Bad Request"), (403, "Forbidden"), (404, "Not Found"), (409, "Conflict"),
        (413, "Content Too Large"), (422, "Unprocessable Content"), (500, "Internal Server Error"),
    ])
    func errorPages(status: Int, reason: String) throws {
        let context = ErrorContext(status: status, reason: reason, message: "Row 0.9 does not exist <here>.",
                                   details: ErrorDetailsContext(items: ["first detail"]),
                                   up: LinkContext(href: "/states/", title: "States"))
        let html = renderer.render(error: context, assets: "/")
        #expect(PageValidator.shared.validate(html, page: "error-\(status)").isEmpty)
        let root = try #require(LibXML.parse(html, file: "error").root)
        #expect(root.all(named: "h1").first?.normalizedText == reason)
        #expect(root.normalizedText.contains("Row 0.9 does not exist <here>."))
        #expect(root.normalizedText.contains("first detail"))
        #expect(root.all { $0.attributes["rel"] == "up" }.allSatisfy { $0.attributes["href"] == "/states/" })
        #expect(root.all { $0.attributes["rel"] == "up" }.count == 2)
    }

    @Test("a sheet keeps what the user typed and shows each message beside its field")
    func sheetWithErrors() throws {
        let fields = [
            FieldContext(name: "name", label: "Name", kind: .text, value: "<typed>", isRequired: true, error: "Name cannot be empty."),
            FieldContext(name: "population", label: "Population", kind: .number, value: "12", minimum: "0", maximum: "100000000"),
            FieldContext(name: "sound", label: "Sound Effects", kind: .toggle, isOn: true),
            FieldContext(name: "volume", label: "Volume", kind: .slider, value: "7.5", minimum: "0", maximum: "10"),
            FieldContext(name: "category", label: "Category", kind: .choice, options: [
                OptionContext(value: "work", title: "Work", isSelected: false), OptionContext(value: "home", title: "Home", isSelected: true),
            ]),
        ]
        let sheet = SheetContext(title: "Add Item", sectionTitle: nil, action: "/list/_/add", csrf: "t", revision: "3",
                                 cancelHref: "/list/", saveTitle: "Save", errorSummary: "Please correct the field below.",
                                 hiddenFields: [HiddenFieldContext(name: "after", value: "x")], fields: fields)
        let bar = NavigationBarContext(title: "Add Item", cancel: LinkContext(href: "/list/", title: "Cancel"),
                                       save: SaveButtonContext(title: "Save", form: "sheet-form"))
        let html = renderer.render(sheet: sheet, documentTitle: "Add Item", assets: "/", navigationBar: bar)
        #expect(PageValidator.shared.validate(html, page: "sheet").map(\.description) == [])
        let root = try #require(LibXML.parse(html, file: "sheet").root)
        let name = try #require(root.first { $0.attributes["id"] == "field-name" })
        #expect(name.attributes["value"] == "<typed>" && name.attributes["aria-invalid"] == "true")
        #expect(root.first { $0.attributes["id"] == "field-name-error" }?.normalizedText == "Name cannot be empty.")
        #expect(root.first { $0.attributes["id"] == "field-sound" }?.attributes["checked"] == "checked")
        #expect(root.first { $0.name == "option" && $0.attributes["selected"] == "selected" }?.attributes["value"] == "home")
        #expect(root.all(named: "label").count == 5, "every control has a label")
        #expect(root.first { $0.name == "button" && $0.attributes["form"] == "sheet-form" }?.normalizedText == "Save")
    }
}
