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

    @Test("the text form is section.row and parses back")
    func textFormRoundTrips() {
        let path = IndexPath(row: 12, section: 3)
        #expect(path.textForm == "3.12")
        #expect(path.section == 3 && path.row == 12)
        #expect(IndexPath("3.12") == path)
    }

    @Test("malformed text forms are refused, not guessed", arguments: ["", "1", "1.", ".1", "1.2.3", "-1.0", "1.-2", "a.b", " 1.2", "1.2 ", "+1.2", "1234567890.0", "１.２"])
    func refusesMalformedText(_ text: String) {
        #expect(IndexPath(text) == nil)
    }
}
