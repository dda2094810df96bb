import Testing
import TableKit
import Foundation

@Suite("Index paths")
struct IndexPathTests {
    @Test("index paths order section first, then row, as a table lists them")
    func ordersSectionThenRow() {
        let paths = [IndexPath(1, 0), IndexPath(0, 2), IndexPath(0, 10), IndexPath(1, 3)]
        #expect(paths.sorted() == [IndexPath(0, 2), IndexPath(0, 10), IndexPath(1, 0), IndexPath(1, 3)])
    }

    @Test("an index path of a row in a section is the one of its two indexes, section first")
    func madeFromTwo() {
        for (section, row) in [(0, 0), (3, 17), (0, Int.max), (Int.max, 2), (-1, 5)] {
            let path = IndexPath(row: row, section: section)
            #expect(path == IndexPath(indexes: [section, row]) && path.hashValue == IndexPath(indexes: [section, row]).hashValue)
            #expect(path == IndexPath(section, row) && path.count == 2 && path.section == section && path.row == row)
        }
    }

    @Test("the text form is section.row and parses back")
    func textFormRoundTrips() {
        let path = IndexPath(row: 12, section: 3)
        #expect(path.textForm == "3.12")
        #expect(path.section == 3 && path.row == 12)
        #expect(IndexPath("3.12") == path)
        #expect(IndexPath("0.0") == IndexPath(0, 0) && IndexPath("10.0") == IndexPath(10, 0))
    }

    @Test("the text form is what interpolation writes, at every number of digits and for negative indexes")
    func textFormDigits() {
        let numbers = [0, 1, 9, 10, 99, 100, 12_345, 999_999_999, 1_000_000_000, Int.max, -1, Int.min]
        for section in numbers {
            for row in numbers {
                #expect(IndexPath(section, row).textForm == "\(section).\(row)")
            }
        }
        #expect(IndexPath().textForm == "0.0" && IndexPath(index: 4).textForm == "4.0")
    }

    @Test("malformed text forms are refused, not guessed", arguments: ["", "1", "1.", ".1", "1.2.3", "-1.0", "1.-2", "a.b", " 1.2", "1.2 ", "+1.2", "1234567890.0", "１.２", "0.01", "00.1"])
    func refusesMalformedText(_ text: String) {
        #expect(IndexPath(text) == nil)
    }
}

@Suite("Decimal numbers as typed")
struct DecimalNumberTests {
    @Test("decimals parse, with an exponent as HTML's number box takes them", arguments: [
        ("3", 3.0), ("-2.5", -2.5), (" 7.25 ", 7.25), ("0", 0.0), ("0012", 12.0), (".5", 0.5), ("1e2", 100.0), ("7.4e0", 7.4),
        ("2.5E-3", 0.0025), ("-1e+1", -10.0), (String(repeating: "0", count: 34) + "5", 5.0), ("0.000000000000000000000000000001", 1e-30),
    ])
    func parses(text: String, value: Double) {
        #expect(DecimalNumber.parse(text) == value)
    }

    @Test("everything else Double(_:) would take is refused", arguments: [
        "0x10", "+5", "inf", "nan", "", "-", ".", "5.", "1.2.3", "1,5", "١", "e5", "1e", "1e+", "1.e5", "1e1.5", "1e99999", "1e400",
        "--1", "1-",
    ])
    func refuses(text: String) {
        #expect(DecimalNumber.parse(text) == nil)
    }

    @Test("what keeps a number from being stored as written, in words; nothing for one kept or for no number", arguments: [
        ("0.1", nil), (" 7 ", nil), ("inf", nil), ("0x10", nil), ("1,5", nil), ("1e400", "is too large to keep"),
        ("1e-400", "is too close to zero to keep: it would be stored as 0"),
        ("1.00000000000000000001", "has more digits than a number here keeps: it would be stored as 1"),
    ] as [(String, String?)])
    func refusal(text: String, words: String?) {
        #expect(DecimalNumber.refusal(of: text) == words)
        // The one reading behind it: a refusal, a value as `parse` gives it, or no number.
        #expect(DecimalNumber.read(text) == words.map { .refused($0) } ?? DecimalNumber.parse(text).map { .value($0) } ?? .notANumber)
    }

    @Test("a number keeps every digit typed when a page shows it back as the same number", arguments: [
        ("0.1", true), ("1.50", true), ("100", true), ("1e2", true), ("-0", true), ("000.0250", true), ("2.5e-2", true),
        ("0.30000000000000004", true), ("1152921504606846976", true), ("0.0000001", true), ("1e-40", true), ("12345678901234567", false),
        ("0.123456789012345678901234567890", false), ("1152921504606846977", false), ("0.30000000000000001", false),
        ("123456789012345678901234", false), ("1.00000000000000000001e-40", false), (String(repeating: "9", count: 31), false),
        ("1." + String(repeating: "1", count: 30), false), ("1" + String(repeating: "0", count: 40), true),
    ])
    func keepsEveryDigit(text: String, kept: Bool) throws {
        let value = try #require(DecimalNumber.parse(text))
        #expect(DecimalNumber.keepsEveryDigit(of: text, in: value) == kept, "\(text) shown as \(NumberWords.plain(value))")
    }
}

@Suite("Numbers as pages show them")
struct PlainNumberTests {
    @Test("without a spurious .0, and without an exponent within 30 places of the point", arguments: [
        (10.0, "10"), (7.5, "7.5"), (-0.0, "0"), (1e-7, "0.0000001"), (1.5e-7, "0.00000015"), (-2.5e16, "-25000000000000000"),
        (1e20, "100000000000000000000"), (123456.789, "123456.789"), (1e-40, "1e-40"), (1e300, "1e+300"), (0.1 + 0.2, "0.30000000000000004"),
        (1e15, "1000000000000000"), (5e15, "5000000000000000"), (1e29, "100000000000000000000000000000"), (1e30, "1e+30"),
        (1e-30, "0.000000000000000000000000000001"),
    ])
    func shown(value: Double, text: String) {
        #expect(NumberWords.plain(value) == text)
        // What a page shows, a form takes back as the same number.
        #expect(DecimalNumber.parse(text) == value, "\(text)")
        #expect(DecimalNumber.keepsEveryDigit(of: text, in: value), "\(text)")
    }
}
