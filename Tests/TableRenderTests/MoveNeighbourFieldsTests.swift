import Foundation
import TableKit
import Testing
import TableRender

/// A Move up or Move down names its neighbour in its button's query, and the server reads it back.
@Suite("The fields naming a move's neighbour")
struct MoveNeighbourFieldsTests {
    /// The fields of `url`'s query, decoded as a form's are.
    static func fields(of url: String) -> [String: String] {
        let query = url.split(separator: "?", maxSplits: 1).last.map(String.init) ?? ""
        var fields: [String: String] = [:]
        for part in query.split(separator: "&") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            fields[Substring(pair[0]).removingPercentEncodingStrictly(plusIsSpace: true) ?? ""] =
                Substring(pair.count > 1 ? pair[1] : "").removingPercentEncodingStrictly(plusIsSpace: true)
        }
        return fields
    }

    @Test("each neighbour comes back from the button's address as it went in, a title with the query's own characters too",
          arguments: [MoveNeighbour.row(key: "milk"), .sectionEnd(otherSide: "eggs"), .alone(section: nil),
                      .alone(section: "Bags & boxes + 1=2 ü ?#"), .alone(section: "")])
    func roundTrip(_ neighbour: MoveNeighbour) throws {
        let url = URLBuilder().action(.moveDown, on: ["packing"], query: MoveNeighbourFields.fields(for: neighbour))
        let fields = Self.fields(of: url)
        #expect(try MoveNeighbourFields.neighbour { fields[$0] } == neighbour, "\(url)")
    }

    @Test("fields naming two neighbours, or an empty row, are refused saying why")
    func refused() throws {
        for fields in [["past": "milk", "alone-in": "Bags"], ["end-beside": "eggs", "alone-in": "Bags"], ["past": ""]] {
            #expect(throws: MoveNeighbourFields.Malformed.self) { try MoveNeighbourFields.neighbour { fields[$0] } }
        }
        #expect(try MoveNeighbourFields.neighbour { _ in nil } == nil, "a script's post names none")
    }
}
