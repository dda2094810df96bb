import TableKit

/// How a Move up or Move down names the neighbour it passes (`MoveNeighbour`): the fields its
/// button puts in its `formaction`'s query, read back from the post by the server. `past=KEY`
/// names the row passed; `end-beside=KEY` a section's end, KEY the row on the moved row's
/// other side; `alone-in=TITLE` a row alone in the section with that header title, and
/// `end-beside=` (empty) one alone in a section without a title.
public enum MoveNeighbourFields {
    /// The fields' names: the only ones a post takes from its URL's query.
    public static let names = ["past", "end-beside", "alone-in"]

    /// The fields naming `neighbour`.
    public static func fields(for neighbour: MoveNeighbour) -> [(String, String)] {
        switch neighbour {
        case let .row(key): [("past", key)]
        case let .sectionEnd(otherSide): [("end-beside", otherSide)]
        case let .alone(title?): [("alone-in", title)]
        case .alone(nil): [("end-beside", "")]
        }
    }

    /// Why a post's fields name no neighbour that can be read.
    public struct Malformed: Error, Sendable {
        public let reason: String
    }

    /// The neighbour a post's fields (`field`, by name) name; `nil` when they name none.
    public static func neighbour(in field: (String) -> String?) throws(Malformed) -> MoveNeighbour? {
        let given = names.compactMap { name in field(name).map { (name, $0) } }
        guard let (name, value) = given.first else { return nil }
        guard given.count == 1 else {
            throw Malformed(reason: "the form names more than one of the row the move passes (\"past\"), a section's end (\"end-beside\") "
                + "and the section a row is alone in (\"alone-in\"); send one")
        }
        switch name {
        case "past":
            guard !value.isEmpty else { throw Malformed(reason: "the field \"past\" is empty; it names the row the move passes") }
            return .row(key: value)
        case "end-beside": return value.isEmpty ? .alone(section: nil) : .sectionEnd(otherSide: value)
        default: return .alone(section: value)
        }
    }
}
