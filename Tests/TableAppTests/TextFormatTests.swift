import Testing
import Foundation
import TableApp
import TableStore

@Suite("Text formats: attributes in text, numbers in the locale's grouping")
struct TextFormatTests {
    @Test("{attribute, number} groups digits as the locale does; other attributes print as they are")
    func numbers() throws {
        let english = try TextFormat("population {population, number} · {population}", locale: Locale(identifier: "en"))
        #expect(english.render(["population": .number(5_024_279)]) == "population 5,024,279 · 5024279")
        #expect(english.attributes == ["population", "population"])
        let german = try TextFormat("{length, number} km", locale: Locale(identifier: "de"))
        #expect(german.render(["length": .number(1234.5)]) == "1.234,5 km")
        // A value that rounds to zero shows as 0, without a minus sign.
        #expect(german.render(["length": .number(-0.0)]) == "0 km" && german.render(["length": .number(-0.004)]) == "0 km")
        #expect(german.render(["length": .number(-0.02)]) == "-0,02 km")
        // Not a number: shown as it is.
        #expect(english.render(["population": .string("unknown")]) == "population unknown · unknown")
    }

    @Test("a format of one part renders as the same format with an empty placeholder after it does")
    func onePart() throws {
        let attributes: [String: AttributeValue] = ["name": .string("Ada"), "n": .number(1234), "m": .number(7)]
        for format in ["{name}", "{n, number}", "{m}", "{missing}", "plain", "{{name}}"] {
            // "{absent}" renders as nothing, and makes a format of more than one part.
            #expect(try TextFormat(format).render(attributes) == TextFormat(format + "{absent}").render(attributes), "\(format)")
        }
        #expect(try TextFormat("{n, number}").render(attributes) == "1,234")
        #expect(try TextFormat("").render(attributes) == "")
    }

    @Test("an unknown style is refused with its column")
    func unknownStyle() {
        #expect(throws: TextFormat.FormatError.self) { try TextFormat("a {x, currency}") }
        do {
            _ = try TextFormat("a {x, currency}")
        } catch {
            #expect(error.column == 2 && error.message == "unknown style \"currency\" for {x} (expected number)")
        }
    }
}
