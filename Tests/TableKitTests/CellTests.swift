import Testing
import TableKit
import Foundation

@Suite("Cells and accessories")
struct CellTests {
    @Test("a copied cell changes apart from the original; equality, hashing and coding see the fields")
    func copiesChangeApart() throws {
        let original = Cell(key: "k", text: "Title", detailText: "Detail", accessory: .checkmark, backgroundHint: "alternate")
        var copy = original
        #expect(copy == original)
        copy.text = "Other"
        copy.accessory = .none
        #expect(original.text == "Title" && original.accessory == .checkmark)
        #expect(copy.text == "Other" && copy.accessory == .none && copy.detailText == "Detail" && copy.backgroundHint == "alternate")
        #expect(copy != original)
        copy.text = "Title"
        copy.accessory = .checkmark
        // Equal fields in two boxes are equal cells, with equal hashes.
        #expect(copy == original && copy.hashValue == original.hashValue)
        #expect(Set([copy, original]).count == 1)

        let encoded = try JSONEncoder().encode(original)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: Any])
        #expect(object["key"] as? String == "k" && object["text"] as? String == "Title" && object["detailText"] as? String == "Detail")
        #expect(try JSONDecoder().decode(Cell.self, from: encoded) == original)
    }

    @Test("the accessible name joins the visible texts with commas, as VoiceOver reads a row")
    func accessibleNameJoinsTexts() {
        let cell = Cell(key: "aapl", text: "Apple Inc., $648.11", detailText: "up 1.85%", style: .value1)
        #expect(cell.accessibleName == "Apple Inc., $648.11, up 1.85%")
        #expect(Cell(key: "k", text: "Title", detailText: "").accessibleName == "Title")
        #expect(Cell(key: "k", text: "Title").accessibleName == "Title")
        #expect(Cell(key: "k", text: "", detailText: "Detail").accessibleName == "Detail")
        #expect(Cell(key: "k", text: "").accessibleName == "")
        #expect(Cell(key: "k", text: "Title", detailText: "Detail", accessibilityLabel: "").accessibleName == "Title, Detail")
    }

    @Test("an explicit accessibility label replaces the joined texts")
    func explicitLabelWins() {
        let cell = Cell(key: "k", text: "AAPL", detailText: "+1.85%", accessibilityLabel: "Apple, up 1.85 percent")
        #expect(cell.accessibleName == "Apple, up 1.85 percent")
    }

    @Test("only the default and subtitle styles allow an image")
    func imageAllowedByStyle() {
        #expect(CellStyle.allCases.filter(\.allowsImage) == [.default, .subtitle])
    }

    @Test("an image in a value1 or value2 cell is a clear diagnostic naming the row", arguments: [CellStyle.value1, .value2])
    func imageInValueStyleIsDiagnosed(_ style: CellStyle) {
        let cell = Cell(key: "k", text: "Name", image: CellImage(source: "icon.png"), style: style)
        let problems = cell.problems(at: IndexPath(2, 5))
        #expect(problems == [.imageNotAllowed(style: style, at: IndexPath(2, 5))])
        #expect(problems[0].description == "row 2.5: the \(style.rawValue) cell style has no place for an image (only default and subtitle do)")
    }

    @Test("an image in a default or subtitle cell is fine", arguments: [CellStyle.default, .subtitle])
    func imageInImageStyleIsFine(_ style: CellStyle) {
        let cell = Cell(key: "k", text: "Name", image: CellImage(source: "icon.png"), style: style)
        #expect(cell.problems(at: IndexPath(0, 0)).isEmpty)
    }

    @Test("indentation levels outside 0...10 and empty keys are diagnosed")
    func indentationAndKeyDiagnosed() {
        #expect(Cell(key: "k", text: "t", indentationLevel: -1).problems(at: IndexPath(0, 0)) == [.invalidIndentationLevel(-1, at: IndexPath(0, 0))])
        #expect(Cell(key: "k", text: "t", indentationLevel: 11).problems(at: IndexPath(0, 0)).count == 1)
        #expect(Cell(key: "k", text: "t", indentationLevel: 10).problems(at: IndexPath(0, 0)).isEmpty)
        #expect(Cell(key: "", text: "t").problems(at: IndexPath(0, 1)) == [.emptyItemKey(at: IndexPath(0, 1))])
    }

    @Test("accessory kinds carry the markup contract's names")
    func accessoryKindNames() throws {
        let slider = try Slider(minimum: 0, maximum: 10, value: 7.5)
        let names = [Accessory.none, .disclosureIndicator, .detailDisclosureButton, .checkmark,
                     .toggle(isOn: true), .slider(slider), .custom(TemplateView(name: "stepper"))].map(\.kind.rawValue)
        #expect(names == ["none", "disclosure-indicator", "detail-disclosure-button", "checkmark", "switch", "slider", "custom"])
        #expect(Accessory.toggle(isOn: false).isControl && Accessory.slider(slider).isControl)
        #expect(!Accessory.checkmark.isControl)
    }

    @Test("a slider keeps its value inside its range and refuses values outside it")
    func sliderRange() throws {
        let slider = try Slider(minimum: 0, maximum: 10, value: 7.5)
        #expect(try slider.setting(10).value == 10)
        #expect(throws: TableKitError.sliderValueOutOfRange(value: 10.5, minimum: 0, maximum: 10)) { try slider.setting(10.5) }
        #expect(TableKitError.sliderValueOutOfRange(value: 11, minimum: 0, maximum: 10.5).description == "slider value 11 is outside its range, 0 to 10.5")
        #expect(throws: TableKitError.invalidSliderRange(minimum: 5, maximum: 5)) { try Slider(minimum: 5, maximum: 5, value: 5) }
        #expect(throws: TableKitError.self) { try Slider(minimum: 0, maximum: .infinity, value: 1) }
        #expect(throws: TableKitError.self) { try slider.setting(.nan) }
    }
}
